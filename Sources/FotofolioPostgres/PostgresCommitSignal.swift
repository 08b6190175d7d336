import Fotofolio
import Synchronization

/// Who to tell that a transaction appending live events has committed, for
/// `LiveEventStore.observeCommits`. PostgreSQL has no commit hook a client sees, so the
/// stores that append (the messenger's) call `committed()` after each such commit, on the
/// thread that committed; a rolled-back transaction calls nothing. One signal is shared by
/// the stores of one `Stores.postgres`, so it hears this process's commits only.
final class PostgresCommitSignal: Sendable {
    private let observers = Mutex<[Int: @Sendable () -> Void]>([:])
    private let nextKey = Atomic<Int>(0)

    /// Calls every observer; each must only schedule work.
    func committed() {
        for changed in observers.withLock({ Array($0.values) }) { changed() }
    }

    func observe(_ changed: @escaping @Sendable () -> Void) -> any StoreObservation {
        let key = nextKey.add(1, ordering: .relaxed).newValue
        observers.withLock { $0[key] = changed }
        return Observation(signal: self, key: key)
    }

    private struct Observation: StoreObservation {
        let signal: PostgresCommitSignal
        let key: Int

        func cancel() {
            _ = signal.observers.withLock { $0.removeValue(forKey: key) }
        }
    }
}
