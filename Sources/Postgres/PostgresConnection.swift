import CLibPQ
import Foundation

/// One libpq connection. Calls block the calling thread until the server has answered,
/// like the HTTP handlers that use it; one thread at a time uses a connection (the pool
/// hands each to one caller, who returns it when the closure ends).
///
/// Every statement is prepared once per connection and then executed with bound parameters
/// in text format: values never become part of SQL text.
public final class PostgresConnection {
    private let handle: OpaquePointer
    /// Statement names by SQL text, prepared on this connection.
    private var prepared: [String: String] = [:]
    private var inTransaction = false
    /// The channels the open transaction notified (`notifyAfterCommit`) and the notes each
    /// was given, in the order given, told once it commits.
    private var notified: [String: [any Sendable]] = [:]
    /// Hears the channels of each commit with their notes: the pool's observers, for a
    /// connection of a pool.
    var committed: (([String: [any Sendable]]) -> Void)?

    /// Connects with a `postgres://user:password@host:port/database?…` URL or a libpq
    /// key=value string, in UTC and ISO dates.
    public init(url: String) throws(PostgresError) {
        guard let handle = PQconnectdb(url) else {
            throw PostgresError(sqlState: nil, message: "libpq could not allocate a connection")
        }
        guard PQstatus(handle) == CONNECTION_OK else {
            let message = Self.trimmed(PQerrorMessage(handle))
            PQfinish(handle)
            throw PostgresError(sqlState: "08001", message: message)
        }
        self.handle = handle
        do {
            // One round trip for the settings every statement relies on; notices (such as
            // "already exists, skipping") stay out of the server's stderr.
            _ = try execute("SET TIME ZONE 'UTC'; SET DateStyle = 'ISO, YMD'; SET client_encoding = 'UTF8'; "
                + "SET client_min_messages = 'warning'")
        } catch {
            PQfinish(handle)
            throw error
        }
    }

    deinit {
        PQfinish(handle)
    }

    /// Whether the connection can still be used: false once the server has gone away or a
    /// transaction was left open by a failure that could not roll it back.
    /// The server is gone from this connection (it closed the socket, or it restarted).
    public var isLost: Bool {
        PQstatus(handle) == CONNECTION_BAD
    }

    public var isUsable: Bool {
        PQstatus(handle) == CONNECTION_OK && PQtransactionStatus(handle) == PQTRANS_IDLE && !inTransaction
    }

    /// Runs `sql` without parameters, possibly several statements separated by `;` (no
    /// preparing: for schema changes and settings).
    @discardableResult
    public func execute(_ sql: String) throws(PostgresError) -> PostgresRows {
        try rows(of: PQexec(handle, sql))
    }

    /// Runs one statement with `$1…$n` bound to `parameters`, prepared on first use.
    @discardableResult
    public func query(_ sql: String, _ parameters: [any PostgresEncodable] = []) throws(PostgresError) -> PostgresRows {
        let name = try statementName(for: sql, parameterCount: parameters.count)
        let texts = parameters.map { $0.postgresText }
        // NUL cannot be in a PostgreSQL text value; libpq would cut the text short at it.
        if texts.contains(where: { $0?.utf8.contains(0) == true }) {
            throw PostgresError(sqlState: "22021", message: "a text parameter contains a NUL character")
        }
        return try withCStrings(texts) { values throws(PostgresError) in
            try rows(of: PQexecPrepared(handle, name, Int32(values.count), values, nil, nil, 0))
        }
    }

    /// Runs `body` in a transaction: committed when it returns (and then what it notified is
    /// told, `notifyAfterCommit`), rolled back when it throws. Transactions do not nest.
    @discardableResult
    public func transaction<T>(_ isolation: Isolation = .readCommitted,
                               _ body: (PostgresConnection) throws -> T) throws -> T {
        precondition(!inTransaction, "transactions do not nest")
        try execute("BEGIN ISOLATION LEVEL \(isolation.rawValue)")
        inTransaction = true
        do {
            let value = try body(self)
            try execute("COMMIT")
            inTransaction = false
            tellCommitted()
            return value
        } catch {
            notified.removeAll()
            // A failed rollback leaves the connection unusable (isUsable), so the pool drops it.
            if (try? execute("ROLLBACK")) != nil { inTransaction = false }
            throw error
        }
    }

    /// Tells the pool's observers of `channel` (`PostgresPool.observeCommits`) that the open
    /// transaction changed what the channel stands for, once it commits: the one who writes
    /// marks the change where it writes, so no caller has to remember to announce it. A
    /// transaction that rolls back tells nobody; one that notified a channel several times
    /// tells its observers once. Outside a transaction the statement before has committed
    /// already, and they are told at once.
    public func notifyAfterCommit(_ channel: String) {
        if notified[channel] == nil { notified[channel] = [] }
        if !inTransaction { tellCommitted() }
    }

    /// As `notifyAfterCommit(_:)`, and hands `note` to the channel's observers with the
    /// commit: what the transaction did, as it did it (the live log's appended events), so
    /// they need not read it back. Notes reach the observers in the order they were given.
    public func notifyAfterCommit(_ channel: String, note: any Sendable) {
        notified[channel, default: []].append(note)
        if !inTransaction { tellCommitted() }
    }

    private func tellCommitted() {
        guard !notified.isEmpty else { return }
        let channels = notified
        notified.removeAll()
        committed?(channels)
    }

    public enum Isolation: String, Sendable {
        case readCommitted = "READ COMMITTED"
        case repeatableRead = "REPEATABLE READ"
        case serializable = "SERIALIZABLE"
    }

    // MARK: - Internals

    private func statementName(for sql: String, parameterCount: Int) throws(PostgresError) -> String {
        if let name = prepared[sql] { return name }
        let name = "s\(prepared.count)"
        _ = try rows(of: PQprepare(handle, name, sql, Int32(parameterCount), nil))
        prepared[sql] = name
        return name
    }

    /// The rows of a finished command, or its error; frees the libpq result either way.
    private func rows(of result: OpaquePointer?) throws(PostgresError) -> PostgresRows {
        guard let result else {
            throw PostgresError(sqlState: nil, message: Self.trimmed(PQerrorMessage(handle)))
        }
        defer { PQclear(result) }
        switch PQresultStatus(result) {
        case PGRES_COMMAND_OK, PGRES_TUPLES_OK, PGRES_EMPTY_QUERY:
            return PostgresRows(copying: result)
        default:
            let sqlState = fotofolio_pq_sqlstate(result).map { String(cString: $0) }
            let message = fotofolio_pq_primary_message(result).map { String(cString: $0) }
                ?? Self.trimmed(PQresultErrorMessage(result))
            let constraint = fotofolio_pq_constraint(result).map { String(cString: $0) }
            throw PostgresError(sqlState: sqlState, message: message, constraint: constraint)
        }
    }

    private static func trimmed(_ message: UnsafePointer<CChar>?) -> String {
        guard let message else { return "unknown libpq error" }
        return String(cString: message).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// Calls `body` with C strings for `texts` (nil stays a null pointer: SQL NULL), valid only
/// during the call.
private func withCStrings<T>(_ texts: [String?],
                             _ body: ([UnsafePointer<CChar>?]) throws(PostgresError) -> T) throws(PostgresError) -> T {
    let copies: [UnsafeMutablePointer<CChar>?] = texts.map { text in text.map { strdup($0)! } }
    defer { copies.forEach { free($0) } }
    return try body(copies.map { UnsafePointer($0) })
}
