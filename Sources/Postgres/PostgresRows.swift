import CLibPQ

/// A command's result, copied out of libpq's memory: column names and every value as text
/// (nil for SQL NULL), plus how many rows a command touched.
public struct PostgresRows: Sendable, RandomAccessCollection {
    public let columns: [String]
    private let values: [String?]
    /// Rows inserted, updated or deleted by the command (0 for a query).
    public let affected: Int

    init(copying result: OpaquePointer) {
        let rowCount = Int(PQntuples(result))
        let columnCount = Int(PQnfields(result))
        columns = (0..<columnCount).map { String(cString: PQfname(result, Int32($0))) }
        var values: [String?] = []
        values.reserveCapacity(rowCount * columnCount)
        for row in 0..<rowCount {
            for column in 0..<columnCount {
                let (r, c) = (Int32(row), Int32(column))
                values.append(PQgetisnull(result, r, c) == 1 ? nil : String(cString: PQgetvalue(result, r, c)))
            }
        }
        self.values = values
        affected = Int(String(cString: PQcmdTuples(result))) ?? 0
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { columns.isEmpty ? 0 : values.count / columns.count }

    public subscript(position: Int) -> PostgresRow {
        PostgresRow(columns: columns, values: values[(position * columns.count)..<((position + 1) * columns.count)])
    }
}

/// One row of a result.
public struct PostgresRow: Sendable {
    let columns: [String]
    let values: ArraySlice<String?>

    /// The text of the column at `index`, nil for NULL.
    public func text(_ index: Int) -> String? { values[values.startIndex + index] }

    /// The column at `index` as `T`; throws on NULL or on text that is not a `T`.
    public func decode<T: PostgresDecodable>(_ index: Int, as type: T.Type = T.self) throws(PostgresError) -> T {
        guard let text = text(index) else {
            throw PostgresError(sqlState: nil, message: "column \(columns[index]) is NULL where \(T.self) was expected")
        }
        guard let value = T(postgresText: text) else {
            throw PostgresError(sqlState: nil, message: "column \(columns[index]) holds \(text.prefix(40)), not a \(T.self)")
        }
        return value
    }

    /// The column at `index` as `T`, nil for NULL; throws on text that is not a `T`.
    public func decodeIfPresent<T: PostgresDecodable>(_ index: Int, as type: T.Type = T.self) throws(PostgresError) -> T? {
        text(index) == nil ? nil : try decode(index, as: type)
    }

    /// The column named `name` as `T`.
    public func decode<T: PostgresDecodable>(_ name: String, as type: T.Type = T.self) throws(PostgresError) -> T {
        try decode(try index(of: name), as: type)
    }

    /// The column named `name` as `T`, nil for NULL.
    public func decodeIfPresent<T: PostgresDecodable>(_ name: String, as type: T.Type = T.self) throws(PostgresError) -> T? {
        try decodeIfPresent(try index(of: name), as: type)
    }

    private func index(of name: String) throws(PostgresError) -> Int {
        guard let index = columns.firstIndex(of: name) else {
            throw PostgresError(sqlState: nil, message: "the result has no column \(name)")
        }
        return index
    }
}
