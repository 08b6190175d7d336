import Foundation
@testable import FotofolioPostgres
import GRDB
import Postgres
import PostgresCluster
import SQLiteTemplate
import Synchronization
@testable import Fotofolio
@testable import FotofolioDemo
@testable import FotofolioSQLite

/// The store the contract tests run on, chosen by `FOTOFOLIO_TEST_STORE`: `sqlite` (the
/// default) or `postgres`.
enum TestStore {
    enum Kind: String { case sqlite, postgres }

    static let kind: Kind = {
        let name = ProcessInfo.processInfo.environment["FOTOFOLIO_TEST_STORE"] ?? "sqlite"
        guard let kind = Kind(rawValue: name) else { fatalError("FOTOFOLIO_TEST_STORE is sqlite or postgres, not \(name)") }
        return kind
    }()
}

/// Fresh, empty stores of the kind under test: a SQLite database in a temporary folder, or
/// a new database on the tests' PostgreSQL cluster. The folder (for media files) is made
/// either way and removed when the test ends.
final class TestDatabase {
    let directory = NSTemporaryDirectory() + "fotofolio-accounts-" + UUID().uuidString
    let stores: Stores
    private let sqlite: AppDatabase?
    private let postgresURL: String?
    /// The PostgreSQL pool the stores use; nil on SQLite.
    let postgres: PostgresPool?
    private let pools = Mutex<[PostgresPool]>([])

    init() throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        switch TestStore.kind {
        case .sqlite:
            let database = try MigratedSQLite.open(directory: directory)
            (sqlite, postgresURL, postgres, stores) = (database, nil, nil, .sqlite(database))
        case .postgres:
            let url = try TemporaryPostgres.shared.newMigratedDatabase()
            let pool = try PostgresPool(url: url, size: 4)
            pools.withLock { $0.append(pool) }
            (sqlite, postgresURL, postgres, stores) = (nil, url, pool, .postgres(pool))
        }
    }

    /// A SQLite database of its own that starts as a copy of the one in `folder`, with its media.
    init(copying folder: String) throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: folder + "/fotofolio.sqlite", toPath: directory + "/fotofolio.sqlite")
        try FileManager.default.copyItem(atPath: folder + "/media", toPath: directory + "/media")
        let database = try AppDatabase(directory: directory)
        (sqlite, postgresURL, postgres, stores) = (database, nil, nil, .sqlite(database))
    }

    deinit {
        pools.withLock { $0.forEach { $0.close() } }
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// The SQLite database itself, for the tests of SQLite's own tables (enabled only there).
    var database: AppDatabase {
        guard let sqlite else { fatalError("a SQLite-only test ran on \(TestStore.kind)") }
        return sqlite
    }

    /// The same data opened anew, as a restarted server or another node opens it; on
    /// PostgreSQL another node claims outbox rows under a `publisher` name of its own.
    func reopened(publisher: String = Stores.processPublisherName) throws -> Stores {
        if let postgresURL {
            let pool = try PostgresPool(url: postgresURL, size: 4)
            pools.withLock { $0.append(pool) }
            return .postgres(pool, publisher: publisher)
        }
        return .sqlite(try AppDatabase(directory: directory))
    }

    /// How many rows a table holds, by its SQLite name (`chatRoom` is `chat_room` on PostgreSQL).
    func rowCount(_ table: String) throws -> Int {
        if let sqlite {
            return try sqlite.pool.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(table)") ?? 0 }
        }
        return try postgres!.withConnection { connection in
            try connection.query("SELECT count(*) FROM \(SQLiteToPostgres.snakeCase(table))")[0].decode(0, as: Int.self)
        }
    }

    var accounts: AccountsService { AccountsService(stores: stores, hasher: PasswordHasher(parameters: .fastForTests)) }
    var sessions: SessionStore { SessionStore(stores: stores) }

    /// The demo world's people, stored through the accounts store (as `DemoWorld.seed` stores
    /// them in SQLite), so searches have someone to find on either store.
    func demoPeople(at date: Date = Date()) throws {
        for person in DemoWorld.people {
            let user = User(
                username: person.username, fullName: person.fullName, email: "\(person.username)@demo.fotofolio.cz",
                emailConfirmedAt: date, location: person.location, role: person.role, bio: person.bio,
                yearsOfExperience: person.years, hourlyRate: person.hourlyRate,
                priceByAgreement: person.role == .creator && person.hourlyRate == nil, passwordHash: "x", createdAt: date)
            _ = try stores.accounts.insert(user, registeredFrom: nil, throttle: RegistrationThrottle(limit: 1), at: date)
        }
    }
}

extension Registration {
    static func creator(_ username: String = "vojtafoti", email: String = "vojta@example.cz") -> Registration {
        var registration = Registration()
        registration.role = .creator
        registration.username = username
        registration.fullName = "Vojta Votruba"
        registration.email = email
        registration.location = "Praha"
        registration.password = "dlouhe-heslo-123"
        registration.passwordConfirmation = "dlouhe-heslo-123"
        registration.bio = "Svatby a portréty."
        registration.yearsOfExperience = "7"
        registration.hourlyRate = "1 200"
        return registration
    }

    static func client(_ username: String = "jana.k", email: String = "jana@example.cz") -> Registration {
        var registration = Registration()
        registration.role = .client
        registration.username = username
        registration.fullName = "Jana Králová"
        registration.email = email
        registration.location = "Brno"
        registration.password = "jine-dlouhe-heslo"
        registration.passwordConfirmation = "jine-dlouhe-heslo"
        return registration
    }
}

func problems(_ body: () throws -> Void) -> [RegistrationField: RegistrationProblem] {
    do {
        try body()
        return [:]
    } catch let error as RegistrationErrors {
        return error.problems
    } catch {
        return [:]
    }
}

extension Date {
    /// Now, to the whole second: the database keeps dates to the millisecond, so waits
    /// worked out from stored dates come out exact.
    static var wholeSecond: Date { Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down)) }
}

/// The wait a refused login asked for, or nil when it was not refused for waiting.
func loginWait(_ body: () throws(LoginError) -> User) -> Duration? {
    do {
        _ = try body()
        return nil
    } catch {
        guard case .tooManyAttempts(let wait) = error else { return nil }
        return wait
    }
}
