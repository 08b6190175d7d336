import Foundation
import Fotofolio
import FotofolioDemo
import FotofolioSQLite
import GRDB

extension WebTestServer {
    /// The demo people, and portfolios for some of them, with photo records that have no
    /// files (the feed's rules do not need pixels, and the pipeline is tested elsewhere).
    /// Portfolio creation times are one hour apart in the order given.
    func seedDiscovery(_ portfolios: [(username: String, name: String, tags: String)] = DiscoveryFixtures.portfolios) throws {
        try DemoWorld(database: database, hasher: PasswordHasher(parameters: .fastForTests)).seed()
        let accounts = AccountsService(stores: .sqlite(database))
        let service = PortfoliosService(stores: .sqlite(database))
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        for (index, plan) in portfolios.enumerated() {
            let owner = try accounts.user(username: plan.username)!
            var draft = PortfolioDraft()
            draft.name = plan.name
            draft.description = "Popis: \(plan.name)"
            draft.tags = plan.tags
            draft.photos = [.init(photoId: try fakePhoto(of: owner.id!))]
            _ = try service.create(draft, by: owner, at: start.addingTimeInterval(Double(index) * 3600))
        }
    }

    func fakePhoto(of owner: Int64) throws -> Int64 {
        try database.pool.write { db in
            try db.execute(sql: """
                INSERT INTO photo (ownerId, originalFile, format, width, height, byteCount, placeholderColor,
                                   cropCenterX, cropCenterY, cropZoom, variants, shot, createdAt)
                VALUES (?, 'originals/x.jpg', 'jpeg', 10, 10, 1, '#808080', 0.5, 0.5, 1, '[]', '{}', ?)
                """, arguments: [owner, Date()])
            return db.lastInsertedRowID
        }
    }

    func portfolioId(named name: String) throws -> Int64 {
        try database.pool.read { db in try Int64.fetchOne(db, sql: "SELECT id FROM portfolio WHERE name = ?", arguments: [name])! }
    }

    /// Logs in through the form with the demo password.
    func logIn(_ username: String) async throws {
        _ = try await submit("/login", ["identifier": username, "password": DemoWorld.password])
    }

    /// Card names of a feed or selection page, in order.
    static func cardNames(_ html: String) -> [String] {
        html.matches(of: /<h2 class="feed-card__name"><a href="[^"]+">([^<]+)<\/a><\/h2>/).map { String($0.1) }
    }
}

enum DiscoveryFixtures {
    static let portfolios: [(username: String, name: String, tags: String)] = [
        ("vojtafoti", "Svatby", "svatba Portrét hudba"),
        ("ad.fotograf", "Portréty", "portrét ateliér"),
        ("michal1", "Krajina", "krajina hory"),
        ("vojtafoti", "Svatby v zahradě", "svatba zahrada"),
    ]
}
