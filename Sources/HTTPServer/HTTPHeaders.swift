/// An ordered list of header fields whose names compare case-insensitively.
///
/// Names are stored lower-cased (as HTTP/2 does), so lookups are a plain comparison.
public struct HTTPHeaders: Sendable, Sequence, ExpressibleByDictionaryLiteral {
    public struct Field: Sendable, Equatable {
        public let name: String
        public let value: String

        public init(name: String, value: String) {
            self.name = name.asciiLowercased
            self.value = value
        }
    }

    private var fields: [Field] = []

    public init() {}

    public init(dictionaryLiteral elements: (String, String)...) {
        for (name, value) in elements { add(name, value) }
    }

    /// The first value of the field, if present.
    public subscript(name: String) -> String? {
        let key = name.asciiLowercased
        return fields.first { $0.name == key }?.value
    }

    /// Every value of the field, in the order received.
    public func values(_ name: String) -> [String] {
        let key = name.asciiLowercased
        return fields.filter { $0.name == key }.map(\.value)
    }

    public func contains(_ name: String) -> Bool { self[name] != nil }

    /// Appends a field, keeping any existing ones of the same name (e.g. `Set-Cookie`).
    public mutating func add(_ name: String, _ value: String) {
        fields.append(Field(name: name.asciiLowercased, value: value))
    }

    /// Replaces every field of that name by one with the given value.
    public mutating func set(_ name: String, _ value: String) {
        let key = name.asciiLowercased
        fields.removeAll { $0.name == key }
        fields.append(Field(name: key, value: value))
    }

    /// Appends each of `defaults` whose name is not present yet; names must be lower-case.
    public mutating func addMissing(_ defaults: [Field]) {
        // Header lists are short: a linear scan beats hashing every name.
        for field in defaults where !fields.contains(where: { $0.name == field.name }) {
            fields.append(field)
        }
    }

    public mutating func remove(_ name: String) {
        let key = name.asciiLowercased
        fields.removeAll { $0.name == key }
    }

    public func makeIterator() -> IndexingIterator<[Field]> { fields.makeIterator() }
}

extension String {
    /// Lower-cases ASCII letters only, which is all header names may contain; returns self
    /// without copying when there is nothing to change (the common case).
    var asciiLowercased: String {
        var text = self
        let lowered: String? = text.withUTF8 { bytes in
            guard bytes.contains(where: { $0 &- UInt8(ascii: "A") < 26 }) else { return nil }
            return String(unsafeUninitializedCapacity: bytes.count) { output in
                for index in bytes.indices {
                    let byte = bytes[index]
                    output[index] = byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
                }
                return bytes.count
            }
        }
        return lowered ?? self
    }
}
