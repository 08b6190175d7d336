import Foundation

/// Photo records. The files they name live in the media directory, outside the store.
public protocol PhotoStore: Sendable {
    /// Bytes of originals `owner`'s photos hold, 0 for none.
    func storedBytes(of owner: Int64) throws -> Int

    /// Stores a new photo and returns it with its id.
    func insert(_ photo: Photo) throws -> Photo

    func photo(id: Int64) throws -> Photo?

    /// The photos of these ids that `owner` owns, in no particular order.
    func photos(ids: [Int64], ownedBy owner: Int64) throws -> [Photo]

    /// Saves a photo's new framing and variants and, in the same transaction, marks every
    /// portfolio showing it updated at `date` (a new portfolio version for the feed's cards).
    func saveFraming(of photo: Photo, at date: Date) throws

    /// In one transaction: deletes the photos made before `date` that no portfolio and no
    /// avatar uses, and returns how many went and every file name (originals and variants)
    /// the photos left still name.
    func deleteUnused(madeBefore date: Date) throws -> (deleted: Int, namedFiles: Set<String>)

    /// Runs `sweep` unless another process of the site is sweeping unused photos now, in
    /// which case it returns nil at once: several nodes share the media folder, and one
    /// sweep at a time is enough.
    func sweepingAlone<T>(_ sweep: () throws -> T) throws -> T?
}
