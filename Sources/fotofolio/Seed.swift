import ArgumentParser
import Fotofolio
import FotofolioDemo
import FotofolioPostgres
import FotofolioSQLite
import Foundation
import Postgres

/// `fotofolio seed`: creates the Czech demo world in the database (nothing if it is there).
struct Seed: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Create the demo accounts (password “heslovo”), their portfolios and conversations; running it again changes nothing.")

    @Option(help: "Folder for the database and uploads. (FOTOFOLIO_DATA_DIR, default ./data)")
    var dataDir: String?

    @Option(help: "Folder of the demo photos and their CREDITS.md. (FOTOFOLIO_DEMO_PHOTOS_DIR, default ./Demo/photos)")
    var demoPhotosDir: String?

    @Option(help: "A PostgreSQL database to seed instead of the data folder's SQLite; only an empty one is seeded. The photos still go into the data folder. (FOTOFOLIO_DATABASE_URL)")
    var databaseUrl: String?

    func run() throws {
        umask(0o077) // the data folder is the server's alone (see Serve)
        let environment = ProcessInfo.processInfo.environment
        let directory = dataDir ?? environment["FOTOFOLIO_DATA_DIR"] ?? "data"
        let photos = demoPhotosDir ?? environment["FOTOFOLIO_DEMO_PHOTOS_DIR"] ?? "Demo/photos"
        guard let url = databaseUrl ?? environment["FOTOFOLIO_DATABASE_URL"] else {
            report(try seed(AppDatabase(directory: directory), media: MediaDirectory.inside(directory), photos: photos))
            return
        }
        // The demo world is written as rows of the SQLite schema; on PostgreSQL it is made in
        // a SQLite database of its own and copied over whole, ids and all.
        let pool: PostgresPool
        do {
            pool = try PostgresPool(url: url, size: 1)
            try PostgresSchema.migrate(pool)
            if try pool.withConnection({ try $0.query("SELECT count(*) FROM account")[0].decode(0, as: Int.self) }) > 0 {
                print("The database already holds people; the demo world is seeded only into an empty one.")
                return
            }
        } catch let error as PostgresError {
            throw failure("PostgreSQL: \(error)")
        }
        let staging = (directory as NSString).appendingPathComponent("seed-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(atPath: staging) }
        let database = try AppDatabase(directory: staging)
        let counts = try seed(database, media: MediaDirectory.inside(directory), photos: photos)
        do {
            _ = try SQLiteToPostgres(from: database, to: pool).copy()
        } catch let error as SQLiteToPostgres.Refused {
            throw failure(error.description)
        }
        report(counts)
    }

    private func seed(_ database: AppDatabase, media: String, photos: String) throws -> (Int, Int, Int) {
        let accounts = try DemoWorld(database: database).seed()
        // Nothing else runs while seeding: every core may make photos, up to eight (each
        // holds tens of MB while it works).
        let library = PhotoLibrary(stores: .sqlite(database), mediaDirectory: media,
                                   processing: PhotoProcessing(concurrency: min(ProcessInfo.processInfo.activeProcessorCount, 8)))
        let portfolios = try DemoPortfolios(database: database, photos: library, photosDirectory: photos).seed()
        try DemoFilms(database: database, films: FilmLibrary(photos: library), photosDirectory: photos).seed()
        try DemoGalleries(database: database, photos: library, photosDirectory: photos).seed()
        let messages = try DemoConversations(database: database, photos: library, photosDirectory: photos).seed() + DemoBookings(database: database).seed()
            + DemoDemands(database: database, photos: library, photosDirectory: photos).seed()
        // After the conversations and bookings: ratings from people who wrote count as verified.
        try DemoRatings(database: database).seed()
        let later = try DemoPortfolios(database: database, photos: library, photosDirectory: photos).seedAddedLater()
        return (accounts, portfolios + later, messages)
    }

    private func report(_ counts: (accounts: Int, portfolios: Int, messages: Int)) {
        if counts == (0, 0, 0) {
            print("The demo world is already there.")
        } else {
            print("Created \(counts.accounts) demo accounts (password “\(DemoWorld.password)”), \(counts.portfolios) portfolios and \(counts.messages) messages.")
        }
    }
}
