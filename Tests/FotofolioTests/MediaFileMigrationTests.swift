import Foundation
import GRDB
import Testing
@testable import Fotofolio
@testable import FotofolioSQLite

/// A site made before files were known by the photos that use them finds every file of
/// every photo, film and gallery preview known after the migration, so none of them
/// answers 404 on the first request after the upgrade.
@Suite(.enabled(if: TestStore.kind == .sqlite, "migrates SQLite's own database file")) final class MediaFileMigrationTests {
    let directory = NSTemporaryDirectory() + "fotofolio-db-" + UUID().uuidString

    deinit { try? FileManager.default.removeItem(atPath: directory) }

    @Test func filesOfPhotosFilmsAndPreviewsMadeBeforeAreKnownByTheirPhotos() throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let pool = try DatabasePool(path: directory + "/fotofolio.sqlite")
        try Schema.migrator.migrate(pool, upTo: "v16 proofing galleries")
        try pool.write { db in
            try db.execute(sql: """
                INSERT INTO user (id, username, fullName, email, location, role, passwordHash, createdAt)
                VALUES (1, 'vojta', 'Vojta', 'v@example.cz', 'Brno', 'creator', 'x', '2026-01-01 00:00:00.000');
                INSERT INTO photo (id, ownerId, originalFile, format, width, height, byteCount, placeholderColor, cropCenterX,
                                   cropCenterY, cropZoom, variants, shot, createdAt, film)
                VALUES (1, 1, 'originals/a.jpg', 'jpeg', 10, 10, 1, '#000000', 0.5, 0.5, 1,
                        '[{"fileName":"00000000000000a1.webp"},{"fileName":"00000000000000a2.jpg"}]', '{}', '2026-01-01 00:00:00.000', NULL),
                       (2, 1, 'originals/b.jpg', 'jpeg', 10, 10, 1, '#000000', 0.5, 0.5, 1,
                        '[{"fileName":"00000000000000b1.webp"}]', '{}', '2026-01-01 00:00:00.000',
                        '{"mp4File":"00000000000000b2.mp4","webmFile":"00000000000000b3.webm","storyboardFile":"00000000000000b4.jpg","storyboardMapFile":"00000000000000b5.vtt"}');
                INSERT INTO gallery (id, photographerId, title, message, token, createdAt) VALUES (1, 1, '', '', 't', '2026-01-01 00:00:00.000');
                INSERT INTO galleryPhoto (galleryId, photoId, position, fileName, previews)
                VALUES (1, 1, 0, 'IMG.JPG', '[{"fileName":"00000000000000c1.jpg"}]');
                INSERT INTO hiddenPhoto (photoId, hiddenAt) VALUES (2, '2026-01-01 00:00:00.000');
                INSERT INTO hiddenMedia (fileName, photoId) VALUES ('00000000000000b1.webp', 2);
                """)
        }
        try Schema.migrator.migrate(pool)
        let rows = try pool.read { db in
            try Row.fetchAll(db, sql: "SELECT fileName, photoId, preview FROM mediaFile ORDER BY fileName")
                .map { "\($0["fileName"] as String) \($0["photoId"] as Int64)\(($0["preview"] as Bool) ? " preview" : "")" }
        }
        #expect(rows == ["00000000000000a1.webp 1", "00000000000000a2.jpg 1", "00000000000000b1.webp 2", "00000000000000b2.mp4 2",
                         "00000000000000b3.webm 2", "00000000000000b4.jpg 2", "00000000000000b5.vtt 2", "00000000000000c1.jpg 1 preview"])
        #expect(try pool.read { db in try db.tableExists("hiddenMedia") } == false)
    }
}
