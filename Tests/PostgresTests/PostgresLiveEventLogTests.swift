import Foundation
import Fotofolio
import FotofolioPostgres
import Postgres
import PostgresCluster
import Testing

/// The live log with several writers: every event a reader sees arrives exactly once, in
/// sequence order, with no gap the reader could pass before a late commit fills it.
@Suite struct PostgresLiveEventLogTests {
    @Test func threeWritersAndAPollingReaderSeeEveryEventOnceInOrder() throws {
        let url = try TemporaryPostgres.shared.newMigratedDatabase()
        let (writers, perWriter) = (3, 2_000)
        let done = DispatchGroup()
        let finished = NSLock()
        nonisolated(unsafe) var writing = writers
        nonisolated(unsafe) var failures: [String] = []
        for writer in 0..<writers {
            let pool = try PostgresPool(url: url, size: 1) // a process of its own, as a node would be
            DispatchQueue.global().async(group: done) {
                let outcome = Result {
                    for number in 0..<perWriter {
                        try pool.transaction { connection in
                            try PostgresLiveEventLog.append(.message, roomId: Int64(writer), payload: "\(writer):\(number)",
                                                            at: Date(), connection)
                            // Some transactions run on after their append, so commits overtake
                            // each other if numbering allowed it.
                            if number % 7 == 0 { try connection.query("SELECT pg_sleep(0.001)") }
                        }
                    }
                }
                finished.lock()
                writing -= 1
                if case .failure(let error) = outcome { failures.append("\(error)") }
                finished.unlock()
            }
        }
        let log = PostgresLiveEventLog(pool: try PostgresPool(url: url, size: 1))
        var seen: [LiveEvent] = []
        var after: Int64 = 0
        while true {
            finished.lock()
            let stillWriting = writing > 0
            finished.unlock()
            let batch = try log.events(after: after, limit: 500)
            seen += batch
            after = batch.last?.sequence ?? after
            if !stillWriting && batch.isEmpty { break }
        }
        done.wait()
        #expect(failures.isEmpty)
        #expect(seen.count == writers * perWriter)
        #expect(seen.map(\.sequence) == Array(1...Int64(writers * perWriter)), "a sequence was skipped, repeated or out of order")
        for writer in 0..<writers {
            let own = seen.filter { $0.roomId == Int64(writer) }.map(\.payload)
            #expect(own == (0..<perWriter).map { "\(writer):\($0)" }, "writer \(writer)'s events in its own order")
        }
        #expect(try log.latestSequence() == Int64(writers * perWriter))
    }

    @Test func aRolledBackAppendLeavesNoGap() throws {
        let url = try TemporaryPostgres.shared.newMigratedDatabase()
        let pool = try PostgresPool(url: url, size: 1)
        struct Refused: Error {}
        try pool.transaction { try PostgresLiveEventLog.append(.room, roomId: 1, payload: "{}", at: Date(), $0) }
        #expect(throws: Refused.self) {
            try pool.transaction { connection in
                try PostgresLiveEventLog.append(.room, roomId: 1, payload: "{}", at: Date(), connection)
                throw Refused()
            }
        }
        try pool.transaction { try PostgresLiveEventLog.append(.room, roomId: 1, payload: "{}", at: Date(), $0) }
        let log = PostgresLiveEventLog(pool: pool)
        #expect(try log.events(after: 0, limit: 10).map(\.sequence) == [1, 2])
    }

    @Test func pruningKeepsTheNewestAndTheLatestSequence() throws {
        let url = try TemporaryPostgres.shared.newMigratedDatabase()
        let pool = try PostgresPool(url: url, size: 1)
        let old = Date(timeIntervalSince1970: 1_700_000_000)
        for _ in 0..<5 {
            try pool.transaction { try PostgresLiveEventLog.append(.read, roomId: 2, for: 7, payload: "{}", at: old, $0) }
        }
        let log = PostgresLiveEventLog(pool: pool)
        #expect(try log.prune(olderThan: Date()) == 4)
        #expect(try log.oldestSequence() == 5)
        #expect(try log.latestSequence() == 5)
        #expect(try log.events(after: 0, for: 7, limit: 10).map(\.sequence) == [5])
    }
}

/// Migrations apply once, also when several nodes start at the same moment.
@Suite struct PostgresSchemaTests {
    @Test func nodesStartingTogetherMigrateOnceBetweenThem() throws {
        let url = try TemporaryPostgres.shared.newDatabase()
        let pools = try (0..<3).map { _ in try PostgresPool(url: url, size: 1) }
        let applied = NSLock()
        nonisolated(unsafe) var counts: [Int] = []
        nonisolated(unsafe) var errors: [String] = []
        DispatchQueue.concurrentPerform(iterations: pools.count) { index in
            let outcome = Result { try PostgresSchema.migrate(pools[index]) }
            applied.lock()
            switch outcome {
            case .success(let done): counts.append(done.count)
            case .failure(let error): errors.append("\(error)")
            }
            applied.unlock()
        }
        #expect(errors.isEmpty)
        #expect(counts.sorted() == [0, 0, PostgresSchema.migrations.count])
        #expect(try PostgresSchema.appliedMigrations(pools[0]) == PostgresSchema.migrations.map(\.identifier))
        #expect(try PostgresSchema.migrate(pools[0]).isEmpty)
    }

    @Test func theDatabaseEnforcesTheDomainsConstraints() throws {
        let pool = try migratedDatabase(connections: 1)
        try pool.withConnection { connection in
            let now = Date()
            let ids = try [("eva", "Eva@Example.cz"), ("adam", "adam@example.cz")].map { name, email in
                try insertAccount(name, email: email, at: now, connection)
            }
            #expect(ids == [1, 2])
            func refusal(_ sql: String, _ parameters: [any PostgresEncodable]) -> PostgresError? {
                #expect(throws: PostgresError.self) { try connection.query(sql, parameters) }
            }
            let sameAddress = #expect(throws: PostgresError.self) { try insertAccount("eva2", email: "eva@example.CZ", at: now, connection) }
            #expect(sameAddress?.constraint == "account_email", "an e-mail differing only in case")
            let rating = "INSERT INTO rating (rater_id, rated_id, stars, updated_at, created_at) VALUES "
            #expect(refusal(rating + "(1, 1, 5, $1, $1)", [now])?.isCheckViolation == true, "rating oneself")
            #expect(refusal(rating + "(1, 2, 6, $1, $1)", [now])?.isCheckViolation == true, "six stars")
            try connection.query(rating + "(1, 2, 5, $1, $1)", [now])
            #expect(refusal(rating + "(1, 2, 4, $1, $1)", [now])?.isUniqueViolation == true, "a second rating")
            try connection.query("INSERT INTO chat_room (kind, created_by, created_at, direct_key) VALUES ('direct', 1, $1, '1:2')", [now])
            #expect(refusal("INSERT INTO chat_room (kind, created_by, created_at, direct_key) VALUES ('direct', 2, $1, '1:2')",
                            [now])?.isUniqueViolation == true, "a second direct room for a pair")
            #expect(refusal("INSERT INTO chat_room (kind, created_by, created_at) VALUES ('direct', 2, $1)",
                            [now])?.isCheckViolation == true, "a direct room without its pair")
            // One busy day per photographer and day, whoever marks it; one booking per request.
            try connection.query("INSERT INTO busy_day (photographer_id, day) VALUES (2, '2027-06-12')")
            #expect(refusal("INSERT INTO busy_day (photographer_id, day) VALUES (2, '2027-06-12')", [])?.constraint == "busy_day_pkey",
                    "a day busy twice")
            try connection.query("""
                INSERT INTO shoot_request (room_id, client_id, photographer_id, kind, first_day, last_day, town, hours, budget, message,
                                           created_at)
                VALUES (1, 1, 2, 'Svatba', '2027-06-13', '2027-06-13', 'Brno', 2, 1000, '', $1)
                """, [now])
            for _ in 1...2 {
                try connection.query("""
                    INSERT INTO shoot_offer (request_id, day, start_minutes, hours, place, price, included, valid_until, created_at)
                    VALUES (1, '2027-06-13', 600, 2, 'Brno', 2000, '', '2027-06-01', $1)
                    """, [now])
            }
            let booking = """
                INSERT INTO booking (request_id, offer_id, room_id, client_id, photographer_id, kind, day, start_minutes, hours, starts_at,
                                     ends_at, place, price, included, created_at)
                VALUES (1, $1, 1, 1, 2, 'Svatba', '2027-06-13', 600, 2, $2, $2, 'Brno', 2000, '', $2)
                """
            try connection.query(booking, [1, now])
            #expect(refusal(booking, [2, now])?.isUniqueViolation == true, "a second booking of a request")
        }
    }

    /// v9 widens the live log's check of kinds on a database that ran the earlier
    /// migrations with events in its log, and its galleries keep SQLite's constraints.
    @Test func galleriesComeToADatabaseMigratedBeforeThem() throws {
        let pool = try PostgresPool(url: try TemporaryPostgres.shared.newDatabase(), size: 1)
        let index = try #require(PostgresSchema.migrations.firstIndex { $0.identifier == "v9 proofing galleries" })
        try pool.withConnection { connection in
            try connection.execute("CREATE TABLE schema_migration (identifier text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())")
            for migration in PostgresSchema.migrations[..<index] {
                try connection.execute(migration.sql)
                try connection.query("INSERT INTO schema_migration (identifier) VALUES ($1)", [migration.identifier])
            }
            try connection.query("INSERT INTO live_event VALUES (1, 'room', 1, NULL, '{}', now())")
            #expect(throws: PostgresError.self) { try connection.query("INSERT INTO live_event VALUES (2, 'gallery', 0, 1, '{}', now())") }
        }
        #expect(try PostgresSchema.migrate(pool) == PostgresSchema.migrations[index...].map(\.identifier))
        try pool.withConnection { connection in
            func refusal(_ sql: String, _ parameters: [any PostgresEncodable] = []) -> PostgresError? {
                #expect(throws: PostgresError.self) { try connection.query(sql, parameters) }
            }
            try connection.query("INSERT INTO live_event VALUES (2, 'gallery', 0, 1, '{}', now())")
            #expect(refusal("INSERT INTO live_event VALUES (3, 'other', 0, 1, '{}', now())")?.isCheckViolation == true)
            let checks = try connection.query("SELECT count(*) FROM pg_constraint WHERE conrelid = 'live_event'::regclass AND contype = 'c'")
            #expect(try checks[0].decode(0, as: Int.self) == 1)

            let photographer = try insertAccount("vojta", email: "v@example.cz", connection)
            let client = try insertAccount("jana", email: "j@example.cz", role: "client", connection)
            let photo = try connection.query("""
                INSERT INTO photo (owner_id, original_file, format, width, height, byte_count, placeholder_color, crop_center_x,
                                   crop_center_y, crop_zoom, variants, shot, created_at)
                VALUES ($1, 'x.jpg', 'jpeg', 10, 10, 1, '#000000', 0.5, 0.5, 1, '[]', '{}', now()) RETURNING id
                """, [photographer])[0].decode(0, as: Int64.self)
            let gallery = """
                INSERT INTO gallery (photographer_id, client_id, title, message, token, created_at)
                VALUES ($1, $2, '', '', $3, now()) RETURNING id
                """
            let first = try connection.query(gallery, [photographer, client, "t1"])[0].decode(0, as: Int64.self)
            let second = try connection.query(gallery, [photographer, client, "t2"])[0].decode(0, as: Int64.self)
            #expect(refusal(gallery, [photographer, client, "t1"])?.constraint == "gallery_token_key", "a token twice")
            let galleryPhoto = "INSERT INTO gallery_photo VALUES ($1, $2, $3, 'a.jpg', '[]')"
            try connection.query(galleryPhoto, [first, photo, 0])
            #expect(refusal(galleryPhoto, [second, photo, 0])?.constraint == "gallery_photo_photo_id_key", "a photo in two galleries")
            let pick = "INSERT INTO gallery_pick VALUES ($1, $2, '', now())"
            try connection.query(pick, [first, photo])
            #expect(refusal(pick, [first, photo])?.constraint == "gallery_pick_pkey", "a photo picked twice")

            // A client's account gone leaves the gallery to its link; a photographer's takes it along.
            try connection.query("DELETE FROM account WHERE id = $1", [client])
            #expect(try connection.query("SELECT count(*) FROM gallery WHERE client_id IS NULL")[0].decode(0, as: Int.self) == 2)
            try connection.query("DELETE FROM account WHERE id = $1", [photographer])
            for table in ["gallery", "gallery_photo", "gallery_pick"] {
                #expect(try connection.query("SELECT count(*) FROM \(table)")[0].decode(0, as: Int.self) == 0, "\(table)")
            }
        }
    }

    @Test func peopleAreFoundByPrefixWithoutAccentsOrCase() throws {
        let pool = try migratedDatabase(connections: 1)
        try pool.withConnection { connection in
            try insertAccount("ad.fotograf", fullName: "Adéla Dvořáková", email: "a@example.cz", connection)
            for query in ["plz", "PLZEN", "dvorakova", "adel", "fotog"] {
                let found = try connection.query("""
                    SELECT username FROM account WHERE search @@ to_tsquery('simple', folded($1) || ':*')
                    """, [query]).map { try $0.decode(0, as: String.self) }
                #expect(found == ["ad.fotograf"], "searching \(query)")
            }
        }
    }
}
