import Foundation
import Fotofolio
import GRDB
import Imaging

/// Galleries in `gallery`, their photos in `galleryPhoto` and the client's picks in
/// `galleryPick`. A change of the picks or the state appends a `gallery` event to the live
/// log for the photographer (announced to the other server processes at the commit), with an outbox entry.
struct SQLiteGalleryStore: GalleryStore {
    let database: AppDatabase

    func create(photographerId: Int64, clientId: Int64?, title: String, message: String, pickLimit: Int?, token: String,
                at date: Date) throws -> Gallery {
        try database.write { db in
            if let clientId {
                try GalleryContact.checkNewGallery(try SQLiteBlockStore.facts(from: photographerId, to: clientId, db))
            }
            try db.execute(sql: """
                INSERT INTO gallery (photographerId, clientId, title, message, pickLimit, token, createdAt) VALUES (?, ?, ?, ?, ?, ?, ?)
                """, arguments: [photographerId, clientId, title, message, pickLimit, token, date])
            // Read back, so the times are as stored.
            return try Self.gallery(id: db.lastInsertedRowID, db)!
        }
    }

    func gallery(id: Int64) throws -> Gallery? {
        try database.read { db in try Self.gallery(id: id, db) }
    }

    func gallery(token: String) throws -> Gallery? {
        try database.read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM gallery WHERE token = ?", arguments: [token]).map(Gallery.init(row:))
        }
    }

    func details(of gallery: Gallery) throws -> GalleryDetails? {
        try database.read { db in
            guard let photographer = try User.fetchOne(db, key: gallery.photographerId) else { return nil }
            let client = try gallery.clientId.flatMap { try User.fetchOne(db, key: $0) }
            let picks = try Row.fetchAll(db, sql: "SELECT photoId, comment, pickedAt FROM galleryPick WHERE galleryId = ?",
                                         arguments: [gallery.id])
            let picksById = Dictionary(picks.map { row in
                (row["photoId"] as Int64, GalleryPick(photoId: row["photoId"], comment: row["comment"], pickedAt: row["pickedAt"]))
            }) { first, _ in first }
            let rows = try Row.fetchAll(db, sql: """
                SELECT galleryPhoto.fileName AS galleryFileName, galleryPhoto.previews AS galleryPreviews, photo.* FROM galleryPhoto
                JOIN photo ON photo.id = galleryPhoto.photoId WHERE galleryPhoto.galleryId = ? ORDER BY galleryPhoto.position
                """, arguments: [gallery.id])
            let photos = try rows.map { row in
                let photo = try Photo(row: row)
                return GalleryPhoto(photo: photo, fileName: row["galleryFileName"],
                                    previews: try Self.variants(row["galleryPreviews"]), pick: picksById[photo.id!])
            }
            return GalleryDetails(gallery: gallery, photographer: photographer, client: client, photos: photos)
        }
    }

    func galleries(photographerId: Int64) throws -> [(gallery: Gallery, picks: Int, photos: Int)] {
        try database.read { db in try Self.listed(where: "photographerId = ?", photographerId, db) }
    }

    func galleries(clientId: Int64) throws -> [(gallery: Gallery, picks: Int, photos: Int)] {
        try database.read { db in try Self.listed(where: "clientId = ?", clientId, db) }
    }

    func add(_ photos: [NewGalleryPhoto], to galleryId: Int64, by photographerId: Int64) throws {
        try database.write { db in
            let gallery = try GalleryRules.owned(try Self.gallery(id: galleryId, db), by: photographerId)
            if let clientId = gallery.clientId {
                try GalleryContact.checkAdding(try SQLiteBlockStore.facts(from: photographerId, to: clientId, db))
            }
            let ids = photos.map(\.photoId)
            let usable = try Int.fetchOne(db, sql: """
                SELECT COUNT(*) FROM photo WHERE id IN (SELECT value FROM json_each(?)) AND ownerId = ?
                  AND id NOT IN (SELECT photoId FROM portfolioPhoto) AND id NOT IN (SELECT photoId FROM galleryPhoto)
                  AND id NOT IN (SELECT avatarPhotoId FROM user WHERE avatarPhotoId IS NOT NULL)
                """, arguments: [String(describing: ids), photographerId]) ?? 0
            guard usable == ids.count, Set(ids).count == ids.count else { throw GalleryError.unknownPhoto }
            var position = try Int.fetchOne(db, sql: "SELECT IFNULL(MAX(position) + 1, 0) FROM galleryPhoto WHERE galleryId = ?",
                                            arguments: [galleryId]) ?? 0
            // The client hears of the gallery once, when its first photos arrive.
            if position == 0, !photos.isEmpty {
                try SQLiteMailStore.noteGallery(gallery, .ready, at: Date(), db)
                try SQLitePushStore.noteGallery(gallery, .ready, at: Date(), db)
            }
            for photo in photos {
                try db.execute(sql: """
                    INSERT INTO galleryPhoto (galleryId, photoId, position, fileName, previews) VALUES (?, ?, ?, ?, ?)
                    """, arguments: [galleryId, photo.photoId, position, photo.fileName, try Self.json(photo.previews)])
                position += 1
            }
        }
    }

    func setPick(in galleryId: Int64, photoId: Int64, picked: Bool, comment: String, at date: Date) throws -> Int {
        try database.write { db in
            let gallery = try Self.choosable(galleryId, db)
            guard try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM galleryPhoto WHERE galleryId = ? AND photoId = ?)",
                                    arguments: [galleryId, photoId]) == true else { throw GalleryError.unknownPhoto }
            if picked {
                try db.execute(sql: """
                    INSERT INTO galleryPick (galleryId, photoId, comment, pickedAt) VALUES (?, ?, ?, ?)
                    ON CONFLICT (galleryId, photoId) DO UPDATE SET comment = excluded.comment
                    """, arguments: [galleryId, photoId, comment, date])
            } else {
                try db.execute(sql: "DELETE FROM galleryPick WHERE galleryId = ? AND photoId = ?", arguments: [galleryId, photoId])
            }
            let count = try Self.pickCount(galleryId, db)
            try GalleryRules.checkPicks(count, in: gallery)
            try Self.announce(gallery, picks: count, at: date, db)
            return count
        }
    }

    func replacePicks(in galleryId: Int64, with picks: [Int64: String], at date: Date) throws -> Int {
        try database.write { db in
            let gallery = try Self.choosable(galleryId, db)
            try GalleryRules.checkPicks(picks.count, in: gallery)
            let inGallery = try Int.fetchOne(db, sql: """
                SELECT COUNT(*) FROM galleryPhoto WHERE galleryId = ? AND photoId IN (SELECT value FROM json_each(?))
                """, arguments: [galleryId, String(describing: Array(picks.keys))]) ?? 0
            guard inGallery == picks.count else { throw GalleryError.unknownPhoto }
            let kept = try Row.fetchAll(db, sql: "SELECT photoId, pickedAt FROM galleryPick WHERE galleryId = ?", arguments: [galleryId])
            let pickedAt = Dictionary(kept.map { ($0["photoId"] as Int64, $0["pickedAt"] as Date) }) { first, _ in first }
            try db.execute(sql: "DELETE FROM galleryPick WHERE galleryId = ?", arguments: [galleryId])
            for (photoId, comment) in picks {
                try db.execute(sql: "INSERT INTO galleryPick (galleryId, photoId, comment, pickedAt) VALUES (?, ?, ?, ?)",
                               arguments: [galleryId, photoId, comment, pickedAt[photoId] ?? date])
            }
            try Self.announce(gallery, picks: picks.count, at: date, db)
            return picks.count
        }
    }

    func submit(_ galleryId: Int64, at date: Date) throws {
        try database.write { db in
            let gallery = try Self.choosable(galleryId, db)
            let count = try Self.pickCount(galleryId, db)
            try GalleryRules.checkSubmit(picks: count)
            try db.execute(sql: "UPDATE gallery SET submittedAt = ? WHERE id = ?", arguments: [date, galleryId])
            try Self.announce(gallery, picks: count, at: date, db)
            try SQLiteMailStore.noteGallery(gallery, .picksSent, at: date, db)
            try SQLitePushStore.noteGallery(gallery, .picksSent, at: date, db)
        }
    }

    func deliver(_ galleryId: Int64, by photographerId: Int64, at date: Date) throws {
        try database.write { db in
            let gallery = try GalleryRules.owned(try Self.gallery(id: galleryId, db), by: photographerId)
            guard gallery.deliveredAt == nil else { return }
            try db.execute(sql: "UPDATE gallery SET deliveredAt = ? WHERE id = ?", arguments: [date, galleryId])
            try Self.announce(gallery, picks: try Self.pickCount(galleryId, db), at: date, db)
            try SQLiteMailStore.noteGallery(gallery, .delivered, at: date, db)
            try SQLitePushStore.noteGallery(gallery, .delivered, at: date, db)
        }
    }

    func countDownload(of galleryId: Int64) throws {
        try database.write { db in
            try db.execute(sql: "UPDATE gallery SET downloadCount = downloadCount + 1 WHERE id = ?", arguments: [galleryId])
        }
    }

    func setKeepsCameraDetails(_ keeps: Bool, in galleryId: Int64, by photographerId: Int64) throws {
        try database.write { db in
            try db.execute(sql: "UPDATE gallery SET keepsCameraDetails = ? WHERE id = ? AND photographerId = ?",
                           arguments: [keeps, galleryId, photographerId])
            guard db.changesCount == 1 else { throw GalleryError.notFound }
        }
    }

    // MARK: -

    private static func gallery(id: Int64, _ db: Database) throws -> Gallery? {
        try Row.fetchOne(db, sql: "SELECT * FROM gallery WHERE id = ?", arguments: [id]).map(Gallery.init(row:))
    }

    /// The gallery while its picks may change.
    private static func choosable(_ galleryId: Int64, _ db: Database) throws -> Gallery {
        try GalleryRules.choosable(try gallery(id: galleryId, db))
    }

    private static func pickCount(_ galleryId: Int64, _ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM galleryPick WHERE galleryId = ?", arguments: [galleryId]) ?? 0
    }

    private static func listed(where condition: String, _ id: Int64, _ db: Database) throws
        -> [(gallery: Gallery, picks: Int, photos: Int)] {
        try Row.fetchAll(db, sql: """
            SELECT gallery.*, (SELECT COUNT(*) FROM galleryPick WHERE galleryId = gallery.id) AS pickCount,
                   (SELECT COUNT(*) FROM galleryPhoto WHERE galleryId = gallery.id) AS photoCount
            FROM gallery WHERE \(condition) ORDER BY createdAt DESC, id DESC
            """, arguments: [id]).map { (Gallery(row: $0), $0["pickCount"], $0["photoCount"]) }
    }

    /// Tells the photographer's open pages (on every node) that the picks or the state moved.
    static func announce(_ gallery: Gallery, picks: Int, at date: Date, _ db: Database) throws {
        let payload = GalleryEvent(gallery: gallery.id, picks: picks).json
        try SQLiteLiveEventStore.append(.gallery, roomId: 0, for: gallery.photographerId, payload: payload, at: date, db)
        try SQLiteOutboxStore.enqueue(topic: Outbox.eventTopic(of: 0), payload: payload, at: date, db)
    }

    static func json(_ variants: [Variant]) throws -> String {
        String(decoding: try JSONEncoder().encode(variants), as: UTF8.self)
    }

    static func variants(_ json: String) throws -> [Variant] {
        try JSONDecoder().decode([Variant].self, from: Data(json.utf8))
    }
}

extension Gallery {
    init(row: Row) {
        self.init(id: row["id"], photographerId: row["photographerId"], clientId: row["clientId"], title: row["title"],
                  message: row["message"], pickLimit: row["pickLimit"], token: row["token"], createdAt: row["createdAt"],
                  submittedAt: row["submittedAt"], deliveredAt: row["deliveredAt"], downloadCount: row["downloadCount"],
                  keepsCameraDetails: row["keepsCameraDetails"])
    }
}
