import Foundation
import Fotofolio
import Postgres

/// The live log in `live_event`, read and pruned through `PostgresLiveEventLog`; its
/// sequences come from `live_sequence` and are never reused, even after pruning. Commits
/// are observed on the pool: every transaction that appended through
/// `PostgresLiveEventLog.append` notifies its channel, so only this process's appends are
/// heard (other nodes' reach the hub through MQTT and its poll).
struct PostgresLiveEventStore: LiveEventStore {
    let log: PostgresLiveEventLog

    func latestSequence() throws -> Int64 { try log.latestSequence() }

    func events(after sequence: Int64, limit: Int) throws -> [LiveEvent] { try log.events(after: sequence, limit: limit) }

    func events(after sequence: Int64, for userId: Int64, limit: Int) throws -> [LiveEvent] {
        try log.events(after: sequence, for: userId, limit: limit)
    }

    func oldestSequence() throws -> Int64? { try log.oldestSequence() }

    func prune(olderThan date: Date, keepingAtMost maximumCount: Int) throws -> Int {
        try log.prune(olderThan: date.stored, keepingAtMost: maximumCount)
    }

    /// `changed` is called on the thread that committed, right after the commit, with the
    /// events `PostgresLiveEventLog.append` noted in the transaction; observing never fails,
    /// so `failed` is never called.
    func observeCommits(failed: @escaping @Sendable (any Error) -> Void,
                        changed: @escaping @Sendable ([AppendedLiveEvent]) -> Void) -> any StoreObservation {
        CommitObservation(commits: log.pool.observeCommits(notifying: PostgresLiveEventLog.channel) { notes in
            changed(notes.compactMap { $0 as? AppendedLiveEvent }.sorted { $0.event.sequence < $1.event.sequence })
        })
    }
}

/// A store's observation of the commits that notified its channel (`notifyAfterCommit`).
struct CommitObservation: StoreObservation {
    let commits: PostgresCommitObservation

    func cancel() { commits.cancel() }
}
