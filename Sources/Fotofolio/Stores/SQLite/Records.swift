import GRDB

// The domain's values as GRDB records: each decodes its row with `Codable`, so a bad row
// (an unknown role or kind, a missing column) throws instead of passing for something else.

extension User: FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "user"

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
