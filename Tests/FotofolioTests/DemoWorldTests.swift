import Foundation
import Testing
@testable import Fotofolio
@testable import FotofolioDemo
import FotofolioSQLite
import GRDB

@Suite struct DemoWorldTests {
    @Test(.enabled(if: TestStore.kind == .sqlite, "the demo seeder writes SQLite rows"))
    func seedingCreatesThePrototypesPeopleWithTheirPassword() throws {
        let world = try TestDatabase()
        let created = try DemoWorld(database: world.database, hasher: PasswordHasher(parameters: .fastForTests)).seed()
        #expect(created == DemoWorld.people.count)
        let vojta = try world.accounts.logIn("vojtafoti", password: "heslovo", from: "::1")
        #expect(vojta.fullName == "Vojta Votruba")
        #expect(vojta.location == "Praha")
        #expect(vojta.role == .creator)
    }

    @Test(.enabled(if: TestStore.kind == .sqlite, "the demo seeder writes SQLite rows"))
    func theDemoHasOneOperatorAndAccountsOldEnoughToWriteFreely() throws {
        let world = try TestDatabase()
        try DemoWorld(database: world.database, hasher: PasswordHasher(parameters: .fastForTests)).seed()
        let moderation = Moderation(stores: world.stores)
        for person in DemoWorld.people {
            let user = try #require(try world.accounts.user(username: person.username))
            #expect(try moderation.isOperator(user.id!) == (person.username == "spravce"))
            #expect(!SpamLimits.standard.isNew(createdAt: user.createdAt, at: Date()))
        }
    }

    @Test func theDemoWorldHasCreatorsInSeveralTownsAndSomeClients() {
        let creators = DemoWorld.people.filter { $0.role == .creator }
        #expect(Set(creators.map(\.location)).isSuperset(of: ["Praha", "Brno", "Plzeň", "Olomouc", "Velvary"]))
        #expect(DemoWorld.people.contains { $0.role == .client })
        #expect(DemoWorld.people.map(\.username).contains("ad.fotograf"))
        #expect(DemoWorld.people.map(\.username).contains("michal1"))
    }

    @Test(.enabled(if: TestStore.kind == .sqlite, "the demo seeder writes SQLite rows"))
    func seedingTwiceDoesNothingTheSecondTime() throws {
        let world = try TestDatabase()
        let demo = DemoWorld(database: world.database, hasher: PasswordHasher(parameters: .fastForTests))
        try demo.seed()
        #expect(try demo.seed() == 0)
        #expect(try world.database.pool.read { db in try User.fetchCount(db) } == DemoWorld.people.count)
    }

    @Test func everyDemoUsernameFollowsTheRegistrationRules() {
        for person in DemoWorld.people { #expect(RegistrationRules.isValidUsername(person.username), "\(person.username)") }
    }
}

/// The demo world's people with every demo portfolio, seeded once per test process (its
/// photos take half a minute of a core to process); each test works on a copy.
enum SeededDemoPortfolios {
    struct Seeded: Sendable {
        let folder: String
        /// What `DemoPortfolios.seed` and `seedAddedLater` said they created.
        let created: Int
        let createdLater: Int
    }

    private static let folder = NSTemporaryDirectory() + "fotofolio-demo-portfolios-" + UUID().uuidString

    static let seeded = Result<Seeded, any Error> {
        atexit { try? FileManager.default.removeItem(atPath: SeededDemoPortfolios.folder) }
        let database = try AppDatabase(directory: folder + "/seeding")
        try DemoWorld(database: database, hasher: PasswordHasher(parameters: .fastForTests)).seed()
        let library = PhotoLibrary(stores: .sqlite(database), mediaDirectory: folder + "/media")
        let demo = DemoPortfolios(database: database, photos: library, photosDirectory: DemoPhotos.directory)
        let (created, createdLater) = (try demo.seed(), try demo.seedAddedLater())
        // Whole, without its WAL: what `TestDatabase(copying:)` copies.
        try database.pool.writeWithoutTransaction { db in
            try db.execute(sql: "VACUUM INTO ?", arguments: [folder + "/fotofolio.sqlite"])
        }
        return Seeded(folder: folder, created: created, createdLater: createdLater)
    }

    /// A database of its own with the demo people and portfolios, and their photos' files.
    static func world() throws -> TestDatabase {
        try TestDatabase(copying: try seeded.get().folder)
    }
}

@Suite struct DemoPortfoliosTests {
    @Test(.enabled(if: TestStore.kind == .sqlite, "the demo seeders write SQLite rows"))
    func demoCreatorsGetPortfoliosWithCreditedPhotosOnceOnly() throws {
        let seeded = try SeededDemoPortfolios.seeded.get()
        #expect(seeded.created == DemoPortfolios.plans.count)
        #expect(seeded.createdLater == DemoPortfolios.addedLater.count)
        let world = try SeededDemoPortfolios.world()
        let library = PhotoLibrary(stores: world.stores, mediaDirectory: world.directory + "/media")
        let demo = DemoPortfolios(database: world.database, photos: library, photosDirectory: DemoPhotos.directory)
        #expect(try demo.seed() == 0 && demo.seedAddedLater() == 0)
        let vojta = try world.accounts.user(username: "vojtafoti")!
        let portfolios = try world.portfolios.portfolios(ownedBy: vojta.id!)
        #expect(portfolios.map(\.portfolio.name) == ["Svatby", "Oslavy", "Páry"])
        let photos = portfolios.flatMap(\.photos).map(\.photo)
        #expect(photos.allSatisfy { $0.credit != nil && $0.licence != nil && $0.licenceURL?.hasPrefix("https://") == true })
    }

    @Test func everyPlannedPhotoIsInTheProjectWithACredit() throws {
        let credits = DemoCredits.read(from: try String(contentsOfFile: DemoPhotos.path("CREDITS.md"), encoding: .utf8))
        for plan in DemoPortfolios.plans + DemoPortfolios.addedLater {
            #expect(TagParsing.problem(with: TagParsing.tags(in: plan.tags)) == nil)
            for (file, alt) in plan.photos {
                #expect(FileManager.default.fileExists(atPath: DemoPhotos.path(file)), "\(file)")
                #expect(credits[file] != nil, "\(file)")
                #expect(!alt.isEmpty)
            }
        }
        #expect(credits["landscape-autumn-mountain-meadow.jpg"] == PhotoCredit(
            author: "Aitzol Berasategi", licence: "CC BY 4.0", licenceURL: "https://creativecommons.org/licenses/by/4.0/"))
    }
}
