import Fotofolio
import Postgres

/// People found through `account.search`, the GIN-indexed tsvector of their folded
/// (lower-case, unaccented) username, full name and town, with prefix queries.
///
/// The words are folded by the database and then keep only their letters and digits, so
/// nothing typed reaches `to_tsquery` as syntax. The index finds candidates in every column;
/// each is then checked against the words of the mode's own columns, split as SQLite's
/// tokenizer splits them (at spaces and ASCII punctuation other than `_`), so the name mode
/// never matches a town and `vojta_foti` is one word in both stores. Best matches first, as
/// FTS5's bm25 ranks them for words of equal weight: more of the words' prefixes in the
/// searched columns, then fewer words in the whole record; then by username.
struct PostgresPeopleSearchStore: PeopleSearchStore {
    let pool: PostgresPool

    func search(words: [String], mode: PeopleSearch.Mode, hiding hidden: [Int64], limit: Int) throws -> [User] {
        try pool.withConnection { connection in
            let folded = try connection.query("SELECT folded(word) FROM unnest($1::text[]) WITH ORDINALITY AS t(word, n) ORDER BY n",
                                              [TextList(words.prefix(8))])
                .map { String(try $0.decode(0, as: String.self).filter { $0.isLetter || $0.isNumber }) }
                .filter { !$0.isEmpty }
            guard !folded.isEmpty, limit > 0 else { return [] }
            return try connection.query("""
                WITH candidate AS (
                    SELECT account.*,
                        regexp_split_to_array(\(Self.searched(mode)), '\(Self.separators)') AS searched,
                        regexp_split_to_array(folded(username) || ' ' || folded(full_name) || ' ' || folded(location),
                                              '\(Self.separators)') AS everything
                    FROM account
                    WHERE search @@ to_tsquery('simple', array_to_string(ARRAY(SELECT w || ':*' FROM unnest($1::text[]) w), ' & '))
                      AND id <> ALL($3::bigint[])
                      AND id NOT IN (SELECT user_id FROM suspension WHERE until IS NULL OR until > now()))
                SELECT \(AccountColumns.columns.all),
                    (SELECT count(*) FROM unnest(searched) token, unnest($1::text[]) w WHERE starts_with(token, w)) AS hits,
                    (SELECT count(*) FROM unnest(everything) token WHERE token <> '') AS length
                FROM candidate
                WHERE NOT EXISTS (SELECT 1 FROM unnest($1::text[]) w
                                  WHERE NOT EXISTS (SELECT 1 FROM unnest(searched) token WHERE starts_with(token, w)))
                ORDER BY hits DESC, length, username LIMIT $2
                """, [TextList(folded), limit, IdList(hidden)]).map { try $0.record(User.self) }
        }
    }

    /// The folded text of the columns a mode searches.
    private static func searched(_ mode: PeopleSearch.Mode) -> String {
        switch mode {
        case .name: "folded(username) || ' ' || folded(full_name)"
        case .location: "folded(location)"
        }
    }

    /// What separates words: white space and ASCII punctuation but `_` (FTS5's `unicode61`
    /// with `tokenchars '_'`).
    private static let separators = "[[:space:]!-/:-@[-^`{-~]+"
}
