import Postgres

/// How the stores take their steps: several reads as one moment, and a step that lost a race
/// to another writer taken once more, to find what the other stored.
extension PostgresPool {
    /// Several reads as one moment.
    func reading<T>(_ body: (PostgresConnection) throws -> T) throws -> T {
        try transaction(.repeatableRead, body)
    }

    /// A step in one transaction, taken once more when it met one of `lostRaces` (unique
    /// constraints another writer may fill between the step's reads and its inserts).
    func changing<T>(_ lostRaces: Set<String>, _ body: (PostgresConnection) throws -> T) throws -> T {
        do {
            return try transaction { connection in try body(connection) }
        } catch let error as PostgresError where error.isUniqueViolation && lostRaces.contains(error.constraint ?? "") {
            return try transaction { connection in try body(connection) }
        }
    }
}
