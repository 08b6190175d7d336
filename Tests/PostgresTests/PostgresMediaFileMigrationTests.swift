import Foundation
import Fotofolio
import FotofolioPostgres
import Postgres
import PostgresCluster
import Testing

/// v11 comes to a database with photos, films and gallery previews made before it: every
/// file is then known by the photos that use it, and new and changed photos keep it so.
@Suite struct PostgresMediaFileMigrationTests {
    @Test func filesOfPhotosFilmsAndPreviewsMadeBeforeAreKnownByTheirPhotos() throws {
        let pool = try PostgresPool(url: try TemporaryPostgres.shared.newDatabase(), size: 1)
        let index = try #require(PostgresSchema.migrations.firstIndex { $0.identifier == "v11 files by the photos that use them" })
        let film = #"{"mp4File":"00000000000000b2.mp4","webmFile":"00000000000000b3.webm","storyboardFile":"00000000000000b4.jpg","storyboardMapFile":"00000000000000b5.vtt"}"#
        func insertPhoto(_ variants: String, film: String?, _ owner: Int64, _ connection: PostgresConnection) throws -> Int64 {
            try connection.query("""
                INSERT INTO photo (owner_id, original_file, format, width, height, byte_count, placeholder_color, crop_center_x,
                                   crop_center_y, crop_zoom, variants, shot, created_at, film)
                VALUES ($1, 'x.jpg', 'jpeg', 10, 10, 1, '#000000', 0.5, 0.5, 1, $2, '{}', now(), $3) RETURNING id
                """, [owner, variants, film])[0].decode(0, as: Int64.self)
        }
        let (first, second) = try pool.withConnection { connection in
            try connection.execute("CREATE TABLE schema_migration (identifier text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())")
            for migration in PostgresSchema.migrations[..<index] {
                try connection.execute(migration.sql)
                try connection.query("INSERT INTO schema_migration (identifier) VALUES ($1)", [migration.identifier])
            }
            let owner = try insertAccount("vojta", email: "v@example.cz", connection)
            let first = try insertPhoto(#"[{"fileName":"00000000000000a1.webp"},{"fileName":"00000000000000a2.jpg"}]"#, film: nil, owner, connection)
            let second = try insertPhoto(#"[{"fileName":"00000000000000b1.webp"}]"#, film: film, owner, connection)
            let gallery = try connection.query("""
                INSERT INTO gallery (photographer_id, title, message, token, created_at) VALUES ($1, '', '', 't', now()) RETURNING id
                """, [owner])[0].decode(0, as: Int64.self)
            try connection.query("""
                INSERT INTO gallery_photo (gallery_id, photo_id, position, file_name, previews) VALUES ($1, $2, 0, 'IMG.JPG', $3)
                """, [gallery, first, #"[{"fileName":"00000000000000c1.jpg"}]"#])
            try connection.query("INSERT INTO hidden_media (file_name, photo_id) VALUES ('00000000000000b1.webp', $1)", [second])
            return (first, second)
        }
        #expect(try PostgresSchema.migrate(pool) == PostgresSchema.migrations[index...].map(\.identifier))
        func files() throws -> [String] {
            try pool.withConnection { connection in
                try connection.query("SELECT file_name, photo_id, preview FROM media_file ORDER BY file_name").map { row in
                    "\(try row.decode(0, as: String.self)) \(try row.decode(1, as: Int64.self) == first ? "first" : "second")"
                        + (try row.decode(2, as: Bool.self) ? " preview" : "")
                }
            }
        }
        #expect(try files() == ["00000000000000a1.webp first", "00000000000000a2.jpg first", "00000000000000b1.webp second",
                                "00000000000000b2.mp4 second", "00000000000000b3.webm second", "00000000000000b4.jpg second",
                                "00000000000000b5.vtt second", "00000000000000c1.jpg first preview"])
        // A new framing replaces the photo's own files and keeps its gallery's previews.
        try pool.withConnection { connection in
            try connection.query(#"UPDATE photo SET variants = '[{"fileName":"00000000000000a3.webp"}]' WHERE id = $1"#, [first])
            try connection.query("UPDATE photo SET film = NULL WHERE id = $1", [second])
        }
        #expect(try files() == ["00000000000000a3.webp first", "00000000000000b1.webp second", "00000000000000c1.jpg first preview"])
        let gone = try pool.withConnection { connection in
            try connection.query("SELECT to_regclass('hidden_media') IS NULL")[0].decode(0, as: Bool.self)
        }
        #expect(gone)
        pool.close()
    }
}
