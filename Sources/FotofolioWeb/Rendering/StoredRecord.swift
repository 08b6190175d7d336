import Fotofolio
import HTTPServer

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

/// A stored id as an address or a form writes it: the digits of a positive number and
/// nothing else (no sign, no spaces), as every page writes ids. Any other text names no record.
enum StoredId {
    static func parse(_ text: String?) -> Int64? {
        guard let text, !text.isEmpty, text.utf8.count <= 19, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
              let id = Int64(text), id > 0 else { return nil }
        return id
    }
}

extension Request {
    /// The stored id the route's `:name` segment names; nil when it names none.
    func storedId(_ name: String) -> Int64? { StoredId.parse(parameters[name]) }
}
