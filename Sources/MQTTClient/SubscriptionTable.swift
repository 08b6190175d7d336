/// The client's active subscriptions and their handlers. Several subscriptions may share
/// a filter; the broker sees one subscription per distinct filter, at the highest QoS asked.
struct SubscriptionTable {
    typealias Handler = @Sendable (MQTTMessage) -> Void

    private struct Entry {
        let subscription: MQTTSubscription
        let handler: Handler
    }

    private var entries: [Int: Entry] = [:]
    private var nextIdentifier = 1

    mutating func add(_ filter: TopicFilter, qos: MQTTQualityOfService, handler: @escaping Handler) -> MQTTSubscription {
        let subscription = MQTTSubscription(filter: filter, qos: qos, identifier: nextIdentifier)
        nextIdentifier += 1
        entries[subscription.identifier] = Entry(subscription: subscription, handler: handler)
        return subscription
    }

    /// Removes the subscription; returns true when it was the last one on its filter, so the
    /// broker subscription should go too.
    mutating func remove(_ subscription: MQTTSubscription) -> Bool {
        guard entries.removeValue(forKey: subscription.identifier) != nil else { return false }
        return !entries.values.contains { $0.subscription.filter == subscription.filter }
    }

    /// The QoS to ask the broker for on `filter`, or nil when nothing uses the filter.
    func brokerQoS(for filter: TopicFilter) -> MQTTQualityOfService? {
        entries.values.filter { $0.subscription.filter == filter }.map(\.subscription.qos).max()
    }

    /// Every distinct filter with the QoS to ask for, as sent again after a reconnection.
    var brokerSubscriptions: [(filter: TopicFilter, qos: MQTTQualityOfService)] {
        var result: [TopicFilter: MQTTQualityOfService] = [:]
        for entry in entries.values {
            result[entry.subscription.filter] = max(result[entry.subscription.filter] ?? .atMostOnce, entry.subscription.qos)
        }
        return result.map { ($0.key, $0.value) }
    }

    /// Identifiers of the subscriptions whose filter matches `topic`, oldest first.
    func identifiers(matching topic: String) -> [Int] {
        entries.values.filter { $0.subscription.filter.matches(topic) }.map(\.subscription.identifier).sorted()
    }

    /// The subscriptions on `filter`, to credit a SUBACK to.
    func subscriptions(on filter: TopicFilter) -> [MQTTSubscription] {
        entries.values.map(\.subscription).filter { $0.filter == filter }
    }

    /// The handler of a subscription that is still active.
    func handler(for identifier: Int) -> Handler? { entries[identifier]?.handler }
}
