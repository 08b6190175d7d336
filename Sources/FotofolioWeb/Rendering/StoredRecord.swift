import Fotofolio

/// A record the pages show: read from the database, so it has its row's id. The domain's
/// types keep `id` optional only for records not inserted yet.
protocol StoredRecord {
    var id: Int64? { get }
}

extension StoredRecord {
    /// The row's id. A record without one was never stored, and showing it is a bug here,
    /// not something a request could cause.
    var storedId: Int64 {
        guard let id else { preconditionFailure("\(Self.self) shown before it was stored") }
        return id
    }
}

extension Portfolio: StoredRecord {}
extension Photo: StoredRecord {}
extension User: StoredRecord {}
extension FilmJob: StoredRecord {}
