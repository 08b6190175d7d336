import Foundation
import Fotofolio
import FotofolioDemo
@testable import FotofolioPostgres
@testable import FotofolioSQLite
import GRDB
import Imaging
import Postgres
import PostgresCluster
import Testing

/// An installation moves from SQLite to PostgreSQL whole: every table's rows with their ids,
/// dates to the millisecond, the live log going on after the last sequence handed out.
@Suite final class SQLiteToPostgresTests {
    let folder = NSTemporaryDirectory() + "fotofolio-copy-" + UUID().uuidString

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    @Test(arguments: [("id", "id"), ("ownerId", "owner_id"), ("lastReadMessageId", "last_read_message_id"),
                      ("licenceURL", "licence_url"), ("URLPath", "url_path"), ("photo2x", "photo2x"), ("isHDRPhoto", "is_hdr_photo")])
    func aPropertyNameBecomesItsColumnName(property: String, column: String) {
        #expect(SQLiteToPostgres.snakeCase(property) == column)
    }

    static let demoPhotos = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Demo/photos").path

    @Test func theDemoWorldIsCopiedWholeAndGoesOnWhereItStopped() throws {
        let sqlite = try AppDatabase(directory: folder)
        try DemoWorld(database: sqlite, hasher: PasswordHasher(parameters: .fastForTests)).seed()
        try DemoPortfolios(database: sqlite, photos: PhotoLibrary(stores: .sqlite(sqlite), mediaDirectory: folder + "/media"),
                           photosDirectory: Self.demoPhotos).seed()
        // With the library, a message carries a demo photo (`chatAttachment`).
        try DemoConversations(database: sqlite, photos: PhotoLibrary(stores: .sqlite(sqlite), mediaDirectory: folder + "/media"),
                              photosDirectory: Self.demoPhotos).seed()
        try DemoBookings(database: sqlite).seed()
        // The tables the demo leaves empty get a row each, as a running site has them.
        try sqlite.pool.write { db in
            let someone = try Int64.fetchOne(db, sql: "SELECT id FROM user ORDER BY id LIMIT 1")!
            let portfolio = try Int64.fetchOne(db, sql: "SELECT id FROM portfolio LIMIT 1")!
            let now = Date()
            try db.execute(sql: "INSERT INTO serverStart (startedAt, version) VALUES (?, '1.0')", arguments: [now])
            try db.execute(sql: "INSERT INTO session VALUES ('hash', ?, 'csrf', ?, ?)", arguments: [someone, now, now])
            try db.execute(sql: "INSERT INTO emailConfirmation (tokenHash, userId, expiresAt, email, usedAt) VALUES ('token', ?, ?, 'a@b.cz', ?)",
                           arguments: [someone, now, now])
            try db.execute(sql: "INSERT INTO passwordReset VALUES ('reset', ?, ?, ?, NULL)", arguments: [someone, now, now])
            try db.execute(sql: "INSERT INTO passwordResetRequest VALUES ('10.0.0.1', ?)", arguments: [now])
            try db.execute(sql: "INSERT INTO mailBounce VALUES ('gone@example.cz', 2, ?)", arguments: [now])
            try db.execute(sql: "INSERT INTO mailSettings VALUES (?, 'daily', 0, 1, 1, 'en')", arguments: [someone])
            // A device's push subscription and the site's VAPID key it was made for.
            try db.execute(sql: """
                INSERT INTO pushSubscription (userId, endpoint, p256dh, auth, userAgent, createdAt)
                VALUES (?, 'https://push.example.net/a', 'BPk', 'au', 'Firefox', ?)
                """, arguments: [someone, now])
            try db.execute(sql: "INSERT INTO pushKey (id, privateKey) VALUES (1, ?)", arguments: [Data(repeating: 7, count: 32)])
            // A person's own MQTT client: its hashes come along, so it keeps working.
            try db.execute(sql: """
                INSERT INTO mqttAccount (userId, label, brokerUsername, mosquittoHash, rabbitHash, createdAt)
                VALUES (?, 'Telefon', 'someone.abc123', '$7$101$salt$hash', 'cmFiYml0', ?)
                """, arguments: [someone, now])
            try db.execute(sql: "INSERT INTO loginFailureByAccount VALUES ('user:1', '10.0.0.1', 2, ?)", arguments: [now])
            try db.execute(sql: "INSERT INTO loginFailureByAddress VALUES ('10.0.0.1', 2, ?)", arguments: [now])
            try db.execute(sql: "INSERT INTO registrationByAddress VALUES ('10.0.0.1', ?)", arguments: [now])
            try db.execute(sql: "INSERT OR IGNORE INTO selectionEntry VALUES (?, ?, ?)", arguments: [someone, portfolio, now])
            try db.execute(sql: """
                INSERT OR IGNORE INTO rating (raterId, ratedId, stars, createdAt, updatedAt, basis)
                SELECT ?, id, 4, ?, ?, 'conversation' FROM user WHERE id <> ? LIMIT 1
                """, arguments: [someone, now, now, someone])
            try db.execute(sql: "UPDATE user SET avatarPhotoId = (SELECT id FROM photo WHERE ownerId = user.id LIMIT 1)")
            // A film waiting for processing, and the film of a photo (its files' names, as JSON).
            try db.execute(sql: """
                INSERT INTO filmJob (ownerId, sourceFile, fileName, state, progress, createdAt, updatedAt)
                VALUES (?, 'incoming/x', 'svatba.mp4', 'waiting', 0, ?, ?)
                """, arguments: [someone, now, now])
            try db.execute(sql: """
                UPDATE photo SET film = '{"duration":2,"frameRateNumerator":25,"frameRateDenominator":1,"width":320,"height":240,"hasAudio":false,"mp4File":"0000000000000001.mp4","mp4Bytes":1,"webmFile":"0000000000000002.webm","webmBytes":1,"storyboardFile":"0000000000000003.jpg","storyboardMapFile":"0000000000000004.vtt","posterTime":0.04}'
                WHERE id = (SELECT min(id) FROM photo)
                """)
            // Someone blocked someone, and wants only photographers to write.
            try db.execute(sql: "INSERT INTO block (blockerId, blockedId, createdAt) VALUES (?, (SELECT max(id) FROM user), ?)",
                           arguments: [someone, now])
            try db.execute(sql: "UPDATE user SET whoMayWrite = 'creatorsOnly' WHERE id = ?", arguments: [someone])
            // An operator, a report and everything an operator does, and a message whose links stay plain.
            let last = try Int64.fetchOne(db, sql: "SELECT max(id) FROM user")!
            let photo = try Int64.fetchOne(db, sql: "SELECT min(id) FROM photo")!
            let message = try Int64.fetchOne(db, sql: "SELECT min(id) FROM chatMessage")!
            try db.execute(sql: "INSERT INTO operator VALUES (?, ?)", arguments: [someone, now])
            try db.execute(sql: """
                INSERT INTO report (reporterId, subjectKind, subjectId, reason, details, state, createdAt)
                VALUES (?, 'portfolio', ?, 'other', 'Cizí fotky', 'open', ?)
                """, arguments: [someone, portfolio, now])
            try db.execute(sql: "INSERT INTO hiddenPortfolio VALUES (?, 'Cizí fotky', ?)", arguments: [portfolio, now])
            try db.execute(sql: "INSERT INTO hiddenPhoto VALUES (?, ?)", arguments: [photo, now])
            try db.execute(sql: "INSERT INTO removedMessage VALUES (?, ?)", arguments: [message, now])
            try db.execute(sql: "INSERT INTO suspension VALUES (?, NULL, 'Spam', ?)", arguments: [last, now])
            try db.execute(sql: """
                INSERT INTO moderationAction (operatorId, action, subjectKind, subjectId, reason, until, createdAt)
                VALUES (?, 'suspend', 'profile', ?, 'Spam', NULL, ?)
                """, arguments: [someone, last, now])
            try db.execute(sql: "UPDATE chatMessage SET linksInert = 1 WHERE id = ?", arguments: [message])
            // Shoots: one booked, one booked and called off, one declined; their cards in the
            // conversation, a photographer's days busy by booking and by hand, a calendar feed.
            let creator = try Int64.fetchOne(db, sql: "SELECT id FROM user WHERE role = 'creator' AND id <> ? LIMIT 1",
                                             arguments: [someone])!
            let room = try Int64.fetchOne(db, sql: "SELECT min(id) FROM chatRoom")!
            func request(declined: Bool) throws -> Int64 {
                try db.execute(sql: """
                    INSERT INTO shootRequest (roomId, clientId, photographerId, kind, firstDay, lastDay, town, hours, budget, message,
                                              createdAt, declineReason, declinedAt)
                    VALUES (?, ?, ?, 'Svatba', '2027-06-12', '2027-06-14', 'Brno', 6, 1500, 'Dobrý den', ?, ?, ?)
                    """, arguments: [room, someone, creator, now, declined ? "Ten den nemohu" : nil, declined ? now : nil])
                return db.lastInsertedRowID
            }
            func booking(on day: String, cancelled: Bool) throws -> Int64 {
                let requestId = try request(declined: false)
                try db.execute(sql: """
                    INSERT INTO shootOffer (requestId, day, startMinutes, hours, place, price, included, validUntil, createdAt)
                    VALUES (?, ?, 840, 6, 'Brno, Špilberk', 9000, 'Úpravy 50 fotek', '2027-05-31', ?)
                    """, arguments: [requestId, day, now])
                try db.execute(sql: """
                    INSERT INTO booking (requestId, offerId, roomId, clientId, photographerId, kind, day, startMinutes, hours, startsAt,
                                         endsAt, place, price, included, createdAt, cancelledById, cancelReason, cancelledAt)
                    VALUES (?, ?, ?, ?, ?, 'Svatba', ?, 840, 6, ?, ?, 'Brno, Špilberk', 9000, 'Úpravy 50 fotek', ?, ?, ?, ?)
                    """, arguments: [requestId, db.lastInsertedRowID, room, someone, creator, day, now, now.addingTimeInterval(6 * 3600),
                                     now, cancelled ? someone : nil, cancelled ? "Nemoc" : nil, cancelled ? now : nil])
                return db.lastInsertedRowID
            }
            let booked = try booking(on: "2027-06-12", cancelled: false)
            _ = try booking(on: "2027-06-13", cancelled: true)
            let declined = try request(declined: true)
            try db.execute(sql: "INSERT INTO busyDay (photographerId, day, bookingId) VALUES (?, '2027-06-12', ?)",
                           arguments: [creator, booked])
            try db.execute(sql: "INSERT INTO busyDay (photographerId, day) VALUES (?, '2027-06-20')", arguments: [creator])
            try db.execute(sql: "UPDATE chatMessage SET cardKind = 'booking', cardId = ? WHERE id = (SELECT max(id) FROM chatMessage)",
                           arguments: [booked])
            try db.execute(sql: "UPDATE chatMessage SET cardKind = 'request', cardId = ? WHERE id = ?", arguments: [declined, message])
            try db.execute(sql: "INSERT INTO calendarToken (userId, token, createdAt) VALUES (?, 'feed-token', ?)",
                           arguments: [creator, now])
            // A demand booked (a booking of its own), an answer withdrawn, hidden by a photographer
            // who takes demands from anywhere.
            try db.execute(sql: """
                INSERT INTO demand (uuid, clientId, firstDay, lastDay, town, townKey, hours, budget, description, openUntil, createdAt,
                                    bookingId)
                VALUES ('d3e40000-0000-4000-8000-0000000003a1', ?, '2027-06-12', '2027-06-14', 'Brno', 'brno', 6, 1500, 'Svatba', '2027-06-01', ?, ?)
                """, arguments: [someone, now, booked])
            let demand = db.lastInsertedRowID
            try db.execute(sql: "INSERT INTO demandTag (demandId, position, label, folded) VALUES (?, 0, 'Svatba', 'svatba')",
                           arguments: [demand])
            try db.execute(sql: """
                INSERT INTO demandPhoto (demandId, position, photoId, file, width, height, thumbnailFile, thumbnailWidth, thumbnailHeight)
                SELECT ?, 0, id, 'aaaaaaaaaaaaaaaa.webp', 1600, 1067, 'bbbbbbbbbbbbbbbb.webp', 320, 320 FROM photo ORDER BY id LIMIT 1
                """, arguments: [demand])
            try db.execute(sql: "INSERT INTO demandHidden (userId, demandId, hiddenAt) VALUES (?, ?, ?)", arguments: [creator, demand, now])
            try db.execute(sql: "INSERT INTO demandReach (userId) VALUES (?) ON CONFLICT DO NOTHING", arguments: [creator])
            try db.execute(sql: "UPDATE shootRequest SET demandId = ?, withdrawnAt = ? WHERE id = ?", arguments: [demand, now, declined])
            // An unlisted portfolio under a licence of its own, a photo's own, a creator's
            // default, and a share link with a password and a last day.
            try db.execute(sql: "UPDATE portfolio SET visibility = 'unlisted', licence = 'cc-by' WHERE id = ?", arguments: [portfolio])
            try db.execute(sql: """
                UPDATE portfolioPhoto SET licence = 'cc0'
                WHERE photoId = (SELECT min(photoId) FROM portfolioPhoto WHERE portfolioId = ?)
                """, arguments: [portfolio])
            try db.execute(sql: "UPDATE user SET licence = 'cc-by-sa' WHERE id = ?", arguments: [creator])
            try db.execute(sql: """
                INSERT INTO shareLink (portfolioId, token, label, expiresAt, passwordHash, viewCount, createdAt)
                VALUES (?, ?, 'Novákovi', ?, 'argon2id-hash', 3, ?)
                """, arguments: [portfolio, String(repeating: "ab", count: 24), now.addingTimeInterval(86_400), now])
            // A proofing gallery of the photographer's for someone: two photos with their
            // watermarked previews (JSON), one picked with a note, the choice sent, a download;
            // and the photographer's `gallery` live event.
            try db.execute(sql: """
                INSERT INTO gallery (photographerId, clientId, title, message, pickLimit, token, createdAt, submittedAt, downloadCount)
                VALUES (?, ?, 'Svatba – výběr', 'Vyberte prosím dvě.', 2, ?, ?, ?, 1)
                """, arguments: [creator, someone, String(repeating: "cd", count: 24), now, now.addingTimeInterval(60)])
            let gallery = db.lastInsertedRowID
            for (position, row) in try Row.fetchAll(db, sql: "SELECT id, variants FROM photo ORDER BY id DESC LIMIT 2").enumerated() {
                try db.execute(sql: """
                    INSERT INTO galleryPhoto (galleryId, photoId, position, fileName, previews) VALUES (?, ?, ?, ?, ?)
                    """, arguments: [gallery, row[0] as Int64, position, "DSC_041\(position).JPG", row[1] as String])
                if position == 0 {
                    try db.execute(sql: "INSERT INTO galleryPick (galleryId, photoId, comment, pickedAt) VALUES (?, ?, ?, ?)",
                                   arguments: [gallery, row[0] as Int64, "Víc zleva, prosím", now])
                }
            }
            try db.execute(sql: "INSERT INTO liveEvent (kind, roomId, userId, payload, createdAt) VALUES ('gallery', 0, ?, ?, ?)",
                           arguments: [creator, GalleryEvent(gallery: gallery, picks: 1).json, now])
            // A photographer's terms, which no demo offer carries.
            try db.execute(sql: "INSERT INTO shootTerms (photographerId, version, text, hash, createdAt) VALUES (?, 1, ?, ?, ?)",
                           arguments: [creator, "Storno do 14 dnů.", ShootTerms.hash(of: "Storno do 14 dnů."), now])
            // A pruned log: the newest sequence is gone from the table but was handed out.
            try db.execute(sql: "INSERT INTO liveEvent (kind, roomId, payload, createdAt) VALUES ('room', 1, '{}', ?)", arguments: [now])
            try db.execute(sql: "DELETE FROM liveEvent WHERE sequence = (SELECT max(sequence) FROM liveEvent)")
        }
        let handedOut = try sqlite.pool.read { db in
            try Int64.fetchOne(db, sql: "SELECT seq FROM sqlite_sequence WHERE name = 'liveEvent'")!
        }

        let pool = try PostgresPool(url: try TemporaryPostgres.shared.newDatabase(), size: 2)
        let report = try SQLiteToPostgres(from: sqlite, to: pool).copy()
        let empty = report.rows.filter { $0.count == 0 }.map(\.table)
        #expect(empty.isEmpty, "the test leaves \(empty) without rows to copy")
        // Devices keep their subscriptions, and the VAPID key those were made for.
        #expect(report.rows.contains { $0.table == "push_subscription" && $0.count == 1 })
        #expect(try pool.withConnection { try $0.query("SELECT broker_username, mosquitto_hash FROM mqtt_account").first
            .map { [try $0.decode(0, as: String.self), try $0.decode(1, as: String.self)] } } == ["someone.abc123", "$7$101$salt$hash"])
        #expect(try pool.withConnection { try $0.query("SELECT private_key FROM push_key").first?.decode(0, as: Data.self) }
            == Data(repeating: 7, count: 32))

        try pool.withConnection { connection in
            // The copy leaves the planner statistics of what it copied (never analysed is -1).
            for table in ["account", "portfolio", "photo", "portfolio_tag", "chat_message"] {
                #expect(try connection.query("SELECT reltuples::float8 FROM pg_class WHERE relname = $1", [table])[0]
                    .decode(0, as: Double.self) > 0, "\(table) was not analysed")
            }
            // Values, not only counts: people, a message to the millisecond, a photo's JSON.
            let (sqlitePeople, message, photo) = try sqlite.pool.read { db in
                (try Row.fetchAll(db, sql: "SELECT id, username, email, passwordHash, avatarPhotoId, priceByAgreement, whoMayWrite FROM user ORDER BY id")
                    .map { "\($0[0] as Int64) \($0[1] as String) \($0[2] as String) \($0[3] as String) \(($0[4] as Int64?).map(String.init) ?? "-") \($0[5] as Bool) \($0[6] as String)" },
                 try Row.fetchOne(db, sql: "SELECT id, content, sentAt, uuid FROM chatMessage ORDER BY id DESC LIMIT 1")!,
                 try Row.fetchOne(db, sql: "SELECT id, variants, shot, film FROM photo ORDER BY id LIMIT 1")!)
            }
            let people = try connection.query("""
                SELECT id, username, email, password_hash, avatar_photo_id, price_by_agreement, who_may_write FROM account ORDER BY id
                """).map { row in
                "\(try row.decode(0, as: Int64.self)) \(try row.decode(1, as: String.self)) \(try row.decode(2, as: String.self)) "
                    + "\(try row.decode(3, as: String.self)) \(try row.decodeIfPresent(4, as: Int64.self).map(String.init) ?? "-") "
                    + "\(try row.decode(5, as: Bool.self)) \(try row.decode(6, as: String.self))"
            }
            #expect(people == sqlitePeople)
            let copied = try connection.query("SELECT content, sent_at, uuid FROM chat_message WHERE id = $1",
                                              [message[0] as Int64])[0]
            #expect(try copied.decode(0, as: String.self) == message[1] as String)
            let sent: Date = message[2]
            #expect(abs(try copied.decode(1, as: Date.self).timeIntervalSince(sent)) < 0.000_5)
            #expect(try copied.decode(2, as: String.self) == message[3] as String)
            // Every message is indexed for search, by its own words.
            #expect(try connection.query("SELECT count(*) FROM chat_message WHERE search IS NULL")[0].decode(0, as: Int.self) == 0)
            let words = SearchWords.of(message[1] as String)
            if let word = words.first {
                #expect(try connection.query("SELECT id FROM chat_message WHERE search @@ $1::tsquery",
                                             [MessageSearch(word).tsQuery]).map { try $0.decode(0, as: Int64.self) }
                    .contains(message[0] as Int64))
            }
            let copiedPhoto = try connection.query("SELECT variants, shot, film FROM photo WHERE id = $1", [photo[0] as Int64])[0]
            #expect(try copiedPhoto.decode(0, as: String.self) == photo[1] as String)
            #expect(try copiedPhoto.decode(1, as: String.self) == photo[2] as String)
            #expect(try copiedPhoto.decode(2, as: String.self) == photo[3] as String)

            // Shoots and what points at them: days as text, cards on their messages, bases of ratings.
            let (sqliteBusy, sqliteCards, sqliteBookings) = try sqlite.pool.read { db in
                (try Row.fetchAll(db, sql: "SELECT photographerId, day, bookingId FROM busyDay ORDER BY day")
                    .map { "\($0[0] as Int64) \($0[1] as String) \(($0[2] as Int64?).map(String.init) ?? "-")" },
                 try Row.fetchAll(db, sql: "SELECT id, cardKind, cardId FROM chatMessage WHERE cardId IS NOT NULL ORDER BY id")
                    .map { "\($0[0] as Int64) \($0[1] as String) \($0[2] as Int64)" },
                 try Row.fetchAll(db, sql: "SELECT id, day, endsAt, cancelReason FROM booking ORDER BY id")
                    .map { "\($0[0] as Int64) \($0[1] as String) \(Self.milliseconds($0[2] as Date)) \(($0[3] as String?) ?? "-")" })
            }
            #expect(try connection.query("SELECT photographer_id, day, booking_id FROM busy_day ORDER BY day").map { row in
                "\(try row.decode(0, as: Int64.self)) \(try row.decode(1, as: String.self)) "
                    + (try row.decodeIfPresent(2, as: Int64.self).map(String.init) ?? "-")
            } == sqliteBusy)
            #expect(try connection.query("SELECT id, card_kind, card_id FROM chat_message WHERE card_id IS NOT NULL ORDER BY id").map { row in
                "\(try row.decode(0, as: Int64.self)) \(try row.decode(1, as: String.self)) \(try row.decode(2, as: Int64.self))"
            } == sqliteCards)
            #expect(try connection.query("SELECT id, day, ends_at, cancel_reason FROM booking ORDER BY id").map { row in
                "\(try row.decode(0, as: Int64.self)) \(try row.decode(1, as: String.self)) "
                    + "\(Self.milliseconds(try row.decode(2, as: Date.self))) \(try row.decodeIfPresent(3, as: String.self) ?? "-")"
            } == sqliteBookings)
            #expect(try connection.query("SELECT DISTINCT basis FROM rating ORDER BY basis").map { try $0.decode(0, as: String.self) }
                    == ["conversation"])

            // Visibility and licences, and the share link to the millisecond.
            let (sqlitePortfolios, sqlitePhotoLicences, sqliteLicences, sqliteLinks) = try sqlite.pool.read { db in
                (try Row.fetchAll(db, sql: "SELECT id, visibility, licence FROM portfolio ORDER BY id")
                    .map { "\($0[0] as Int64) \($0[1] as String) \(($0[2] as String?) ?? "-")" },
                 try Row.fetchAll(db, sql: "SELECT photoId, licence FROM portfolioPhoto WHERE licence IS NOT NULL ORDER BY photoId")
                    .map { "\($0[0] as Int64) \($0[1] as String)" },
                 try Row.fetchAll(db, sql: "SELECT id, licence FROM user ORDER BY id").map { "\($0[0] as Int64) \($0[1] as String)" },
                 try Row.fetchAll(db, sql: "SELECT * FROM shareLink ORDER BY id").map { row in
                     "\(row["id"] as Int64) \(row["portfolioId"] as Int64) \(row["token"] as String) \(row["label"] as String) "
                         + "\(Self.milliseconds(row["expiresAt"] as Date?)) \(Self.text(row["passwordHash"] as String?)) "
                         + "\(row["viewCount"] as Int) "
                         + "\(Self.milliseconds(row["createdAt"] as Date))"
                 })
            }
            #expect(sqlitePortfolios.contains { $0.hasSuffix(" unlisted cc-by") })
            #expect(try connection.query("SELECT id, visibility, licence FROM portfolio ORDER BY id").map { row in
                "\(try row.decode(0, as: Int64.self)) \(try row.decode(1, as: String.self)) \(try row.decodeIfPresent(2, as: String.self) ?? "-")"
            } == sqlitePortfolios)
            #expect(!sqlitePhotoLicences.isEmpty)
            #expect(try connection.query("SELECT photo_id, licence FROM portfolio_photo WHERE licence IS NOT NULL ORDER BY photo_id").map { row in
                "\(try row.decode(0, as: Int64.self)) \(try row.decode(1, as: String.self))"
            } == sqlitePhotoLicences)
            #expect(try connection.query("SELECT id, licence FROM account ORDER BY id").map { row in
                "\(try row.decode(0, as: Int64.self)) \(try row.decode(1, as: String.self))"
            } == sqliteLicences)
            #expect(try connection.query("""
                SELECT id, portfolio_id, token, label, expires_at, password_hash, view_count, created_at FROM share_link ORDER BY id
                """).map { row in
                "\(try row.decode(0, as: Int64.self)) \(try row.decode(1, as: Int64.self)) \(try row.decode(2, as: String.self)) "
                    + "\(try row.decode(3, as: String.self)) \(Self.milliseconds(try row.decodeIfPresent(4, as: Date.self))) "
                    + "\(Self.text(try row.decodeIfPresent(5, as: String.self))) \(try row.decode(6, as: Int.self)) "
                    + "\(Self.milliseconds(try row.decode(7, as: Date.self)))"
            } == sqliteLinks)

            // The gallery to the millisecond, its photos' previews as stored, the pick, and
            // the gallery event; read back through the PostgreSQL store too.
            let (sqliteGalleries, sqliteGalleryPhotos, sqlitePicks, sqliteGalleryEvents) = try sqlite.pool.read { db in
                (try Row.fetchAll(db, sql: "SELECT * FROM gallery ORDER BY id").map { row in
                     "\(row["id"] as Int64) \(row["photographerId"] as Int64) \(row["clientId"] as Int64) \(row["title"] as String) "
                         + "\(row["pickLimit"] as Int) \(row["token"] as String) \(Self.milliseconds(row["createdAt"] as Date)) "
                         + "\(Self.milliseconds(row["submittedAt"] as Date)) \(row["downloadCount"] as Int)"
                 },
                 try Row.fetchAll(db, sql: "SELECT galleryId, photoId, position, fileName, previews FROM galleryPhoto ORDER BY galleryId, position")
                    .map { "\($0[0] as Int64) \($0[1] as Int64) \($0[2] as Int) \($0[3] as String) \($0[4] as String)" },
                 try Row.fetchAll(db, sql: "SELECT galleryId, photoId, comment, pickedAt FROM galleryPick ORDER BY photoId")
                    .map { "\($0[0] as Int64) \($0[1] as Int64) \($0[2] as String) \(Self.milliseconds($0[3] as Date))" },
                 try Row.fetchAll(db, sql: "SELECT sequence, userId, payload FROM liveEvent WHERE kind = 'gallery' ORDER BY sequence")
                    .map { "\($0[0] as Int64) \($0[1] as Int64) \($0[2] as String)" })
            }
            #expect(sqliteGalleries.count == 1 && sqliteGalleryPhotos.count == 2 && sqlitePicks.count == 1)
            #expect(try connection.query("""
                SELECT id, photographer_id, client_id, title, pick_limit, token, created_at, submitted_at, download_count
                FROM gallery ORDER BY id
                """).map { row in
                "\(try row.decode(0, as: Int64.self)) \(try row.decode(1, as: Int64.self)) \(try row.decode(2, as: Int64.self)) "
                    + "\(try row.decode(3, as: String.self)) \(try row.decode(4, as: Int.self)) \(try row.decode(5, as: String.self)) "
                    + "\(Self.milliseconds(try row.decode(6, as: Date.self))) \(Self.milliseconds(try row.decode(7, as: Date.self))) "
                    + "\(try row.decode(8, as: Int.self))"
            } == sqliteGalleries)
            #expect(try connection.query("""
                SELECT gallery_id, photo_id, position, file_name, previews FROM gallery_photo ORDER BY gallery_id, position
                """).map { row in
                "\(try row.decode(0, as: Int64.self)) \(try row.decode(1, as: Int64.self)) \(try row.decode(2, as: Int.self)) "
                    + "\(try row.decode(3, as: String.self)) \(try row.decode(4, as: String.self))"
            } == sqliteGalleryPhotos)
            #expect(try connection.query("SELECT gallery_id, photo_id, comment, picked_at FROM gallery_pick ORDER BY photo_id").map { row in
                "\(try row.decode(0, as: Int64.self)) \(try row.decode(1, as: Int64.self)) \(try row.decode(2, as: String.self)) "
                    + "\(Self.milliseconds(try row.decode(3, as: Date.self)))"
            } == sqlitePicks)
            #expect(try connection.query("SELECT sequence, user_id, payload FROM live_event WHERE kind = 'gallery' ORDER BY sequence")
                .map { row in
                    "\(try row.decode(0, as: Int64.self)) \(try row.decode(1, as: Int64.self)) \(try row.decode(2, as: String.self))"
                } == sqliteGalleryEvents)
            let (galleryId, photographerId) = try sqlite.pool.read { db in
                try Row.fetchOne(db, sql: "SELECT id, photographerId FROM gallery").map { ($0[0] as Int64, $0[1] as Int64) }!
            }
            let galleries = Stores.postgres(pool).galleries
            let copiedGallery = try #require(try galleries.gallery(id: galleryId))
            let copiedDetails = try #require(try galleries.details(of: copiedGallery))
            let previewFiles = try sqlite.pool.read { db in
                try String.fetchAll(db, sql: "SELECT previews FROM galleryPhoto WHERE galleryId = ? ORDER BY position", arguments: [galleryId])
                    .map(Variant.fileNames(inStoredJSON:))
            }
            #expect(previewFiles.count == 2 && previewFiles.allSatisfy { !$0.isEmpty })
            #expect(copiedDetails.photos.map { $0.previews.map(\.fileName) } == previewFiles)
            #expect(copiedDetails.picks.map { $0.pick?.comment } == ["Víc zleva, prosím"])
            #expect(copiedGallery.state == .submitted && copiedGallery.downloadCount == 1)
            #expect(try galleries.galleries(photographerId: photographerId).map { [$0.picks, $0.photos] } == [[1, 2]])
            #expect(try PostgresLiveEventLog(pool: pool).events(after: 0, for: photographerId, limit: 1000)
                .filter { $0.kind == .gallery }.map(\.payload) == [GalleryEvent(gallery: galleryId, picks: 1).json])

            // New rows go on after the copied ones.
            #expect(try connection.query("SELECT last FROM live_sequence")[0].decode(0, as: Int64.self) == handedOut)
            let next = try connection.query("""
                INSERT INTO account (username, full_name, email, location, role, password_hash, created_at)
                VALUES ('nova', 'Nová', 'nova@example.cz', 'Brno', 'client', 'x', now()) RETURNING id
                """)[0].decode(0, as: Int64.self)
            #expect(Int(next) == people.count + 1)
        }
    }

    static func milliseconds(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1000).rounded()) }

    /// The milliseconds of a date that may be missing, "-" when it is.
    static func milliseconds(_ date: Date?) -> String { date.map { String(milliseconds($0)) } ?? "-" }

    /// A text that may be missing, "-" when it is.
    static func text(_ text: String?) -> String { text ?? "-" }

    @Test func aDatabaseThatHoldsPeopleIsNotCopiedInto() throws {
        let sqlite = try AppDatabase(directory: folder)
        try DemoWorld(database: sqlite, hasher: PasswordHasher(parameters: .fastForTests)).seed()
        let pool = try PostgresPool(url: try TemporaryPostgres.shared.newDatabase(), size: 1)
        _ = try SQLiteToPostgres(from: sqlite, to: pool).copy()
        let error = #expect(throws: SQLiteToPostgres.Refused.self) { try SQLiteToPostgres(from: sqlite, to: pool).copy() }
        #expect(error?.description.contains("copy into an empty one") == true)
    }
}
