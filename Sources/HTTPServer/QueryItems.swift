/// The decoded query of a request (`?a=1&b=x+y`), in order, repeated names kept.
public struct QueryItems: Sendable, Sequence, Equatable {
    public struct Item: Sendable, Equatable {
        public let name: String
        public let value: String

        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    private let items: [Item]

    public init(_ items: [Item] = []) { self.items = items }

    /// Parses `application/x-www-form-urlencoded` text: `+` is a space, escapes are strict UTF-8.
    public init(encoded text: String) throws(HTTPFailure) {
        try self.init(encoded: Array(text.utf8))
    }

    /// Parses a form body as received; bytes outside escapes must be valid UTF-8 too.
    public init(encoded bytes: [UInt8]) throws(HTTPFailure) {
        var items: [Item] = []
        for pair in bytes.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            let parts = pair.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
            let encodedValue = parts.count > 1 ? Array(parts[1]) : []
            guard let name = PercentDecoding.decode(parts[0], plusIsSpace: true),
                  let value = PercentDecoding.decode(encodedValue, plusIsSpace: true)
            else {
                throw HTTPFailure(.badRequest, "The form or query has a malformed escape, a NUL byte or invalid UTF-8.")
            }
            items.append(Item(name: name, value: value))
        }
        self.items = items
    }

    /// The first value given for `name`.
    public subscript(name: String) -> String? { items.first { $0.name == name }?.value }

    /// Every value given for `name`, in order.
    public func values(_ name: String) -> [String] { items.filter { $0.name == name }.map(\.value) }

    public var isEmpty: Bool { items.isEmpty }
    public func makeIterator() -> IndexingIterator<[Item]> { items.makeIterator() }
}

extension QueryItems {
    /// The items as `application/x-www-form-urlencoded` text (without the leading `?`).
    public var encoded: String {
        map { "\(Self.escape($0.name))=\(Self.escape($0.value))" }.joined(separator: "&")
    }

    /// Escapes everything but RFC 3986 unreserved characters.
    public static func escape(_ text: String) -> String {
        var result = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                 UInt8(ascii: "_"), UInt8(ascii: "~"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                result += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return result
    }
}

extension String {
    fileprivate func leftPadded(to length: Int) -> String {
        String(repeating: "0", count: max(0, length - count)) + self
    }
}
