import Foundation

/// Photo records. The files they name live in the media directory, outside the store.
public protocol PhotoStore: Sendable {
    /// Bytes of originals `owner`'s photos hold, and of the PDFs their messages carry
    /// (`MessageAttachment`), 0 for none.
    func storedBytes(of owner: Int64) throws -> Int

    /// Stores a new photo and returns it with its id.
    func insert(_ photo: Photo) throws -> Photo

    func photo(id: Int64) throws -> Photo?

    /// The photos of these ids that `owner` owns, in no particular order.
    func photos(ids: [Int64], ownedBy owner: Int64) throws -> [Photo]

    /// Saves a photo's new framing and variants and, in the same transaction, marks every
    /// portfolio showing it updated at `date` (a new portfolio version for the feed's cards).
    func saveFraming(of photo: Photo, at date: Date) throws

    /// In one transaction: deletes the photos made before `date` that no portfolio, gallery,
    /// avatar or message uses, and the film jobs finished before it, and returns how many
    /// photos went and every file name the rest still name (originals, variants, films'
    /// files, the uploads of film jobs not finished, and the PDFs messages carry).
    func deleteUnused(madeBefore date: Date) throws -> (deleted: Int, namedFiles: Set<String>)

    /// Runs `sweep` unless another process of the site is sweeping unused photos now, in
    /// which case it returns nil at once: several nodes share the media folder, and one
    /// sweep at a time is enough.
    func sweepingAlone<T>(_ sweep: () throws -> T) throws -> T?

    // MARK: Films on their way

    /// Stores a new film job and returns it with its id.
    func insert(_ job: FilmJob) throws -> FilmJob

    func filmJob(id: Int64) throws -> FilmJob?

    /// Takes the job for processing at `date` if it waits, or if it is in processing but has
    /// not moved since `staleBefore` (its worker is gone); false when it is finished or
    /// another worker has it.
    func claimFilmJob(id: Int64, at date: Date, staleBefore: Date) throws -> Bool

    /// Saves a job's state, progress, photo, problem and time.
    func update(_ job: FilmJob) throws

    /// Jobs waiting or in processing that have not moved since `date`.
    func filmJobs(notMovedSince date: Date) throws -> [FilmJob]
}
