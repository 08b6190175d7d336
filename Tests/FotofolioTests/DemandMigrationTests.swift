import Foundation
import GRDB
import Testing
@testable import Fotofolio
@testable import FotofolioSQLite

/// A site made before demands keeps its reports and its pushes through the migration that
/// lets both name demands (SQLite rebuilds a table to change its check), and then takes them.
@Suite(.enabled(if: TestStore.kind == .sqlite, "migrates SQLite's own database file")) final class DemandMigrationTests {
    let directory = NSTemporaryDirectory() + "fotofolio-db-" + UUID().uuidString

    deinit { try? FileManager.default.removeItem(atPath: directory) }

    @Test func reportsAndPushesMadeBeforeAreKeptAndDemandsMayBeBoth() throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let pool = try DatabasePool(path: directory + "/fotofolio.sqlite")
        try Schema.migrator.migrate(pool, upTo: "v29 currencies, refunds, credit notes and final invoices")
        try pool.write { db in
            try db.execute(sql: """
                INSERT INTO user (id, username, fullName, email, location, role, passwordHash, createdAt)
                VALUES (1, 'vojta', 'Vojta', 'v@example.cz', 'Brno', 'creator', 'x', '2026-01-01 00:00:00.000'),
                       (2, 'jana', 'Jana', 'j@example.cz', 'Brno', 'client', 'x', '2026-01-01 00:00:00.000');
                INSERT INTO report (reporterId, subjectKind, subjectId, reason, details, state, createdAt)
                VALUES (2, 'profile', 1, 'spam', '', 'open', '2026-01-01 00:00:00.000');
                INSERT INTO pushSubscription (id, userId, endpoint, p256dh, auth, userAgent, createdAt)
                VALUES (1, 1, 'https://push.example.net/a', 'k', 'a', 'Firefox', '2026-01-01 00:00:00.000');
                INSERT INTO push (key, subscriptionId, recipientId, kind, roomId, messageId, content, state, createdAt, dueAt)
                VALUES ('m1:s1', 1, 1, 'message', 3, 1, '{}', 'pending', '2026-01-01 00:00:00.000', '2026-01-01 00:00:00.000');
                """)
        }
        try Schema.migrator.migrate(pool)
        try pool.write { db in
            #expect(try String.fetchAll(db, sql: "SELECT subjectKind FROM report") == ["profile"])
            #expect(try String.fetchAll(db, sql: "SELECT key FROM push WHERE state = 'pending'") == ["m1:s1"])
            try db.execute(sql: """
                INSERT INTO report (reporterId, subjectKind, subjectId, reason, details, state, createdAt)
                VALUES (1, 'demand', 1, 'spam', '', 'open', '2026-01-02 00:00:00.000');
                INSERT INTO push (key, subscriptionId, recipientId, kind, content, state, createdAt, dueAt)
                VALUES ('d1:s1', 1, 1, 'demand', '{}', 'pending', '2026-01-02 00:00:00.000', '2026-01-02 00:00:00.000');
                """)
            // The indexes the sender and reads use are there again.
            let indexes = Set(try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name IN ('push', 'report')"))
            #expect(indexes.isSuperset(of: ["push_due", "push_bySubscriptionRoom", "push_pendingByRecipientRoom", "report_openOnce",
                                            "report_bySubject", "report_byReporter"]), "\(indexes)")
        }
    }
}
