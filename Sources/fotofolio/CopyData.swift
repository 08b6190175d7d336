import ArgumentParser
import Fotofolio
import FotofolioPostgres
import FotofolioSQLite
import Foundation
import Postgres

/// `fotofolio copy-data --from DATA_DIR --to postgres://…`: moves an installation's database
/// from SQLite to an empty PostgreSQL database.
struct CopyData: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "copy-data",
        abstract: "Copy everything in a SQLite data folder's database to an empty PostgreSQL database (the media files stay where they are).")

    @Option(help: "The data folder whose fotofolio.sqlite is copied (stop its server first).")
    var from: String

    @Option(help: "postgres://user:password@host:port/database of an empty database.")
    var to: String

    func run() throws {
        let file = (from as NSString).appendingPathComponent("fotofolio.sqlite")
        guard FileManager.default.fileExists(atPath: file) else {
            throw failure("\(from) has no fotofolio.sqlite to copy.")
        }
        do {
            let report = try SQLiteToPostgres(from: try AppDatabase(directory: from), to: try PostgresPool(url: to, size: 1)).copy()
            for (table, count) in report.rows { print("\(table): \(count)") }
            print("Copied \(report.total) rows; every table has as many rows in PostgreSQL as in SQLite.")
        } catch let error as SQLiteToPostgres.Refused {
            throw failure(error.description)
        } catch let error as PostgresError {
            throw failure("PostgreSQL: \(error)")
        }
    }
}

/// Says why on stderr and ends with status 1.
func failure(_ reason: String) -> ExitCode {
    FileHandle.standardError.write(Data("fotofolio: \(reason)\n".utf8))
    return .failure
}
