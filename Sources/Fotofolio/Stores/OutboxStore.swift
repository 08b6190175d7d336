import Foundation

/// What is waiting to be published to MQTT (`OutboxEntry`), appended to by `MessengerStore`
/// in the transaction of each change. Ids strictly increase.
public protocol OutboxStore: Sendable {
    /// Unsent entries with ids above `id`, oldest first, at most `limit`.
    func pending(after id: Int64, limit: Int) throws -> [OutboxEntry]

    /// Marks the entries sent at `date`, in one write; marking one again changes nothing.
    func markSent(_ ids: [Int64], at date: Date) throws

    func pendingCount() throws -> Int

    /// Deletes entries sent before `date`; returns how many.
    func prune(sentBefore date: Date) throws -> Int
}
