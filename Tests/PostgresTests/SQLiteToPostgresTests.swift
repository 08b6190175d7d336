import Foundation
import Fotofolio
import FotofolioDemo
@testable import FotofolioPostgres
import GRDB
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
        try DemoConversations(database: sqlite).seed()
        try DemoBookings(database: sqlite).seed()
        // The tables the demo leaves empty get a row each, as a running site has them.
        try sqlite.pool.write { db in
            let someone = try Int64.fetchOne(db, sql: "SELECT id FROM user ORDER BY id LIMIT 1")!
            let portfolio = try Int64.fetchOne(db, sql: "SELECT id FROM portfolio LIMIT 1")!
            let now = Date()
            try db.execute(sql: "INSERT INTO serverStart (startedAt, version) VALUES (?, '1.0')", arguments: [now])
            try db.execute(sql: "INSERT INTO session VALUES ('hash', ?, 'csrf', ?, ?)", arguments: [someone, now, now])
            try db.execute(sql: "INSERT INTO emailConfirmation VALUES ('token', ?, ?)", arguments: [someone, now])
            try db.execute(sql: "INSERT INTO loginFailureByAccount VALUES ('user:1', '10.0.0.1', 2, ?)", arguments: [now])
            try db.execute(sql: "INSERT INTO loginFailureByAddress VALUES ('10.0.0.1', 2, ?)", arguments: [now])
            try db.execute(sql: "INSERT INTO registrationByAddress VALUES ('10.0.0.1', ?)", arguments: [now])
            try db.execute(sql: "INSERT OR IGNORE INTO selectionEntry VALUES (?, ?, ?)", arguments: [someone, portfolio, now])
            try db.execute(sql: """
                INSERT OR IGNORE INTO rating (raterId, ratedId, stars, updatedAt, basis)
                SELECT ?, id, 4, ?, 'conversation' FROM user WHERE id <> ? LIMIT 1
                """, arguments: [someone, now, someone])
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
            try db.execute(sql: "INSERT INTO hiddenMedia VALUES ('00000000000000aa.webp', ?)", arguments: [photo])
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

        try pool.withConnection { connection in
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

            // New rows go on after the copied ones.
            #expect(try connection.query("SELECT last FROM live_sequence")[0].decode(0, as: Int64.self) == handedOut)
            let next = try connection.query("""
                INSERT INTO account (username, full_name, email, location, role, password_hash, created_at)
                VALUES ('nova', 'Nová', 'nova@example.cz', 'Brno', 'client', 'x', now()) RETURNING id
                """)[0].decode(0, as: Int64.self)
            #expect(next == people.count + 1)
        }
    }

    static func milliseconds(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1000).rounded()) }

    @Test func aDatabaseThatHoldsPeopleIsNotCopiedInto() throws {
        let sqlite = try AppDatabase(directory: folder)
        try DemoWorld(database: sqlite, hasher: PasswordHasher(parameters: .fastForTests)).seed()
        let pool = try PostgresPool(url: try TemporaryPostgres.shared.newDatabase(), size: 1)
        _ = try SQLiteToPostgres(from: sqlite, to: pool).copy()
        let error = #expect(throws: SQLiteToPostgres.Refused.self) { try SQLiteToPostgres(from: sqlite, to: pool).copy() }
        #expect(error?.description.contains("copy into an empty one") == true)
    }
}
