import Foundation
import Fotofolio
import GRDB

/// Share links in `shareLink`, each checked against its portfolio's author.
struct SQLiteShareLinkStore: ShareLinkStore {
    let database: AppDatabase

    func create(portfolioId: Int64, by ownerId: Int64, token: String, label: String, expiresAt: Date?,
                passwordHash: String?, at date: Date) throws -> ShareLink {
        try database.write { db in
            _ = try PortfolioAccessError.owned(try Portfolio.fetchOne(db, key: portfolioId), by: ownerId)
            try db.execute(sql: """
                INSERT INTO shareLink (portfolioId, token, label, expiresAt, passwordHash, createdAt) VALUES (?, ?, ?, ?, ?, ?)
                """, arguments: [portfolioId, token, label, expiresAt, passwordHash, date])
            return ShareLink(id: db.lastInsertedRowID, portfolioId: portfolioId, token: token, label: label,
                             expiresAt: expiresAt, passwordHash: passwordHash, viewCount: 0, createdAt: date)
        }
    }

    func links(of portfolioId: Int64, by ownerId: Int64) throws -> [ShareLink] {
        try database.read { db in
            _ = try PortfolioAccessError.owned(try Portfolio.fetchOne(db, key: portfolioId), by: ownerId)
            return try Row.fetchAll(db, sql: "SELECT * FROM shareLink WHERE portfolioId = ? ORDER BY createdAt DESC, id DESC",
                                    arguments: [portfolioId]).map(ShareLink.init(row:))
        }
    }

    func revoke(_ linkId: Int64, of portfolioId: Int64, by ownerId: Int64) throws {
        try database.write { db in
            _ = try PortfolioAccessError.owned(try Portfolio.fetchOne(db, key: portfolioId), by: ownerId)
            try db.execute(sql: "DELETE FROM shareLink WHERE id = ? AND portfolioId = ?", arguments: [linkId, portfolioId])
            guard db.changesCount == 1 else { throw PortfolioAccessError.notFound }
        }
    }

    func link(token: String) throws -> ShareLink? {
        try database.read { db in
            try Row.fetchOne(db.cachedStatement(sql: "SELECT * FROM shareLink WHERE token = ?"), arguments: [token])
                .map(ShareLink.init(row:))
        }
    }

    func countView(of linkId: Int64) throws {
        try database.write { db in
            try db.execute(sql: "UPDATE shareLink SET viewCount = viewCount + 1 WHERE id = ?", arguments: [linkId])
        }
    }
}

extension ShareLink {
    init(row: Row) {
        self.init(id: row["id"], portfolioId: row["portfolioId"], token: row["token"], label: row["label"],
                  expiresAt: row["expiresAt"], passwordHash: row["passwordHash"], viewCount: row["viewCount"],
                  createdAt: row["createdAt"])
    }
}
