import Fotofolio
import FotofolioSQLite
import Foundation
import GRDB

/// The Czech demo world: the people of the original prototype and a few more, so a fresh
/// installation has someone to find and talk to. Every demo account's password is
/// `heslovo`, as in the prototype; it is shorter than registration allows, which is why
/// demo accounts are created here and not through `AccountsService.register`.
public struct DemoWorld: Sendable {
    public static let password = "heslovo"

    struct Person {
        let username: String
        let fullName: String
        let location: String
        let role: User.Role
        var bio: String? = nil
        var years: Int? = nil
        var hourlyRate: Int? = nil
        /// Has the moderation desk (`fotofolio operator grant` on a real site).
        var isOperator = false
    }

    static let people: [Person] = [
        Person(username: "vojtafoti", fullName: "Vojta Votruba", location: "Praha", role: .creator,
               bio: "Fotím svatby a páry. Nejradši mám přirozené světlo a chvíle, kdy si lidé přestanou všímat foťáku.",
               years: 8, hourlyRate: 1500),
        Person(username: "ad.fotograf", fullName: "Adéla Dvořáková", location: "Brno", role: .creator,
               bio: "Portréty, rodinné focení a produkty pro malé značky. Studio v centru Brna.", years: 5, hourlyRate: 1200),
        Person(username: "michal1", fullName: "Michal Novotný", location: "Plzeň", role: .creator,
               bio: "Krajina, architektura a noční obloha. Za dobrým světlem vstávám ve čtyři.", years: 12),
        Person(username: "velvary.foto", fullName: "Petr Kučera", location: "Velvary", role: .creator,
               bio: "Fotograf z Velvar: akce, koncerty a všechno, co se hýbe.", years: 3, hourlyRate: 900),
        Person(username: "lenka.svetlo", fullName: "Lenka Horáková", location: "Praha", role: .creator,
               bio: "Jídlo a kavárny. Fotím pro menu, weby i sociální sítě.", years: 6, hourlyRate: 1100),
        Person(username: "tomas.priroda", fullName: "Tomáš Marek", location: "Olomouc", role: .creator,
               bio: "Zvířata a příroda: od ptáků na krmítku po safari.", years: 10),
        Person(username: "jana.k", fullName: "Jana Králová", location: "Brno", role: .client),
        Person(username: "martin.b", fullName: "Martin Beneš", location: "Praha", role: .client),
        Person(username: "eva.s", fullName: "Eva Svobodová", location: "Olomouc", role: .client),
        Person(username: "spravce", fullName: "Správce Fotofolia", location: "Jihlava", role: .client, isOperator: true),
    ]

    let database: AppDatabase
    let hasher: PasswordHasher

    public init(database: AppDatabase, hasher: PasswordHasher = PasswordHasher()) {
        self.database = database
        self.hasher = hasher
    }

    /// How long ago the demo accounts were made: a year.
    static let accountAge: TimeInterval = 365 * 86_400

    /// Creates whatever part of the demo world is missing; returns how many accounts it
    /// created (0 the second time).
    @discardableResult
    public func seed(at date: Date = Date()) throws -> Int {
        let existing = try database.pool.read { db in Set(try String.fetchAll(db, sql: "SELECT username FROM user")) }
        let missing = Self.people.filter { !existing.contains($0.username) }
        guard !missing.isEmpty else { return 0 }
        // One hash for all: the password is the same and hashing takes tens of milliseconds.
        let hash = try hasher.hash(Self.password)
        try database.write { db in
            for person in missing {
                var user = User(
                    id: nil, username: person.username, fullName: person.fullName,
                    email: "\(person.username)@demo.fotofolio.cz", emailConfirmedAt: date, location: person.location,
                    role: person.role, bio: person.bio, yearsOfExperience: person.years, hourlyRate: person.hourlyRate,
                    priceByAgreement: person.role == .creator && person.hourlyRate == nil, passwordHash: hash,
                    // Their conversations go back months: the accounts are no newer (SpamLimits).
                    createdAt: date.addingTimeInterval(-Self.accountAge))
                try user.insert(db)
                if person.isOperator {
                    try db.execute(sql: "INSERT INTO operator (userId, grantedAt) VALUES (?, ?)", arguments: [user.id, date])
                }
            }
        }
        return missing.count
    }
}
