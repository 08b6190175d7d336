import ArgumentParser

@main
struct FotofolioCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fotofolio",
        abstract: "Fotofolio: portfolios of photographers, and a place for clients to find and talk to them.",
        subcommands: [Serve.self, Seed.self, Migrate.self, Backup.self, Restore.self, CopyData.self, Operator.self],
        defaultSubcommand: Serve.self
    )
}
