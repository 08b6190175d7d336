import Foundation
import Fotofolio
import Imaging
import Postgres

/// Photos in the `photo` table; variants and shot details are stored as JSON text.
struct PostgresPhotoStore: PhotoStore {
    let pool: PostgresPool

    func storedBytes(of owner: Int64) throws -> Int {
        try pool.withConnection { connection in
            // A message's photos are photos; its PDFs count their own bytes.
            try connection.query("""
                SELECT coalesce((SELECT sum(byte_count) FROM photo WHERE owner_id = $1), 0)
                     + coalesce((SELECT sum(byte_count) FROM chat_attachment WHERE owner_id = $1 AND kind = 'pdf'), 0)
                """, [owner])[0].decode(0)
        }
    }

    func insert(_ photo: Photo) throws -> Photo {
        var photo = photo
        photo.id = try pool.withConnection { connection in
            try connection.query("INSERT INTO photo (\(PhotoColumns.columns.written)) VALUES (\(PhotoColumns.columns.placeholders)) RETURNING id",
                                 try PhotoColumns.values(of: photo))[0].decode(0, as: Int64.self)
        }
        return photo
    }

    func photo(id: Int64) throws -> Photo? {
        try pool.withConnection { connection in
            try connection.query("SELECT \(PhotoColumns.columns.all) FROM photo WHERE id = $1", [id]).first?.record(Photo.self)
        }
    }

    func photos(ids: [Int64], ownedBy owner: Int64) throws -> [Photo] {
        try pool.withConnection { connection in
            try connection.query("SELECT \(PhotoColumns.columns.all) FROM photo WHERE id = ANY($1::bigint[]) AND owner_id = $2",
                                 [IdList(ids), owner]).map { try $0.record(Photo.self) }
        }
    }

    func saveFraming(of photo: Photo, at date: Date) throws {
        try pool.transaction { connection in
            try connection.query("UPDATE photo SET (\(PhotoColumns.columns.written)) = (\(PhotoColumns.columns.placeholders)) WHERE id = $\(PhotoColumns.columns.count + 1)",
                                 try PhotoColumns.values(of: photo) + [photo.id as any PostgresEncodable])
            try connection.query("""
                UPDATE portfolio SET updated_at = $1 WHERE id IN (SELECT portfolio_id FROM portfolio_photo WHERE photo_id = $2)
                """, [date.stored, photo.id])
        }
    }

    /// A session-level advisory lock, held on a connection of its own for the whole sweep
    /// (records and files) and tried without waiting: another node's sweep means skip.
    func sweepingAlone<T>(_ sweep: () throws -> T) throws -> T? {
        try pool.withConnection { connection in
            guard try connection.query("SELECT pg_try_advisory_lock($1::integer, 0)", [Self.sweepLock])[0].decode(0, as: Bool.self)
            else { return nil }
            defer { _ = try? connection.query("SELECT pg_advisory_unlock($1::integer, 0)", [Self.sweepLock]) }
            return try sweep()
        }
    }

    /// The advisory lock class of the sweep (the address locks use 1 and 2).
    private static let sweepLock: Int32 = 3

    func deleteUnused(madeBefore date: Date) throws -> (deleted: Int, namedFiles: Set<String>) {
        try pool.transaction { connection in
            let removed = try connection.query("""
                DELETE FROM photo WHERE created_at < $1
                  AND id NOT IN (SELECT photo_id FROM portfolio_photo)
                  AND id NOT IN (SELECT photo_id FROM gallery_photo)
                  AND id NOT IN (SELECT avatar_photo_id FROM account WHERE avatar_photo_id IS NOT NULL)
                  AND id NOT IN (SELECT photo_id FROM chat_attachment WHERE photo_id IS NOT NULL)
                  AND id NOT IN (SELECT photo_id FROM demand_photo)
                """, [date.stored]).affected
            try connection.query("DELETE FROM film_job WHERE state IN ('ready', 'failed') AND updated_at < $1", [date.stored])
            // Only the file names, read straight from the stored JSON.
            var names = Set<String>()
            for row in try connection.query("SELECT original_file, variants, film FROM photo") {
                names.insert(try row.decode(0))
                names.formUnion(Variant.fileNames(inStoredJSON: try row.decode(1)))
                if let film = try row.decodeIfPresent(2, as: String.self) { names.formUnion(try Film.files(inStoredJSON: film)) }
            }
            for row in try connection.query("SELECT source_file FROM film_job WHERE state IN ('waiting', 'processing')") {
                names.insert(try row.decode(0))
            }
            // A message's PDFs.
            for row in try connection.query("SELECT file FROM chat_attachment WHERE kind = 'pdf'") { names.insert(try row.decode(0)) }
            // A gallery's watermarked previews.
            for row in try connection.query("SELECT previews FROM gallery_photo") {
                names.formUnion(Variant.fileNames(inStoredJSON: try row.decode(0)))
            }
            return (removed, names)
        }
    }

    func insert(_ job: FilmJob) throws -> FilmJob {
        var job = job
        job.id = try pool.withConnection { connection in
            try connection.query("INSERT INTO film_job (\(FilmJobColumns.columns.written)) VALUES (\(FilmJobColumns.columns.placeholders)) RETURNING id",
                                 FilmJobColumns.values(of: job))[0].decode(0, as: Int64.self)
        }
        return job
    }

    func filmJob(id: Int64) throws -> FilmJob? {
        try pool.withConnection { connection in
            try connection.query("SELECT \(FilmJobColumns.columns.all) FROM film_job WHERE id = $1", [id]).first?.record(FilmJob.self)
        }
    }

    func claimFilmJob(id: Int64, at date: Date, staleBefore: Date) throws -> Bool {
        try pool.withConnection { connection in
            try connection.query("""
                UPDATE film_job SET state = 'processing', updated_at = $1
                WHERE id = $2 AND (state = 'waiting' OR (state = 'processing' AND updated_at < $3))
                """, [date.stored, id, staleBefore.stored]).affected == 1
        }
    }

    func update(_ job: FilmJob) throws {
        try pool.withConnection { connection in
            try connection.query("UPDATE film_job SET (\(FilmJobColumns.columns.written)) = (\(FilmJobColumns.columns.placeholders)) WHERE id = $\(FilmJobColumns.columns.count + 1)",
                                 FilmJobColumns.values(of: job) + [job.id as any PostgresEncodable])
        }
    }

    func filmJobs(notMovedSince date: Date) throws -> [FilmJob] {
        try pool.withConnection { connection in
            try connection.query("""
                SELECT \(FilmJobColumns.columns.all) FROM film_job
                WHERE state IN ('waiting', 'processing') AND updated_at < $1 ORDER BY id
                """, [date.stored]).map { try $0.record(FilmJob.self) }
        }
    }
}

/// The columns of `photo` a `Photo` is read from and written to.
enum PhotoColumns {
    static let columns = ColumnList(written: [
        "owner_id", "original_file", "format", "width", "height", "byte_count", "placeholder_color", "crop_center_x",
        "crop_center_y", "crop_zoom", "framing_center_x", "framing_center_y", "framing_zoom", "variants", "shot",
        "credit", "licence", "licence_url", "created_at", "film",
    ])

    static func values(of photo: Photo) throws -> [any PostgresEncodable] {
        [photo.ownerId, photo.originalFile, photo.format.rawValue, photo.width, photo.height, photo.byteCount,
         photo.placeholderColor, photo.cropCenterX, photo.cropCenterY, photo.cropZoom, photo.framingCenterX,
         photo.framingCenterY, photo.framingZoom, try StoredJSON.text(photo.variants), try StoredJSON.text(photo.shot),
         photo.credit, photo.licence, photo.licenceURL, photo.createdAt.stored, try photo.film.map(StoredJSON.text)]
    }
}

/// The columns of `film_job` a `FilmJob` is read from and written to.
enum FilmJobColumns {
    static let columns = ColumnList(written: [
        "owner_id", "source_file", "file_name", "state", "progress", "photo_id", "problem", "created_at", "updated_at",
    ])

    static func values(of job: FilmJob) -> [any PostgresEncodable] {
        [job.ownerId, job.sourceFile, job.fileName, job.state.rawValue, job.progress, job.photoId, job.problem?.rawValue,
         job.createdAt.stored, job.updatedAt.stored]
    }
}

/// Ids sent as one `bigint[]` parameter (`{1,2,3}`), for `= ANY($n::bigint[])`.
struct IdList: PostgresEncodable {
    let ids: [Int64]

    init(_ ids: some Sequence<Int64>) {
        self.ids = Array(ids)
    }

    var postgresText: String? { "{" + ids.map(String.init).joined(separator: ",") + "}" }
}

/// Texts sent as one `text[]` parameter, each element quoted, for `= ANY($n::text[])`.
struct TextList: PostgresEncodable {
    let texts: [String]

    init(_ texts: some Sequence<String>) {
        self.texts = Array(texts)
    }

    var postgresText: String? {
        let quoted = texts.map { text in
            "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        }
        return "{" + quoted.joined(separator: ",") + "}"
    }
}
