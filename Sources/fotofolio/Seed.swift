import ArgumentParser
import Fotofolio
import FotofolioDemo
import Foundation

/// `fotofolio seed`: creates the Czech demo world in the database (nothing if it is there).
struct Seed: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Create the demo accounts (password “heslovo”), their portfolios and conversations; running it again changes nothing.")

    @Option(help: "Folder for the database and uploads. (FOTOFOLIO_DATA_DIR, default ./data)")
    var dataDir: String?

    @Option(help: "Folder of the demo photos and their CREDITS.md. (FOTOFOLIO_DEMO_PHOTOS_DIR, default ./Demo/photos)")
    var demoPhotosDir: String?

    func run() throws {
        umask(0o077) // the data folder is the server's alone (see Serve)
        let environment = ProcessInfo.processInfo.environment
        let directory = dataDir ?? environment["FOTOFOLIO_DATA_DIR"] ?? "data"
        let database = try AppDatabase(directory: directory)
        let accounts = try DemoWorld(database: database).seed()
        let portfolios = try DemoPortfolios(
            database: database, photos: PhotoLibrary(stores: .sqlite(database), mediaDirectory: MediaDirectory.inside(directory)),
            photosDirectory: demoPhotosDir ?? environment["FOTOFOLIO_DEMO_PHOTOS_DIR"] ?? "Demo/photos").seed()
        let messages = try DemoConversations(database: database).seed()
        if accounts == 0 && portfolios == 0 && messages == 0 {
            print("The demo world is already there.")
        } else {
            print("Created \(accounts) demo accounts (password “\(DemoWorld.password)”), \(portfolios) portfolios and \(messages) messages.")
        }
    }
}
