import Foundation

/// A few connections shared by the HTTP threads. A caller borrows one for the length of a
/// closure and gives it back when the closure ends, so a connection is never held while a
/// request is suspended (a live stream waiting for events holds none). When all are lent,
/// a caller waits up to `wait` and then fails, rather than queueing without end.
///
/// Threads: every method may be called from any thread.
public final class PostgresPool: @unchecked Sendable {
    public let url: String
    public let size: Int
    public let wait: Duration
    private let condition = NSCondition()
    private let commitObservers = CommitObservers()
    // Guarded by `condition`:
    private var idle: [PostgresConnection] = []
    private var open = 0
    private var closed = false

    /// Connections are opened as they are first needed; `init` opens one to fail early on a
    /// wrong URL or a server that is not there.
    public init(url: String, size: Int = 8, wait: Duration = .seconds(5)) throws(PostgresError) {
        precondition(size > 0)
        self.url = url
        self.size = size
        self.wait = wait
        idle = [try connect()]
        open = 1
    }

    /// Calls `observer` after every commit, through this pool's connections, of a transaction
    /// that notified `channel` (`PostgresConnection.notifyAfterCommit`): on the thread that
    /// committed, right after the commit, so it must only schedule work. Transactions of
    /// other pools and other processes are not heard.
    public func observeCommits(notifying channel: String, _ observer: @escaping @Sendable () -> Void) -> PostgresCommitObservation {
        PostgresCommitObservation(observers: commitObservers, key: commitObservers.add(channel) { _ in observer() })
    }

    /// As `observeCommits(notifying:_:)`, with the notes the transaction gave the channel
    /// (`PostgresConnection.notifyAfterCommit(_:note:)`), in the order it gave them.
    public func observeCommits(notifying channel: String,
                               withNotes observer: @escaping @Sendable ([any Sendable]) -> Void) -> PostgresCommitObservation {
        PostgresCommitObservation(observers: commitObservers, key: commitObservers.add(channel, observer))
    }

    /// Runs `body` with a connection of its own, returned to the pool afterwards (or closed,
    /// if the server went away meanwhile).
    @discardableResult
    public func withConnection<T>(_ body: (PostgresConnection) throws -> T) throws -> T {
        let connection = try borrow()
        defer { giveBack(connection) }
        return try body(connection)
    }

    /// Runs `body` in a transaction on a connection of its own.
    @discardableResult
    public func transaction<T>(_ isolation: PostgresConnection.Isolation = .readCommitted,
                               _ body: (PostgresConnection) throws -> T) throws -> T {
        try withConnection { connection in try connection.transaction(isolation, body) }
    }

    /// Closes the idle connections; connections still lent are closed as they come back.
    public func close() {
        condition.lock()
        closed = true
        open -= idle.count
        idle.removeAll()
        condition.broadcast()
        condition.unlock()
    }

    /// Connections opened and not yet closed, lent or idle (for /status and tests).
    public var openConnections: Int {
        condition.lock()
        defer { condition.unlock() }
        return open
    }

    private func borrow() throws -> PostgresConnection {
        let deadline = Date(timeIntervalSinceNow: Double(wait / .milliseconds(1)) / 1_000)
        condition.lock()
        while !closed && idle.isEmpty && open >= size {
            guard condition.wait(until: deadline) else {
                condition.unlock()
                throw PostgresError.poolExhausted(waited: wait)
            }
        }
        if closed {
            condition.unlock()
            throw PostgresError(sqlState: nil, message: "the connection pool is closed")
        }
        if let connection = idle.popLast() {
            condition.unlock()
            return connection
        }
        open += 1 // a place is taken before connecting, so others wait instead of connecting too
        condition.unlock()
        do {
            return try connect()
        } catch {
            condition.lock()
            open -= 1
            condition.signal()
            condition.unlock()
            throw error
        }
    }

    private func connect() throws(PostgresError) -> PostgresConnection {
        let connection = try PostgresConnection(url: url)
        connection.committed = { [commitObservers] channels in commitObservers.tell(channels) }
        return connection
    }

    private func giveBack(_ connection: PostgresConnection) {
        let usable = connection.isUsable
        let lost = connection.isLost
        condition.lock()
        if usable && !closed {
            idle.append(connection)
        } else {
            open -= 1
        }
        // A connection the server dropped (it restarted, or went away) means the idle ones
        // are gone too: forget them now, so the next callers connect afresh instead of each
        // failing once on a dead connection.
        var stale: [PostgresConnection] = []
        if lost {
            stale = idle
            open -= idle.count
            idle.removeAll()
        }
        condition.broadcast()
        condition.unlock()
        _ = stale
    }
}

/// The observers of a pool's commits, by channel.
final class CommitObservers: @unchecked Sendable {
    private let lock = NSLock()
    // Guarded by `lock`:
    private var observers: [Int: (channel: String, observer: @Sendable ([any Sendable]) -> Void)] = [:]
    private var nextKey = 0

    func add(_ channel: String, _ observer: @escaping @Sendable ([any Sendable]) -> Void) -> Int {
        lock.lock()
        defer { lock.unlock() }
        nextKey += 1
        observers[nextKey] = (channel, observer)
        return nextKey
    }

    func remove(_ key: Int) {
        lock.lock()
        observers[key] = nil
        lock.unlock()
    }

    /// Calls the observers of the channels with their notes, outside the lock (an observer
    /// may cancel itself).
    func tell(_ channels: [String: [any Sendable]]) {
        lock.lock()
        let called = observers.values.compactMap { entry in channels[entry.channel].map { (entry.observer, $0) } }
        lock.unlock()
        for (observer, notes) in called { observer(notes) }
    }
}

/// An observation of a pool's commits (`PostgresPool.observeCommits`), until cancelled.
public struct PostgresCommitObservation: Sendable {
    let observers: CommitObservers
    let key: Int

    public func cancel() {
        observers.remove(key)
    }
}
