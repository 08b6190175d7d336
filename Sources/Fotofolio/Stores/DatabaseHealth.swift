/// What an operator asks of the store underneath: does it answer, and at which schema.
public protocol DatabaseHealth: Sendable {
    /// Succeeds when the store answers a trivial query.
    func ping() throws

    /// Identifiers of the schema migrations applied, oldest first.
    func appliedMigrations() throws -> [String]
}
