import Foundation
import Synchronization
import Fotofolio
import Postgres

// The domain's `Codable` values read from rows whose columns are their properties in
// snake_case (`ownerId` → `owner_id`), as GRDB reads them from SQLite: a missing column or a
// value that is not what the property holds (an unknown role, a format no one knows) throws
// instead of passing for something else. Nested values (a photo's variants, how it was shot)
// are stored as JSON text, written the way the SQLite store writes them.

extension PostgresRow {
    /// The row as a `T`, each property from the column of its snake_case name.
    func record<T: Decodable>(_ type: T.Type) throws -> T {
        try T(from: RowDecoder(row: self))
    }
}

/// A decoder of one row; only keyed containers, as records have.
private struct RowDecoder: Decoder {
    let row: PostgresRow
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(RowContainer<Key>(row: row))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw DecodingError.typeMismatch([Any].self, .init(codingPath: [], debugDescription: "a row is not a list"))
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        throw DecodingError.typeMismatch(Any.self, .init(codingPath: [], debugDescription: "a row is not one value"))
    }
}

private struct RowContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let row: PostgresRow
    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] { [] }

    func contains(_ key: Key) -> Bool {
        do {
            _ = try row.decodeIfPresent(Self.column(key), as: String.self)
            return true
        } catch {
            return false
        }
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        try row.decodeIfPresent(Self.column(key), as: String.self) == nil
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try row.decode(Self.column(key)) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try row.decode(Self.column(key)) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try row.decode(Self.column(key)) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { Float(try decode(Double.self, forKey: key)) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try row.decode(Self.column(key)) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try integer(key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try integer(key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try row.decode(Self.column(key)) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try row.decode(Self.column(key)) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try integer(key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try integer(key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try integer(key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try integer(key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try integer(key) }

    /// Dates as timestamps; enums from their raw text; anything else from its JSON.
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        if T.self == Date.self { return try row.decode(Self.column(key), as: Date.self) as! T }
        let text = try row.decode(Self.column(key), as: String.self)
        if text.hasPrefix("[") || text.hasPrefix("{") {
            return try StoredJSON.decoder.decode(T.self, from: Data(text.utf8))
        }
        return try T(from: TextDecoder(text: text))
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey> {
        throw DecodingError.typeMismatch(type, .init(codingPath: [key], debugDescription: "columns do not nest"))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        throw DecodingError.typeMismatch([Any].self, .init(codingPath: [key], debugDescription: "columns do not nest"))
    }

    func superDecoder() throws -> any Decoder { throw Self.noSuper }
    func superDecoder(forKey key: Key) throws -> any Decoder { throw Self.noSuper }

    private static var noSuper: DecodingError {
        .typeMismatch(Any.self, .init(codingPath: [], debugDescription: "records have no superclass"))
    }

    private func integer<T: FixedWidthInteger>(_ key: Key) throws -> T {
        let value = try row.decode(Self.column(key), as: Int64.self)
        guard let exact = T(exactly: value) else {
            throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: "\(value) is out of range")
        }
        return exact
    }

    static func column(_ key: Key) -> String { ColumnNames.column(of: key.stringValue) }
}

/// The column of each record key, worked out once: a page decodes the same few keys in every
/// row of every request.
private enum ColumnNames {
    private static let known = Mutex<[String: String]>([:])

    static func column(of key: String) -> String {
        if let column = known.withLock({ $0[key] }) { return column }
        let column = SQLiteToPostgres.snakeCase(key)
        known.withLock { $0[key] = column }
        return column
    }
}

/// One column's text as a single value: what a `RawRepresentable` enum decodes itself from.
private struct TextDecoder: Decoder, SingleValueDecodingContainer {
    let text: String
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        throw DecodingError.typeMismatch(type, .init(codingPath: [], debugDescription: "\(text.prefix(40)) is not an object"))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw DecodingError.typeMismatch([Any].self, .init(codingPath: [], debugDescription: "\(text.prefix(40)) is not a list"))
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    func decodeNil() -> Bool { false }

    func decode(_ type: Bool.Type) throws -> Bool { try value() }
    func decode(_ type: String.Type) throws -> String { text }
    func decode(_ type: Double.Type) throws -> Double { try value() }
    func decode(_ type: Float.Type) throws -> Float { Float(try value() as Double) }
    func decode(_ type: Int.Type) throws -> Int { try value() }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer() }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer() }
    func decode(_ type: Int32.Type) throws -> Int32 { try value() }
    func decode(_ type: Int64.Type) throws -> Int64 { try value() }
    func decode(_ type: UInt.Type) throws -> UInt { try integer() }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer() }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer() }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer() }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer() }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try T(from: self) }

    private func value<T: PostgresDecodable>() throws -> T {
        guard let value = T(postgresText: text) else {
            throw DecodingError.typeMismatch(T.self, .init(codingPath: [], debugDescription: "\(text.prefix(40)) is not a \(T.self)"))
        }
        return value
    }

    private func integer<T: FixedWidthInteger>() throws -> T {
        guard let exact = T(exactly: try value() as Int64) else {
            throw DecodingError.typeMismatch(T.self, .init(codingPath: [], debugDescription: "\(text) is out of range"))
        }
        return exact
    }
}

/// JSON columns as GRDB writes them for the SQLite store: keys sorted, dates in milliseconds.
enum StoredJSON {
    static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .millisecondsSince1970
        decoder.dataDecodingStrategy = .base64
        return decoder
    }()

    static func text<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .millisecondsSince1970
        encoder.dataEncodingStrategy = .base64
        encoder.nonConformingFloatEncodingStrategy = .throw
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}

extension Date {
    /// The date as the stores keep it, to the millisecond (as the SQLite store does), so a
    /// value read back equals what every other node and the feed's cursors carry.
    var stored: Date { Date(timeIntervalSince1970: (timeIntervalSince1970 * 1000).rounded(.down) / 1000) }
}
