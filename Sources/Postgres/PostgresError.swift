/// Why a PostgreSQL call failed: the server's SQLSTATE and message when it answered, or what
/// went wrong on the way when it did not (`sqlState` nil).
public struct PostgresError: Error, Sendable, CustomStringConvertible {
    /// The five-character SQLSTATE (`23505` a unique violation, `40001` a serialization
    /// failure, `57P01` an administrator's shutdown); nil when no server answer carried one.
    public let sqlState: String?
    /// The server's primary message, or this client's own.
    public let message: String
    /// The constraint a violation broke (`chatRoom_directPair`), when the server names one.
    public let constraint: String?

    public init(sqlState: String?, message: String, constraint: String? = nil) {
        self.sqlState = sqlState
        self.message = message
        self.constraint = constraint
    }

    public var description: String {
        var text = message
        if let sqlState { text = "\(sqlState): \(text)" }
        if let constraint { text += " (\(constraint))" }
        return text
    }

    /// A unique or primary-key constraint refused the row.
    public var isUniqueViolation: Bool { sqlState == "23505" }
    /// A foreign key refused the row (what it points to is gone, or it is still pointed to).
    public var isForeignKeyViolation: Bool { sqlState == "23503" }
    /// A CHECK constraint refused the row.
    public var isCheckViolation: Bool { sqlState == "23514" }
    /// The connection is gone or unusable (class 08, or the server shutting down, class 57P).
    public var isConnectionFailure: Bool {
        guard let sqlState else { return true }
        return sqlState.hasPrefix("08") || sqlState.hasPrefix("57P")
    }

    /// No connection came free within the pool's wait.
    static func poolExhausted(waited: Duration) -> PostgresError {
        PostgresError(sqlState: nil, message: "no database connection came free within \(waited)")
    }
}
