import Fotofolio
import GRDB

/// The database schema as a sequence of versioned migrations. Never edit a migration that
/// has shipped; add a new one.
enum Schema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1 server instance") { db in
            // One row per server start, so operators can see restarts and versions over time.
            try db.create(table: "serverStart") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("startedAt", .datetime).notNull()
                table.column("version", .text).notNull()
            }
        }
        migrator.registerMigration("v2 accounts") { db in
            try db.create(table: "user") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("username", .text).notNull().unique()
                table.column("fullName", .text).notNull()
                table.column("email", .text).notNull().collate(.nocase).unique()
                table.column("emailConfirmedAt", .datetime)
                table.column("location", .text).notNull()
                table.column("role", .text).notNull().check { ["client", "creator"].contains($0) }
                table.column("bio", .text)
                table.column("yearsOfExperience", .integer)
                table.column("hourlyRate", .integer)
                table.column("priceByAgreement", .boolean).notNull().defaults(to: false)
                table.column("passwordHash", .text).notNull()
                table.column("createdAt", .datetime).notNull()
            }
            try db.create(table: "session") { table in
                table.primaryKey("tokenHash", .text)
                table.column("userId", .integer).notNull().indexed().references("user", onDelete: .cascade)
                table.column("csrfToken", .text).notNull()
                table.column("createdAt", .datetime).notNull()
                table.column("expiresAt", .datetime).notNull()
            }
            try db.create(table: "emailConfirmation") { table in
                table.primaryKey("tokenHash", .text)
                table.column("userId", .integer).notNull().indexed().references("user", onDelete: .cascade)
                table.column("expiresAt", .datetime).notNull()
            }
            try db.create(table: "loginThrottle") { table in
                table.primaryKey("key", .text)
                table.column("failures", .integer).notNull()
                table.column("windowStartedAt", .datetime).notNull()
            }
        }
        migrator.registerMigration("v3 photos and portfolios") { db in
            try createPhotos(db)
            try createPortfolios(db)
            try db.alter(table: "user") { table in
                table.add(column: "avatarPhotoId", .integer).references("photo", onDelete: .setNull)
            }
        }
        migrator.registerMigration("v4 discovery") { db in
            try createDiscovery(db)
            try createUserSearch(db)
        }
        migrator.registerMigration("v5 messenger") { db in
            try createMessenger(db)
            try createMessengerDelivery(db)
        }
        migrator.registerMigration("v6 photo framing") { db in
            // The square crop a person chose; NULL while the smart crop (cropCenterX/Y, cropZoom) stands.
            try db.alter(table: "photo") { table in
                table.add(column: "framingCenterX", .double)
                table.add(column: "framingCenterY", .double)
                table.add(column: "framingZoom", .double)
            }
        }
        migrator.registerMigration("v7 profile accent") { db in
            // A creator's accent colour as hue (degrees) and saturation (%); NULL: the app's own.
            try db.alter(table: "user") { table in
                table.add(column: "accentHue", .double)
                table.add(column: "accentSaturation", .double)
            }
        }
        migrator.registerMigration("v8 login throttle") { db in
            // Failed logins counted per account and address, and per address alone, replace
            // the per-key counts (a few minutes of history, not worth carrying over). The
            // accounts each address made recently are kept beside them. Every table has an
            // index on its time, so what no longer counts is deleted without a scan.
            try db.drop(table: "loginThrottle")
            try db.create(table: "loginFailureByAccount") { table in
                // "user:<id>" for an account that exists, else "name:<what was typed>".
                table.column("account", .text).notNull()
                table.column("address", .text).notNull()
                table.column("failures", .integer).notNull()
                table.column("windowStartedAt", .datetime).notNull().indexed()
                table.primaryKey(["account", "address"])
            }
            try db.create(table: "loginFailureByAddress") { table in
                table.primaryKey("address", .text)
                table.column("failures", .integer).notNull()
                table.column("lastFailedAt", .datetime).notNull().indexed()
            }
            try db.create(table: "registrationByAddress") { table in
                table.column("address", .text).notNull()
                table.column("registeredAt", .datetime).notNull().indexed()
            }
            try db.create(index: "registrationByAddress_recent", on: "registrationByAddress", columns: ["address", "registeredAt"])
        }
        migrator.registerMigration("v9 tag index with its portfolios") { db in
            // The feed's tag filter reads only the index: each tag's portfolios in order,
            // without looking each row up in the table.
            try db.drop(index: "portfolioTag_on_folded")
            try db.create(index: "portfolioTag_on_folded", on: "portfolioTag", columns: ["folded", "portfolioId"])
        }
        migrator.registerMigration("v10 films") { db in
            // A photo that is a film's poster frame names the film's files (JSON); NULL for photos.
            try db.alter(table: "photo") { table in
                table.add(column: "film", .jsonText)
            }
            try createFilmJobs(db)
        }
        migrator.registerMigration("v11 blocks and who may write") { db in
            try db.alter(table: "user") { table in
                table.add(column: "whoMayWrite", .text).notNull().defaults(to: "everyone")
                    .check { ["everyone", "knownPeople", "creatorsOnly"].contains($0) }
            }
            try db.create(table: "block") { table in
                table.column("blockerId", .integer).notNull().references("user", onDelete: .cascade)
                table.column("blockedId", .integer).notNull().indexed().references("user", onDelete: .cascade)
                table.column("createdAt", .datetime).notNull()
                table.primaryKey(["blockerId", "blockedId"])
            }
            // Whether someone has written in a room one is in (WritePolicy.knownPeople).
            try db.create(index: "chatMessage_byAuthor", on: "chatMessage", columns: ["authorId", "roomId"])
        }
        migrator.registerMigration("v12 moderation") { db in
            try createModeration(db)
        }
        migrator.registerMigration("v13 spam limits") { db in
            // A new account's message whose links stay plain text (SpamLimits.linksInert).
            try db.alter(table: "chatMessage") { table in table.add(column: "linksInert", .boolean).notNull().defaults(to: false) }
            // The same text by the same author lately (SpamLimits.checkRepeat).
            try db.create(index: "chatMessage_byAuthorTime", on: "chatMessage", columns: ["authorId", "sentAt"])
            // Conversations a new account started in the last day (SpamLimits.checkStart).
            try db.create(index: "chatRoom_byCreator", on: "chatRoom", columns: ["createdBy", "createdAt"])
        }
        migrator.registerMigration("v14 bookings") { db in
            try createBookings(db)
        }
        migrator.registerMigration("v15 sharing and licences") { db in
            try createSharing(db)
        }
        migrator.registerMigration("v16 proofing galleries") { db in
            try createGalleries(db)
        }
        migrator.registerMigration("v17 camera details kept per gallery") { db in
            try db.alter(table: "gallery") { table in table.add(column: "keepsCameraDetails", .boolean).notNull().defaults(to: false) }
        }
        migrator.registerMigration("v18 files by the photos that use them") { db in
            try createMediaFiles(db)
        }
        migrator.registerMigration("v19 mail") { db in
            try createMail(db)
        }
        migrator.registerMigration("v20 push") { db in
            try createPush(db)
        }
        migrator.registerMigration("v21 ratings by anyone") { db in
            try createRatingsByAnyone(db)
        }
        migrator.registerMigration("v22 message edits and reactions") { db in
            try createMessageChanges(db)
        }
        migrator.registerMigration("v23 message search") { db in
            try createMessageSearch(db, byRoomsAndBeginnings: false)
        }
        migrator.registerMigration("v24 seen") { db in
            try createSeen(db)
        }
        migrator.registerMigration("v25 message attachments") { db in
            try createMessageAttachments(db)
        }
        migrator.registerMigration("v26 mqtt accounts") { db in
            try createMQTTAccounts(db)
        }
        migrator.registerMigration("v27 message search by rooms and word beginnings") { db in
            try indexMessageSearchByRoomsAndBeginnings(db)
        }
        migrator.registerMigration("v28 payments") { db in
            try createPayments(db)
        }
        migrator.registerMigration("v29 currencies, refunds, credit notes and final invoices") { db in
            try settlePayments(db)
        }
        migrator.registerMigration("v30 demands") { db in
            try createDemands(db)
        }
        migrator.registerMigration("v31 demand photos") { db in
            try createDemandPhotos(db)
        }
        return migrator
    }

    /// Ratings, the selection, and the author's average kept on each portfolio so the
    /// feed's rating sort walks an index instead of averaging per row.
    private static func createDiscovery(_ db: Database) throws {
        try db.create(table: "rating") { table in
            table.column("raterId", .integer).notNull().references("user", onDelete: .cascade)
            table.column("ratedId", .integer).notNull().indexed().references("user", onDelete: .cascade)
            table.column("stars", .integer).notNull().check { (1...5).contains($0) }
            table.column("updatedAt", .datetime).notNull()
            table.primaryKey(["raterId", "ratedId"])
            table.check(sql: "raterId <> ratedId")
        }
        try db.alter(table: "user") { table in
            table.add(column: "ratingCount", .integer).notNull().defaults(to: 0)
            table.add(column: "ratingSum", .integer).notNull().defaults(to: 0)
        }
        try db.alter(table: "portfolio") { table in
            // The author's average (0 while unrated), copied here whenever it changes.
            table.add(column: "authorRating", .double).notNull().defaults(to: 0)
        }
        try db.create(index: "portfolio_newest", on: "portfolio", columns: ["createdAt", "id"])
        try db.create(index: "portfolio_best_rated", on: "portfolio", columns: ["authorRating", "createdAt", "id"])
        try db.create(table: "selectionEntry") { table in
            table.column("userId", .integer).notNull().references("user", onDelete: .cascade)
            table.column("portfolioId", .integer).notNull().indexed().references("portfolio", onDelete: .cascade)
            table.column("addedAt", .datetime).notNull()
            table.primaryKey(["userId", "portfolioId"])
        }
        try db.create(index: "selectionEntry_newest", on: "selectionEntry", columns: ["userId", "addedAt"])
    }

    /// Rooms, who is in them and how far each has read, messages and whom they mention.
    private static func createMessenger(_ db: Database) throws {
        try db.create(table: "chatRoom") { table in
            table.autoIncrementedPrimaryKey("id")
            table.column("kind", .text).notNull().check { ["direct", "group"].contains($0) }
            table.column("name", .text)
            // Not a foreign key: a group outlives its creator's account.
            table.column("createdBy", .integer).notNull()
            table.column("createdAt", .datetime).notNull()
            // "smallerId:largerId" for a direct room: two requests racing to open the same
            // conversation cannot make two rooms. NULL (never equal) for groups.
            table.column("directKey", .text).unique()
            table.check(sql: "(kind = 'direct') = (directKey IS NOT NULL)")
        }
        try db.create(table: "chatMember") { table in
            table.column("roomId", .integer).notNull().references("chatRoom", onDelete: .cascade)
            table.column("userId", .integer).notNull().indexed().references("user", onDelete: .cascade)
            table.column("joinedAt", .datetime).notNull()
            // NULL while nothing has been read.
            table.column("lastReadMessageId", .integer)
            table.primaryKey(["roomId", "userId"])
        }
        try db.create(table: "chatMessage") { table in
            // AUTOINCREMENT: ids only grow, so "newer than what I read" is a comparison of ids.
            table.autoIncrementedPrimaryKey("id")
            table.column("roomId", .integer).notNull().references("chatRoom", onDelete: .cascade)
            table.column("authorId", .integer).notNull().references("user", onDelete: .cascade)
            // Chosen by the sender's device, so a message sent twice is stored once.
            table.column("uuid", .text).notNull().unique()
            table.column("content", .text).notNull()
            table.column("sentAt", .datetime).notNull()
        }
        try db.create(index: "chatMessage_inRoom", on: "chatMessage", columns: ["roomId", "id"])
        try db.create(table: "chatMention") { table in
            table.column("messageId", .integer).notNull().references("chatMessage", onDelete: .cascade)
            table.column("userId", .integer).notNull().references("user", onDelete: .cascade)
            table.primaryKey(["messageId", "userId"])
        }
    }

    /// What leaves the database after a change: live events replayed to browsers by sequence,
    /// and the outbox published to MQTT. Both are written in the transaction of the change
    /// itself, so an event exists exactly when its change does.
    private static func createMessengerDelivery(_ db: Database) throws {
        try db.create(table: "liveEvent") { table in
            // AUTOINCREMENT: a sequence is never reused after pruning, so a browser's
            // Last-Event-ID always means the same point in the log.
            table.autoIncrementedPrimaryKey("sequence")
            table.column("kind", .text).notNull().check { ["message", "read", "room"].contains($0) }
            table.column("roomId", .integer).notNull()
            // NULL: for every current member of the room; set: for that person only.
            table.column("userId", .integer).indexed()
            table.column("payload", .text).notNull()
            table.column("createdAt", .datetime).notNull()
        }
        try db.create(index: "liveEvent_inRoom", on: "liveEvent", columns: ["roomId", "sequence"])
        try db.create(table: "outbox") { table in
            table.autoIncrementedPrimaryKey("id")
            // Without the configurable prefix, e.g. "chat-room/12/message".
            table.column("topic", .text).notNull()
            table.column("payload", .text).notNull()
            table.column("createdAt", .datetime).notNull()
            table.column("sentAt", .datetime)
        }
        try db.create(index: "outbox_unsent", on: "outbox", columns: ["id"], condition: Column("sentAt") == nil)
    }

    /// A full-text index of people by name and by town: case and diacritics ignored,
    /// prefixes found ("plz" finds Plzeň), kept in step with `user` by triggers.
    private static func createUserSearch(_ db: Database) throws {
        try db.execute(sql: """
            CREATE VIRTUAL TABLE userSearch USING fts5(
                username, fullName, location, content='user', content_rowid='id',
                tokenize = "unicode61 remove_diacritics 2 tokenchars '_'", prefix = '2 3');
            CREATE TRIGGER user_search_insert AFTER INSERT ON user BEGIN
                INSERT INTO userSearch(rowid, username, fullName, location) VALUES (new.id, new.username, new.fullName, new.location);
            END;
            CREATE TRIGGER user_search_delete AFTER DELETE ON user BEGIN
                INSERT INTO userSearch(userSearch, rowid, username, fullName, location)
                VALUES ('delete', old.id, old.username, old.fullName, old.location);
            END;
            CREATE TRIGGER user_search_update AFTER UPDATE OF username, fullName, location ON user BEGIN
                INSERT INTO userSearch(userSearch, rowid, username, fullName, location)
                VALUES ('delete', old.id, old.username, old.fullName, old.location);
                INSERT INTO userSearch(rowid, username, fullName, location) VALUES (new.id, new.username, new.fullName, new.location);
            END;
            INSERT INTO userSearch(userSearch) VALUES ('rebuild');
            """)
    }

    /// A processed upload: the kept original, the variants served, and how it was shot.
    /// Owned by a person; a portfolio or an avatar uses it.
    private static func createPhotos(_ db: Database) throws {
        try db.create(table: "photo") { table in
            table.autoIncrementedPrimaryKey("id")
            table.column("ownerId", .integer).notNull().indexed().references("user", onDelete: .cascade)
            table.column("originalFile", .text).notNull()
            table.column("format", .text).notNull()
            table.column("width", .integer).notNull()
            table.column("height", .integer).notNull()
            table.column("byteCount", .integer).notNull()
            table.column("placeholderColor", .text).notNull()
            table.column("cropCenterX", .double).notNull()
            table.column("cropCenterY", .double).notNull()
            table.column("cropZoom", .double).notNull()
            table.column("variants", .jsonText).notNull()
            table.column("shot", .jsonText).notNull()
            table.column("credit", .text)
            table.column("licence", .text)
            table.column("licenceURL", .text)
            table.column("createdAt", .datetime).notNull()
        }
    }

    /// Reports, operators, what they hid, removed or suspended, and their log. What an
    /// operator did is a row of its own, never a column of the portfolio, photo, message or
    /// account, so an owner's save cannot write it back.
    private static func createModeration(_ db: Database) throws {
        try db.create(table: "operator") { table in
            table.primaryKey("userId", .integer).references("user", onDelete: .cascade)
            table.column("grantedAt", .datetime).notNull()
        }
        try db.create(table: "report") { table in
            table.autoIncrementedPrimaryKey("id")
            table.column("reporterId", .integer).notNull().references("user", onDelete: .cascade)
            table.column("subjectKind", .text).notNull().check { ["profile", "portfolio", "photo", "message"].contains($0) }
            table.column("subjectId", .integer).notNull()
            table.column("reason", .text).notNull()
                .check { ["spam", "harassment", "stolenWork", "inappropriate", "other"].contains($0) }
            table.column("details", .text).notNull()
            table.column("state", .text).notNull().check { ["open", "dismissed", "actioned"].contains($0) }
            table.column("createdAt", .datetime).notNull()
            table.column("resolvedAt", .datetime)
        }
        try db.create(index: "report_byReporter", on: "report", columns: ["reporterId", "createdAt"])
        try db.create(index: "report_bySubject", on: "report", columns: ["subjectKind", "subjectId", "state"])
        // One open report per person and subject.
        try db.create(index: "report_openOnce", on: "report", columns: ["reporterId", "subjectKind", "subjectId"],
                      unique: true, condition: Column("state") == "open")
        try db.create(table: "hiddenPortfolio") { table in
            table.primaryKey("portfolioId", .integer).references("portfolio", onDelete: .cascade)
            table.column("reason", .text).notNull()
            table.column("hiddenAt", .datetime).notNull()
        }
        try db.create(table: "hiddenPhoto") { table in
            table.primaryKey("photoId", .integer).references("photo", onDelete: .cascade)
            table.column("hiddenAt", .datetime).notNull()
        }
        // The files of hidden photos (variants, a film's renditions), so `/media/` answers 404
        // with one lookup by name.
        try db.create(table: "hiddenMedia") { table in
            table.primaryKey("fileName", .text)
            table.column("photoId", .integer).notNull().indexed().references("photo", onDelete: .cascade)
        }
        try db.create(table: "removedMessage") { table in
            table.primaryKey("messageId", .integer).references("chatMessage", onDelete: .cascade)
            table.column("removedAt", .datetime).notNull()
        }
        try db.create(table: "suspension") { table in
            table.primaryKey("userId", .integer).references("user", onDelete: .cascade)
            // NULL: for good.
            table.column("until", .datetime)
            table.column("reason", .text).notNull()
            table.column("suspendedAt", .datetime).notNull()
        }
        try db.create(table: "moderationAction") { table in
            table.autoIncrementedPrimaryKey("id")
            table.column("operatorId", .integer).references("user", onDelete: .setNull)
            table.column("action", .text).notNull()
            table.column("subjectKind", .text).notNull()
            table.column("subjectId", .integer).notNull()
            table.column("reason", .text).notNull()
            table.column("until", .datetime)
            table.column("createdAt", .datetime).notNull().indexed()
        }
    }

    /// Uploaded films waiting for, or in, processing, and how it ended.
    private static func createFilmJobs(_ db: Database) throws {
        try db.create(table: "filmJob") { table in
            table.autoIncrementedPrimaryKey("id")
            table.column("ownerId", .integer).notNull().indexed().references("user", onDelete: .cascade)
            table.column("sourceFile", .text).notNull()
            table.column("fileName", .text).notNull()
            table.column("state", .text).notNull().check { ["waiting", "processing", "ready", "failed"].contains($0) }
            table.column("progress", .double).notNull()
            table.column("photoId", .integer).references("photo", onDelete: .setNull)
            table.column("problem", .text)
            table.column("createdAt", .datetime).notNull()
            table.column("updatedAt", .datetime).notNull().indexed()
        }
    }

    private static func createPortfolios(_ db: Database) throws {
        try db.create(table: "portfolio") { table in
            table.autoIncrementedPrimaryKey("id")
            table.column("ownerId", .integer).notNull().indexed().references("user", onDelete: .cascade)
            table.column("name", .text).notNull()
            table.column("description", .text).notNull()
            table.column("hidesShotDetails", .boolean).notNull().defaults(to: false)
            table.column("coverPhotoId", .integer).references("photo", onDelete: .setNull)
            table.column("createdAt", .datetime).notNull().indexed()
            table.column("updatedAt", .datetime).notNull()
        }
        try db.create(table: "portfolioPhoto") { table in
            table.column("portfolioId", .integer).notNull().references("portfolio", onDelete: .cascade)
            table.column("photoId", .integer).notNull().unique().references("photo", onDelete: .cascade)
            table.column("position", .integer).notNull()
            table.column("altText", .text).notNull()
            table.primaryKey(["portfolioId", "photoId"])
        }
        try db.create(table: "portfolioTag") { table in
            table.column("portfolioId", .integer).notNull().references("portfolio", onDelete: .cascade)
            table.column("position", .integer).notNull()
            table.column("label", .text).notNull()
            // Lower case without diacritics: "portret" finds "Portrét".
            table.column("folded", .text).notNull().indexed()
            table.primaryKey(["portfolioId", "folded"])
        }
    }
}
