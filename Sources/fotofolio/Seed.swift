import ArgumentParser
import Fotofolio
import Foundation

/// `fotofolio seed`: creates the Czech demo world in the database (nothing if it is there).
struct Seed: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Create the demo accounts (password “heslovo”); running it again changes nothing.")

    @Option(help: "Folder for the database and uploads. (FOTOFOLIO_DATA_DIR, default ./data)")
    var dataDir: String?

    func run() throws {
        let directory = dataDir ?? ProcessInfo.processInfo.environment["FOTOFOLIO_DATA_DIR"] ?? "data"
        let created = try DemoWorld(database: AppDatabase(directory: directory)).seed()
        print(created == 0 ? "The demo world is already there." : "Created \(created) demo accounts (password “\(DemoWorld.password)”).")
    }
}
