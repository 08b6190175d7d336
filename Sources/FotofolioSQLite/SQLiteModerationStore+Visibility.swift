import Foundation
import Fotofolio
import GRDB

/// The facts of `VisibilityRules`, one statement per subject or file. Every statement gives
/// the same columns; `?1` is the viewer (NULL for a guest), `?2` the moment, `?3` the id or
/// the file's name.
extension SQLiteModerationStore {
    func visibilityFacts(of subject: Subject, for viewerId: Int64?, at date: Date) throws -> VisibilityFacts? {
        try database.read { db in try Self.visibilityFacts(of: subject, for: viewerId, at: date, db) }
    }

    func fileUses(_ fileName: String, for viewerId: Int64?, at date: Date) throws -> [FileUse] {
        // On every request for a file: one statement, no transaction.
        try database.unsafeRead { db in
            try Row.fetchAll(db.cachedStatement(sql: Self.fileStatement), arguments: [viewerId, date, fileName]).map { row in
                FileUse(facts: try Self.facts(.photo, row), isPreview: row["preview"])
            }
        }
    }

    static func visibilityFacts(of subject: Subject, for viewerId: Int64?, at date: Date, _ db: Database) throws -> VisibilityFacts? {
        let (kind, sql, id): (VisibilityFacts.Kind, String, Int64) = switch subject {
        case .profile(let id): (.profile, profileStatement, id)
        case .portfolio(let id): (.portfolio, portfolioStatement, id)
        case .photo(let id): (.photo, photoStatement, id)
        case .message(let id): (.message, messageStatement, id)
        }
        return try Row.fetchOne(db.cachedStatement(sql: sql), arguments: [viewerId, date, id]).map { try facts(kind, $0) }
    }

    private static func facts(_ kind: VisibilityFacts.Kind, _ row: Row) throws -> VisibilityFacts {
        var facts = VisibilityFacts(kind: kind, ownerId: row["ownerId"])
        facts.hidden = row["hidden"]
        facts.ownerSuspended = row["suspended"]
        if let id: Int64 = row["portfolioId"] {
            guard let visibility = PortfolioVisibility(rawValue: row["visibility"]) else {
                throw DatabaseError(message: "portfolio \(id) has an unknown visibility")
            }
            facts.portfolio = PortfolioPlace(id: id, visibility: visibility, hidden: row["portfolioHidden"])
        }
        facts.isAvatar = row["isAvatar"]
        if let id: Int64 = row["galleryId"] {
            facts.gallery = GalleryPlace(id: id, clientId: row["clientId"], delivered: row["delivered"])
        }
        facts.viewerInRoom = row["inRoom"]
        facts.viewerIsOperator = row["viewerIsOperator"]
        facts.viewerBlockedByOwner = row["blocked"]
        return facts
    }

    /// What every statement says of the viewer and of the owner (`owner`, a column).
    private static func viewerColumns(owner: String) -> String {
        """
        EXISTS (SELECT 1 FROM suspension WHERE userId = \(owner) AND (until IS NULL OR until > ?2)) AS suspended,
        EXISTS (SELECT 1 FROM operator WHERE userId = ?1) AS viewerIsOperator,
        EXISTS (SELECT 1 FROM block WHERE blockerId = \(owner) AND blockedId = ?1) AS blocked
        """
    }

    private static var photoColumns: String {
        """
        SELECT photo.ownerId AS ownerId, EXISTS (SELECT 1 FROM hiddenPhoto WHERE photoId = photo.id) AS hidden,
               portfolio.id AS portfolioId, portfolio.visibility AS visibility,
               EXISTS (SELECT 1 FROM hiddenPortfolio WHERE portfolioId = portfolio.id) AS portfolioHidden,
               EXISTS (SELECT 1 FROM user WHERE avatarPhotoId = photo.id) AS isAvatar,
               gallery.id AS galleryId, gallery.clientId AS clientId, gallery.deliveredAt IS NOT NULL AS delivered,
               0 AS inRoom, \(viewerColumns(owner: "photo.ownerId"))
        """
    }

    private static let photoJoins = """
        LEFT JOIN portfolioPhoto ON portfolioPhoto.photoId = photo.id LEFT JOIN portfolio ON portfolio.id = portfolioPhoto.portfolioId
        LEFT JOIN galleryPhoto ON galleryPhoto.photoId = photo.id LEFT JOIN gallery ON gallery.id = galleryPhoto.galleryId
        """

    private static let photoStatement = photoColumns + " FROM photo \(photoJoins) WHERE photo.id = ?3"

    private static let fileStatement = photoColumns + """
        , mediaFile.preview AS preview FROM mediaFile JOIN photo ON photo.id = mediaFile.photoId \(photoJoins)
        WHERE mediaFile.fileName = ?3
        """

    private static let portfolioStatement = """
        SELECT portfolio.ownerId AS ownerId, EXISTS (SELECT 1 FROM hiddenPortfolio WHERE portfolioId = portfolio.id) AS hidden,
               portfolio.id AS portfolioId, portfolio.visibility AS visibility,
               EXISTS (SELECT 1 FROM hiddenPortfolio WHERE portfolioId = portfolio.id) AS portfolioHidden,
               0 AS isAvatar, NULL AS galleryId, NULL AS clientId, 0 AS delivered, 0 AS inRoom,
               \(viewerColumns(owner: "portfolio.ownerId"))
        FROM portfolio WHERE portfolio.id = ?3
        """

    private static let profileStatement = """
        SELECT user.id AS ownerId, 0 AS hidden, NULL AS portfolioId, NULL AS visibility, 0 AS portfolioHidden, 0 AS isAvatar,
               NULL AS galleryId, NULL AS clientId, 0 AS delivered, 0 AS inRoom, \(viewerColumns(owner: "user.id"))
        FROM user WHERE user.id = ?3
        """

    private static let messageStatement = """
        SELECT chatMessage.authorId AS ownerId, EXISTS (SELECT 1 FROM removedMessage WHERE messageId = chatMessage.id) AS hidden,
               NULL AS portfolioId, NULL AS visibility, 0 AS portfolioHidden, 0 AS isAvatar,
               NULL AS galleryId, NULL AS clientId, 0 AS delivered,
               EXISTS (SELECT 1 FROM chatMember WHERE roomId = chatMessage.roomId AND userId = ?1) AS inRoom,
               \(viewerColumns(owner: "chatMessage.authorId"))
        FROM chatMessage WHERE chatMessage.id = ?3
        """
}
