/// The columns a record is written to (all but its `id`) and read from, as SQL text.
struct ColumnList: Sendable {
    let writtenNames: [String]

    init(written names: [String]) { writtenNames = names }

    /// The written columns, comma-separated.
    var written: String { writtenNames.joined(separator: ", ") }
    /// `id` and the written columns.
    var all: String { "id, " + written }
    var count: Int { writtenNames.count }
    /// `$1, $2, …`, one for each written column.
    var placeholders: String { (1...count).map { "$\($0)" }.joined(separator: ", ") }

    /// `all`, each column prefixed with `table.` for a join.
    func all(of table: String) -> String {
        (["id"] + writtenNames).map { "\(table).\($0)" }.joined(separator: ", ")
    }
}
