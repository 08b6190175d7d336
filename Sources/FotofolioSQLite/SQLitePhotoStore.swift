import Foundation
import Fotofolio
import GRDB
import Imaging
import Synchronization

/// Photos in the `photo` table; variants are stored as a JSON list.
struct SQLitePhotoStore: PhotoStore {
    let database: AppDatabase

    func storedBytes(of owner: Int64) throws -> Int {
        try database.read { db in
            // A message's photos are photos; its PDFs count their own bytes.
            try Int.fetchOne(db, sql: """
                SELECT IFNULL((SELECT SUM(byteCount) FROM photo WHERE ownerId = ?1), 0)
                     + IFNULL((SELECT SUM(byteCount) FROM chatAttachment WHERE ownerId = ?1 AND kind = 'pdf'), 0)
                """, arguments: [owner]) ?? 0
        }
    }

    func insert(_ photo: Photo) throws -> Photo {
        var photo = photo
        try database.write { db in try photo.insert(db) }
        return photo
    }

    func photo(id: Int64) throws -> Photo? {
        try database.read { db in try Photo.fetchOne(db, key: id) }
    }

    func photos(ids: [Int64], ownedBy owner: Int64) throws -> [Photo] {
        try database.read { db in
            try Photo.filter(keys: ids).filter(Column("ownerId") == owner).fetchAll(db)
        }
    }

    func saveFraming(of photo: Photo, at date: Date) throws {
        try database.write { db in
            try photo.update(db)
            try db.execute(sql: """
                UPDATE portfolio SET updatedAt = ? WHERE id IN (SELECT portfolioId FROM portfolioPhoto WHERE photoId = ?)
                """, arguments: [date, photo.id])
        }
    }

    /// A SQLite database belongs to one process, so only that process's own sweeps of it can meet.
    func sweepingAlone<T>(_ sweep: () throws -> T) throws -> T? {
        let path = database.pool.path
        guard Self.sweeping.withLock({ $0.insert(path).inserted }) else { return nil }
        defer { _ = Self.sweeping.withLock { $0.remove(path) } }
        return try sweep()
    }

    /// The databases being swept now, by path.
    private static let sweeping = Mutex<Set<String>>([])

    func deleteUnused(madeBefore date: Date) throws -> (deleted: Int, namedFiles: Set<String>) {
        try database.write { db in
            try db.execute(sql: """
                DELETE FROM photo WHERE createdAt < ?
                  AND id NOT IN (SELECT photoId FROM portfolioPhoto)
                  AND id NOT IN (SELECT photoId FROM galleryPhoto)
                  AND id NOT IN (SELECT avatarPhotoId FROM user WHERE avatarPhotoId IS NOT NULL)
                  AND id NOT IN (SELECT photoId FROM chatAttachment WHERE photoId IS NOT NULL)
                  AND id NOT IN (SELECT photoId FROM demandPhoto)
                """, arguments: [date])
            let removed = db.changesCount
            try db.execute(sql: "DELETE FROM filmJob WHERE state IN ('ready', 'failed') AND updatedAt < ?", arguments: [date])
            // Only the file names, read straight from the stored JSON: decoding every
            // photo record costs seconds once there are tens of thousands.
            var names = Set<String>()
            let rows = try Row.fetchCursor(db, sql: "SELECT originalFile, variants, film FROM photo")
            while let row = try rows.next() {
                names.insert(row["originalFile"])
                names.formUnion(Variant.fileNames(inStoredJSON: row["variants"]))
                if let film: String = row["film"] { names.formUnion(try Film.files(inStoredJSON: film)) }
            }
            names.formUnion(try String.fetchAll(db, sql: "SELECT sourceFile FROM filmJob WHERE state IN ('waiting', 'processing')"))
            // A message's PDFs.
            names.formUnion(try String.fetchAll(db, sql: "SELECT file FROM chatAttachment WHERE kind = 'pdf'"))
            // A gallery's watermarked previews.
            for previews in try String.fetchAll(db, sql: "SELECT previews FROM galleryPhoto") {
                names.formUnion(Variant.fileNames(inStoredJSON: previews))
            }
            return (removed, names)
        }
    }

    func insert(_ job: FilmJob) throws -> FilmJob {
        var job = job
        try database.write { db in try job.insert(db) }
        return job
    }

    func filmJob(id: Int64) throws -> FilmJob? {
        try database.read { db in try FilmJob.fetchOne(db, key: id) }
    }

    func claimFilmJob(id: Int64, at date: Date, staleBefore: Date) throws -> Bool {
        try database.write { db in
            try db.execute(sql: """
                UPDATE filmJob SET state = 'processing', updatedAt = ?
                WHERE id = ? AND (state = 'waiting' OR (state = 'processing' AND updatedAt < ?))
                """, arguments: [date, id, staleBefore])
            return db.changesCount == 1
        }
    }

    func update(_ job: FilmJob) throws {
        try database.write { db in try job.update(db) }
    }

    func filmJobs(notMovedSince date: Date) throws -> [FilmJob] {
        try database.read { db in
            try FilmJob.filter(sql: "state IN ('waiting', 'processing') AND updatedAt < ?", arguments: [date]).order(Column("id")).fetchAll(db)
        }
    }
}
