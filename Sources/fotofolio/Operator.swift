import ArgumentParser
import Fotofolio
import FotofolioPostgres
import FotofolioSQLite
import Foundation
import Postgres

/// `fotofolio operator grant|revoke USERNAME`: who may use the moderation desk. Only the
/// command line grants the role, so no page can hand it out.
struct Operator: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "operator",
        abstract: "Grant or revoke the operator role (the moderation desk at /moderation).",
        subcommands: [Grant.self, Revoke.self])

    struct Grant: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Make the person an operator.")
        @OptionGroup var target: Target
        func run() throws { try target.set(true) }
    }

    struct Revoke: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Take the operator role back.")
        @OptionGroup var target: Target
        func run() throws { try target.set(false) }
    }

    struct Target: ParsableArguments {
        @Argument(help: "The person's username.")
        var username: String

        @Option(help: "Folder of the SQLite database. (FOTOFOLIO_DATA_DIR, default ./data)")
        var dataDir: String?

        @Option(help: "A PostgreSQL database, postgres://user:password@host:port/database, instead of SQLite. (FOTOFOLIO_DATABASE_URL)")
        var databaseUrl: String?

        func set(_ isOperator: Bool) throws {
            let environment = ProcessInfo.processInfo.environment
            let stores: Stores
            if let url = databaseUrl ?? environment["FOTOFOLIO_DATABASE_URL"] {
                let pool = try PostgresPool(url: url, size: 1)
                try PostgresSchema.migrate(pool)
                stores = .postgres(pool)
            } else {
                umask(0o077)
                stores = .sqlite(try AppDatabase(directory: dataDir ?? environment["FOTOFOLIO_DATA_DIR"] ?? "data"))
            }
            do {
                try Moderation(stores: stores).setOperator(username, isOperator)
            } catch ModerationError.unknownPerson {
                throw ValidationError("There is nobody with the username \(username).")
            }
            print(isOperator ? "@\(username) is an operator: /moderation" : "@\(username) is no longer an operator")
        }
    }
}
