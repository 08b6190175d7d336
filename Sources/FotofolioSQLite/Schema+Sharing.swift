import Fotofolio
import GRDB

extension Schema {
    /// Who sees a portfolio, its share links, and the licences of photos: a creator's
    /// default, a portfolio's and a photo's own.
    static func createSharing(_ db: Database) throws {
        let visibilities = PortfolioVisibility.allCases.map(\.rawValue)
        let licences = Licence.allCases.map(\.rawValue)
        try db.alter(table: "portfolio") { table in
            table.add(column: "visibility", .text).notNull().defaults(to: "public").check { visibilities.contains($0) }
            table.add(column: "licence", .text).check { $0 == nil || licences.contains($0) }
        }
        // The feed leaves out what is not public along with what moderation hid: a short list
        // from this index, however many public portfolios there are.
        try db.execute(sql: "CREATE INDEX portfolio_notPublic ON portfolio (id) WHERE visibility <> 'public'")
        try db.alter(table: "portfolioPhoto") { table in
            table.add(column: "licence", .text).check { $0 == nil || licences.contains($0) }
        }
        try db.alter(table: "user") { table in
            table.add(column: "licence", .text).notNull().defaults(to: Licence.allRightsReserved.rawValue)
                .check { licences.contains($0) }
        }
        try db.create(table: "shareLink") { table in
            table.autoIncrementedPrimaryKey("id")
            table.column("portfolioId", .integer).notNull().indexed().references("portfolio", onDelete: .cascade)
            table.column("token", .text).notNull().unique()
            table.column("label", .text).notNull()
            table.column("expiresAt", .datetime)
            table.column("passwordHash", .text)
            table.column("viewCount", .integer).notNull().defaults(to: 0)
            table.column("createdAt", .datetime).notNull()
        }
    }
}
