import Fotofolio
import GRDB

// The domain's values as GRDB records: each decodes its row with `Codable`, so a bad row
// (an unknown role or kind, a missing column) throws instead of passing for something else.

extension User: FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "user"

    /// The columns `init(accountRow:)` reads, in its order.
    private static let accountColumnNames = [
        "id", "username", "fullName", "email", "emailConfirmedAt", "location", "role", "bio", "yearsOfExperience", "hourlyRate",
        "priceByAgreement", "passwordHash", "createdAt", "avatarPhotoId", "accentHue", "accentSaturation", "ratingCount",
        "ratingSum", "whoMayWrite", "licence", "verifiedRatingCount", "sharesSeen",
    ]
    static let accountColumns = accountColumns(of: "user")
    static let accountColumnCount = accountColumnNames.count

    /// `accountColumns` of a table named in a join.
    static func accountColumns(of table: String) -> String {
        accountColumnNames.map { "\(table).\($0)" }.joined(separator: ", ")
    }

    /// A row of `accountColumns`, read by position: the signed-in person is read on every
    /// request of theirs, and `Codable` found each column by name. An unknown role, policy or
    /// licence throws, as through `Codable`.
    init(accountRow row: Row) throws {
        self.init(id: try row.decode(atIndex: 0), username: try row.decode(atIndex: 1), fullName: try row.decode(atIndex: 2),
                  email: try row.decode(atIndex: 3), emailConfirmedAt: try row.decode(atIndex: 4),
                  location: try row.decode(atIndex: 5), role: try Self.known(row, 6), bio: try row.decode(atIndex: 7),
                  yearsOfExperience: try row.decode(atIndex: 8), hourlyRate: try row.decode(atIndex: 9),
                  priceByAgreement: try row.decode(atIndex: 10), passwordHash: try row.decode(atIndex: 11),
                  createdAt: try row.decode(atIndex: 12))
        avatarPhotoId = try row.decode(atIndex: 13)
        accentHue = try row.decode(atIndex: 14)
        accentSaturation = try row.decode(atIndex: 15)
        ratingCount = try row.decode(atIndex: 16)
        ratingSum = try row.decode(atIndex: 17)
        whoMayWrite = try Self.known(row, 18)
        licence = try row.decode(atIndex: 19)
        verifiedRatingCount = try row.decode(atIndex: 20)
        sharesSeen = try row.decode(atIndex: 21)
    }

    private static func known<Value: RawRepresentable<String>>(_ row: Row, _ index: Int) throws -> Value {
        let text: String = try row.decode(atIndex: index)
        guard let value = Value(rawValue: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "“\(text)” is not a \(Value.self)."))
        }
        return value
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

extension Photo: FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "photo"

    public mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

extension FilmJob: FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "filmJob"

    public mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

extension Portfolio: FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "portfolio"

    /// Read column by column: every feed page reads a page of portfolios, and decoding them
    /// through `Codable` took longer than SQLite took to find them.
    public init(row: Row) throws {
        self.init(id: row["id"], ownerId: row["ownerId"], name: row["name"], description: row["description"],
                  hidesShotDetails: row["hidesShotDetails"], coverPhotoId: row["coverPhotoId"],
                  createdAt: row["createdAt"], updatedAt: row["updatedAt"], authorRating: row["authorRating"],
                  visibility: row["visibility"], licence: row["licence"])
    }

    /// A row of `FeedSQL.page`, read by position in the order of `FeedSQL.portfolioColumns`.
    /// A value the domain does not know (an unknown visibility) throws.
    init(feedRow row: Row) throws {
        self.init(id: try row.decode(atIndex: 0), ownerId: try row.decode(atIndex: 1), name: try row.decode(atIndex: 2),
                  description: try row.decode(atIndex: 3), hidesShotDetails: try row.decode(atIndex: 4),
                  coverPhotoId: try row.decode(atIndex: 5), createdAt: try row.decode(atIndex: 6),
                  updatedAt: try row.decode(atIndex: 7), authorRating: try row.decode(atIndex: 8),
                  visibility: try row.decode(atIndex: 9), licence: try row.decode(atIndex: 10))
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

extension ChatRoom: FetchableRecord, TableRecord {
    public static let databaseTableName = "chatRoom"

    public enum Columns {
        public static let id = Column("id")
        public static let kind = Column("kind")
        public static let name = Column("name")
        public static let createdBy = Column("createdBy")
        public static let createdAt = Column("createdAt")
        /// "smallerId:largerId" of a direct room's two people; not a property of the room.
        public static let directKey = Column("directKey")
    }
}

extension LiveEvent: FetchableRecord, TableRecord {
    public static let databaseTableName = "liveEvent"

    public enum Columns {
        public static let sequence = Column("sequence")
        public static let kind = Column("kind")
        public static let roomId = Column("roomId")
        public static let userId = Column("userId")
        public static let payload = Column("payload")
        /// When it was written (what pruning goes by); not a property of the event.
        public static let createdAt = Column("createdAt")
    }
}

extension OutboxEntry: FetchableRecord, TableRecord {
    public static let databaseTableName = "outbox"

    public enum Columns {
        public static let id = Column("id")
        public static let topic = Column("topic")
        public static let payload = Column("payload")
        /// nil until the broker acknowledged it; not a property of the entry.
        public static let sentAt = Column("sentAt")
    }
}

extension Licence: DatabaseValueConvertible {}

extension PortfolioVisibility: DatabaseValueConvertible {}
