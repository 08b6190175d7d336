import Foundation
import Fotofolio
import Imaging
import Postgres

/// Galleries in `gallery`, their photos in `gallery_photo` and the client's picks in
/// `gallery_pick`. A change of the picks or the state appends a `gallery` event to the live
/// log for the photographer (`PostgresLiveEventLog.append`) with its outbox entry
/// (`PostgresOutbox.enqueue`) in its own transaction, which tells the log's observers once
/// it has committed (a refused change rolls back and tells nobody).
///
/// Every change locks the gallery's row first (`FOR UPDATE`), so changes to one gallery made
/// on several nodes at once are made one after the other, each seeing the last, as on
/// SQLite's one writer: two picks at the limit leave exactly the limit, two additions never
/// take the same position. Adding photos also locks the photos' rows before looking at
/// them, so a photo another gallery (or an avatar, or a portfolio that locks them too) took
/// meanwhile is seen taken.
struct PostgresGalleryStore: GalleryStore {
    let pool: PostgresPool

    static let columns = "id, photographer_id, client_id, title, message, pick_limit, token, created_at, submitted_at, "
        + "delivered_at, download_count, keeps_camera_details"

    func create(photographerId: Int64, clientId: Int64?, title: String, message: String, pickLimit: Int?, token: String,
                at date: Date) throws -> Gallery {
        try pool.transaction { connection in
            if let clientId {
                try GalleryContact.checkNewGallery(try PostgresBlockStore.facts(from: photographerId, to: clientId, connection))
            }
            let id = try connection.query("""
                INSERT INTO gallery (photographer_id, client_id, title, message, pick_limit, token, created_at)
                VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id
                """, [photographerId, clientId, title, message, pickLimit, token, date.stored])[0].decode(0, as: Int64.self)
            return Gallery(id: id, photographerId: photographerId, clientId: clientId, title: title, message: message,
                           pickLimit: pickLimit, token: token, createdAt: date.stored, submittedAt: nil, deliveredAt: nil,
                           downloadCount: 0)
        }
    }

    func gallery(id: Int64) throws -> Gallery? {
        try pool.withConnection { connection in try Self.gallery(id: id, connection) }
    }

    func gallery(token: String) throws -> Gallery? {
        try pool.withConnection { connection in
            try connection.query("SELECT \(Self.columns) FROM gallery WHERE token = $1", [token]).first.map(Self.gallery(row:))
        }
    }

    func details(of gallery: Gallery) throws -> GalleryDetails? {
        try pool.transaction(.repeatableRead) { connection in
            let people = try connection.query("SELECT \(AccountColumns.columns.all) FROM account WHERE id = ANY($1::bigint[])",
                                              [IdList([gallery.photographerId] + (gallery.clientId.map { [$0] } ?? []))])
                .map { try $0.record(User.self) }
            guard let photographer = people.first(where: { $0.id == gallery.photographerId }) else { return nil }
            let client = gallery.clientId.flatMap { id in people.first { $0.id == id } }
            let picks = try connection.query("SELECT photo_id, comment, picked_at FROM gallery_pick WHERE gallery_id = $1",
                                             [gallery.id]).map { row in
                GalleryPick(photoId: try row.decode(0), comment: try row.decode(1), pickedAt: try row.decode(2))
            }
            let picksById = Dictionary(picks.map { ($0.photoId, $0) }) { first, _ in first }
            let photos = try connection.query("""
                SELECT gallery_photo.file_name AS gallery_file_name, gallery_photo.previews AS gallery_previews,
                       \(PhotoColumns.columns.all(of: "photo")) FROM gallery_photo
                JOIN photo ON photo.id = gallery_photo.photo_id
                WHERE gallery_photo.gallery_id = $1 ORDER BY gallery_photo.position
                """, [gallery.id]).map { row in
                let photo = try row.record(Photo.self)
                return GalleryPhoto(photo: photo, fileName: try row.decode("gallery_file_name"),
                                    previews: try Self.variants(try row.decode("gallery_previews")), pick: picksById[photo.id!])
            }
            return GalleryDetails(gallery: gallery, photographer: photographer, client: client, photos: photos)
        }
    }

    func galleries(photographerId: Int64) throws -> [(gallery: Gallery, picks: Int, photos: Int)] {
        try pool.withConnection { connection in try Self.listed(where: "photographer_id = $1", photographerId, connection) }
    }

    func galleries(clientId: Int64) throws -> [(gallery: Gallery, picks: Int, photos: Int)] {
        try pool.withConnection { connection in try Self.listed(where: "client_id = $1", clientId, connection) }
    }

    func add(_ photos: [NewGalleryPhoto], to galleryId: Int64, by photographerId: Int64) throws {
        try pool.transaction { connection in
            let gallery = try GalleryRules.owned(try Self.locked(galleryId, connection), by: photographerId)
            if let clientId = gallery.clientId {
                try GalleryContact.checkAdding(try PostgresBlockStore.facts(from: photographerId, to: clientId, connection))
            }
            let ids = photos.map(\.photoId)
            guard Set(ids).count == ids.count else { throw GalleryError.unknownPhoto }
            // Locked first, then looked at in a statement of its own: its snapshot sees what
            // whoever held the locks before us committed.
            try connection.query("SELECT id FROM photo WHERE id = ANY($1::bigint[]) ORDER BY id FOR UPDATE", [IdList(ids)])
            let usable = try connection.query("""
                SELECT count(*) FROM photo WHERE id = ANY($1::bigint[]) AND owner_id = $2
                  AND id NOT IN (SELECT photo_id FROM portfolio_photo) AND id NOT IN (SELECT photo_id FROM gallery_photo)
                  AND id NOT IN (SELECT avatar_photo_id FROM account WHERE avatar_photo_id IS NOT NULL)
                """, [IdList(ids), photographerId])[0].decode(0, as: Int.self)
            guard usable == ids.count else { throw GalleryError.unknownPhoto }
            var position = try connection.query("SELECT coalesce(max(position) + 1, 0) FROM gallery_photo WHERE gallery_id = $1",
                                                 [galleryId])[0].decode(0, as: Int64.self)
            // The client hears of the gallery once, when its first photos arrive.
            if position == 0, !photos.isEmpty {
                try PostgresMailStore.noteGallery(gallery, .ready, at: Date(), connection)
                try PostgresPushStore.noteGallery(gallery, .ready, at: Date(), connection)
            }
            for photo in photos {
                try connection.query("""
                    INSERT INTO gallery_photo (gallery_id, photo_id, position, file_name, previews) VALUES ($1, $2, $3, $4, $5)
                    """, [galleryId, photo.photoId, position, photo.fileName, try StoredJSON.text(photo.previews)])
                position += 1
            }
        }
    }

    func setPick(in galleryId: Int64, photoId: Int64, picked: Bool, comment: String, at date: Date) throws -> Int {
        try pool.transaction { connection in
            let gallery = try Self.choosable(galleryId, connection)
            guard try !connection.query("SELECT 1 FROM gallery_photo WHERE gallery_id = $1 AND photo_id = $2",
                                        [galleryId, photoId]).isEmpty else { throw GalleryError.unknownPhoto }
            if picked {
                try connection.query("""
                    INSERT INTO gallery_pick (gallery_id, photo_id, comment, picked_at) VALUES ($1, $2, $3, $4)
                    ON CONFLICT (gallery_id, photo_id) DO UPDATE SET comment = excluded.comment
                    """, [galleryId, photoId, comment, date.stored])
            } else {
                try connection.query("DELETE FROM gallery_pick WHERE gallery_id = $1 AND photo_id = $2", [galleryId, photoId])
            }
            let count = try Self.pickCount(galleryId, connection)
            // Thrown, the transaction rolls back: nothing changed.
            try GalleryRules.checkPicks(count, in: gallery)
            try Self.announce(gallery, picks: count, at: date, connection)
            return count
        }
    }

    func replacePicks(in galleryId: Int64, with picks: [Int64: String], at date: Date) throws -> Int {
        try pool.transaction { connection in
            let gallery = try Self.choosable(galleryId, connection)
            try GalleryRules.checkPicks(picks.count, in: gallery)
            let ids = Array(picks.keys)
            let inGallery = try connection.query("""
                SELECT count(*) FROM gallery_photo WHERE gallery_id = $1 AND photo_id = ANY($2::bigint[])
                """, [galleryId, IdList(ids)])[0].decode(0, as: Int.self)
            guard inGallery == picks.count else { throw GalleryError.unknownPhoto }
            try connection.query("DELETE FROM gallery_pick WHERE gallery_id = $1 AND NOT (photo_id = ANY($2::bigint[]))",
                                 [galleryId, IdList(ids)])
            // A pick kept keeps when it was picked; its comment is the new one.
            try connection.query("""
                INSERT INTO gallery_pick (gallery_id, photo_id, comment, picked_at)
                SELECT $1, chosen.photo_id, chosen.comment, $4 FROM unnest($2::bigint[], $3::text[]) AS chosen (photo_id, comment)
                ON CONFLICT (gallery_id, photo_id) DO UPDATE SET comment = excluded.comment
                """, [galleryId, IdList(ids), TextList(ids.map { picks[$0]! }), date.stored])
            try Self.announce(gallery, picks: picks.count, at: date, connection)
            return picks.count
        }
    }

    func submit(_ galleryId: Int64, at date: Date) throws {
        try pool.transaction { connection in
            let gallery = try Self.choosable(galleryId, connection)
            let count = try Self.pickCount(galleryId, connection)
            try GalleryRules.checkSubmit(picks: count)
            try connection.query("UPDATE gallery SET submitted_at = $1 WHERE id = $2", [date.stored, galleryId])
            try Self.announce(gallery, picks: count, at: date, connection)
            try PostgresMailStore.noteGallery(gallery, .picksSent, at: date, connection)
            try PostgresPushStore.noteGallery(gallery, .picksSent, at: date, connection)
        }
    }

    func deliver(_ galleryId: Int64, by photographerId: Int64, at date: Date) throws {
        try pool.transaction { connection in
            let gallery = try GalleryRules.owned(try Self.locked(galleryId, connection), by: photographerId)
            guard gallery.deliveredAt == nil else { return }
            try connection.query("UPDATE gallery SET delivered_at = $1 WHERE id = $2", [date.stored, galleryId])
            try Self.announce(gallery, picks: try Self.pickCount(galleryId, connection), at: date, connection)
            try PostgresMailStore.noteGallery(gallery, .delivered, at: date, connection)
            try PostgresPushStore.noteGallery(gallery, .delivered, at: date, connection)
        }
    }

    func countDownload(of galleryId: Int64) throws {
        try pool.withConnection { connection in
            try connection.query("UPDATE gallery SET download_count = download_count + 1 WHERE id = $1", [galleryId])
        }
    }

    func setKeepsCameraDetails(_ keeps: Bool, in galleryId: Int64, by photographerId: Int64) throws {
        try pool.withConnection { connection in
            let updated = try connection.query("""
                UPDATE gallery SET keeps_camera_details = $1 WHERE id = $2 AND photographer_id = $3 RETURNING id
                """, [keeps, galleryId, photographerId])
            guard updated.count == 1 else { throw GalleryError.notFound }
        }
    }

    // MARK: -

    private static func gallery(id: Int64, _ connection: PostgresConnection) throws -> Gallery? {
        try connection.query("SELECT \(columns) FROM gallery WHERE id = $1", [id]).first.map(gallery(row:))
    }

    /// The gallery, its row locked until the transaction ends.
    private static func locked(_ id: Int64, _ connection: PostgresConnection) throws -> Gallery? {
        try connection.query("SELECT \(columns) FROM gallery WHERE id = $1 FOR UPDATE", [id]).first.map(gallery(row:))
    }

    /// The gallery while its picks may change, locked.
    private static func choosable(_ galleryId: Int64, _ connection: PostgresConnection) throws -> Gallery {
        try GalleryRules.choosable(try locked(galleryId, connection))
    }

    private static func pickCount(_ galleryId: Int64, _ connection: PostgresConnection) throws -> Int {
        try connection.query("SELECT count(*) FROM gallery_pick WHERE gallery_id = $1", [galleryId])[0].decode(0, as: Int.self)
    }

    private static func listed(where condition: String, _ id: Int64, _ connection: PostgresConnection) throws
        -> [(gallery: Gallery, picks: Int, photos: Int)] {
        try connection.query("""
            SELECT \(columns),
                   (SELECT count(*) FROM gallery_pick WHERE gallery_pick.gallery_id = gallery.id) AS pick_count,
                   (SELECT count(*) FROM gallery_photo WHERE gallery_photo.gallery_id = gallery.id) AS photo_count
            FROM gallery WHERE \(condition) ORDER BY created_at DESC, id DESC
            """, [id]).map { row in
            (try gallery(row: row), try row.decode("pick_count", as: Int.self), try row.decode("photo_count", as: Int.self))
        }
    }

    /// Tells the photographer's open pages (on every node) that the picks or the state moved.
    private static func announce(_ gallery: Gallery, picks: Int, at date: Date, _ connection: PostgresConnection) throws {
        let payload = GalleryEvent(gallery: gallery.id, picks: picks).json
        try PostgresLiveEventLog.append(.gallery, roomId: 0, for: gallery.photographerId, payload: payload, at: date.stored,
                                        connection)
        try PostgresOutbox.enqueue(topic: Outbox.eventTopic(of: 0), payload: payload, at: date.stored, connection)
    }

    /// Previews as stored: JSON text, as `photo.variants` (the copy from SQLite keeps its text).
    private static func variants(_ json: String) throws -> [Variant] {
        try StoredJSON.decoder.decode([Variant].self, from: Data(json.utf8))
    }

    private static func gallery(row: PostgresRow) throws -> Gallery {
        Gallery(id: try row.decode(0), photographerId: try row.decode(1), clientId: try row.decodeIfPresent(2),
                title: try row.decode(3), message: try row.decode(4), pickLimit: try row.decodeIfPresent(5),
                token: try row.decode(6), createdAt: try row.decode(7), submittedAt: try row.decodeIfPresent(8),
                deliveredAt: try row.decodeIfPresent(9), downloadCount: try row.decode(10),
                keepsCameraDetails: try row.decode(11))
    }
}
