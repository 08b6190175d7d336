/// An ordered list of header fields whose names compare case-insensitively.
///
/// Names are stored lower-cased (as HTTP/2 does), so lookups are a plain comparison.
public struct HTTPHeaders: Sendable, Sequence, ExpressibleByDictionaryLiteral {
    public struct Field: Sendable, Equatable {
        public let name: String
        public let value: String
    }

    private var fields: [Field] = []

    public init() {}

    public init(dictionaryLiteral elements: (String, String)...) {
        for (name, value) in elements { add(name, value) }
    }

    /// The first value of the field, if present.
    public subscript(name: String) -> String? {
        let key = name.lowercased()
        return fields.first { $0.name == key }?.value
    }

    /// Every value of the field, in the order received.
    public func values(_ name: String) -> [String] {
        let key = name.lowercased()
        return fields.filter { $0.name == key }.map(\.value)
    }

    public func contains(_ name: String) -> Bool { self[name] != nil }

    /// Appends a field, keeping any existing ones of the same name (e.g. `Set-Cookie`).
    public mutating func add(_ name: String, _ value: String) {
        fields.append(Field(name: name.lowercased(), value: value))
    }

    /// Replaces every field of that name by one with the given value.
    public mutating func set(_ name: String, _ value: String) {
        remove(name)
        add(name, value)
    }

    /// Sets the field only when it is not present yet.
    public mutating func setIfMissing(_ name: String, _ value: String) {
        if !contains(name) { add(name, value) }
    }

    public mutating func remove(_ name: String) {
        let key = name.lowercased()
        fields.removeAll { $0.name == key }
    }

    public func makeIterator() -> IndexingIterator<[Field]> { fields.makeIterator() }
}
