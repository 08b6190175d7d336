import Foundation
import Fotofolio
import Postgres

/// The facts of `VisibilityRules`, one statement per subject or file. Every statement gives
/// the same columns; `$1` is the viewer (NULL for a guest), `$2` the moment, `$3` the id or
/// the file's name.
extension PostgresModerationStore {
    func visibilityFacts(of subject: Subject, for viewerId: Int64?, at date: Date) throws -> VisibilityFacts? {
        try pool.withConnection { connection in try Self.visibilityFacts(of: subject, for: viewerId, at: date, connection) }
    }

    func fileUses(_ fileName: String, for viewerId: Int64?, at date: Date) throws -> [FileUse] {
        try pool.withConnection { connection in
            try connection.query(Self.fileStatement, [viewerId, date.stored, fileName]).map { row in
                FileUse(facts: try Self.facts(.photo, row), isPreview: try row.decode("preview", as: Bool.self))
            }
        }
    }

    static func visibilityFacts(of subject: Subject, for viewerId: Int64?, at date: Date,
                                _ connection: PostgresConnection) throws -> VisibilityFacts? {
        let (kind, sql, id): (VisibilityFacts.Kind, String, Int64) = switch subject {
        case .profile(let id): (.profile, profileStatement, id)
        case .portfolio(let id): (.portfolio, portfolioStatement, id)
        case .photo(let id): (.photo, photoStatement, id)
        case .message(let id): (.message, messageStatement, id)
        }
        return try connection.query(sql, [viewerId, date.stored, id]).first.map { try facts(kind, $0) }
    }

    private static func facts(_ kind: VisibilityFacts.Kind, _ row: PostgresRow) throws -> VisibilityFacts {
        var facts = VisibilityFacts(kind: kind, ownerId: try row.decode("owner_id"))
        facts.hidden = try row.decode("hidden")
        facts.ownerSuspended = try row.decode("suspended")
        if let id = try row.decodeIfPresent("portfolio_id", as: Int64.self) {
            let text = try row.decode("visibility", as: String.self)
            guard let visibility = PortfolioVisibility(rawValue: text) else {
                throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "portfolio \(id) has an unknown visibility \(text)"))
            }
            facts.portfolio = PortfolioPlace(id: id, visibility: visibility, hidden: try row.decode("portfolio_hidden"))
        }
        facts.isAvatar = try row.decode("is_avatar")
        if let id = try row.decodeIfPresent("gallery_id", as: Int64.self) {
            facts.gallery = GalleryPlace(id: id, clientId: try row.decodeIfPresent("client_id"), delivered: try row.decode("delivered"))
        }
        facts.viewerInRoom = try row.decode("in_room")
        facts.viewerIsOperator = try row.decode("viewer_is_operator")
        facts.viewerBlockedByOwner = try row.decode("blocked")
        return facts
    }

    /// What every statement says of the viewer and of the owner (`owner`, a column).
    private static func viewerColumns(owner: String) -> String {
        """
        EXISTS (SELECT 1 FROM suspension WHERE user_id = \(owner) AND (until IS NULL OR until > $2::timestamptz)) AS suspended,
        EXISTS (SELECT 1 FROM operator WHERE user_id = $1::bigint) AS viewer_is_operator,
        EXISTS (SELECT 1 FROM block WHERE blocker_id = \(owner) AND blocked_id = $1::bigint) AS blocked
        """
    }

    private static var photoColumns: String {
        """
        SELECT photo.owner_id, EXISTS (SELECT 1 FROM hidden_photo WHERE photo_id = photo.id) AS hidden,
               portfolio.id AS portfolio_id, portfolio.visibility,
               EXISTS (SELECT 1 FROM hidden_portfolio WHERE portfolio_id = portfolio.id) AS portfolio_hidden,
               EXISTS (SELECT 1 FROM account WHERE avatar_photo_id = photo.id) AS is_avatar,
               gallery.id AS gallery_id, gallery.client_id, gallery.delivered_at IS NOT NULL AS delivered,
               false AS in_room, \(viewerColumns(owner: "photo.owner_id"))
        """
    }

    private static let photoJoins = """
        LEFT JOIN portfolio_photo ON portfolio_photo.photo_id = photo.id LEFT JOIN portfolio ON portfolio.id = portfolio_photo.portfolio_id
        LEFT JOIN gallery_photo ON gallery_photo.photo_id = photo.id LEFT JOIN gallery ON gallery.id = gallery_photo.gallery_id
        """

    private static let photoStatement = photoColumns + " FROM photo \(photoJoins) WHERE photo.id = $3::bigint"

    private static let fileStatement = photoColumns + """
        , media_file.preview FROM media_file JOIN photo ON photo.id = media_file.photo_id \(photoJoins)
        WHERE media_file.file_name = $3::text
        """

    private static let portfolioStatement = """
        SELECT portfolio.owner_id, EXISTS (SELECT 1 FROM hidden_portfolio WHERE portfolio_id = portfolio.id) AS hidden,
               portfolio.id AS portfolio_id, portfolio.visibility,
               EXISTS (SELECT 1 FROM hidden_portfolio WHERE portfolio_id = portfolio.id) AS portfolio_hidden,
               false AS is_avatar, NULL::bigint AS gallery_id, NULL::bigint AS client_id, false AS delivered, false AS in_room,
               \(viewerColumns(owner: "portfolio.owner_id"))
        FROM portfolio WHERE portfolio.id = $3::bigint
        """

    private static let profileStatement = """
        SELECT account.id AS owner_id, false AS hidden, NULL::bigint AS portfolio_id, NULL::text AS visibility,
               false AS portfolio_hidden, false AS is_avatar, NULL::bigint AS gallery_id, NULL::bigint AS client_id,
               false AS delivered, false AS in_room, \(viewerColumns(owner: "account.id"))
        FROM account WHERE account.id = $3::bigint
        """

    private static let messageStatement = """
        SELECT chat_message.author_id AS owner_id,
               EXISTS (SELECT 1 FROM removed_message WHERE message_id = chat_message.id) AS hidden,
               NULL::bigint AS portfolio_id, NULL::text AS visibility, false AS portfolio_hidden, false AS is_avatar,
               NULL::bigint AS gallery_id, NULL::bigint AS client_id, false AS delivered,
               EXISTS (SELECT 1 FROM chat_member WHERE room_id = chat_message.room_id AND user_id = $1::bigint) AS in_room,
               \(viewerColumns(owner: "chat_message.author_id"))
        FROM chat_message WHERE chat_message.id = $3::bigint
        """
}
