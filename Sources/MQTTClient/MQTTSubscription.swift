import Synchronization

/// A handler registered for a topic filter; pass it to `MQTTClient.unsubscribe(_:)` to stop it.
public final class MQTTSubscription: Sendable, Hashable {
    /// The topics this subscription receives.
    public let filter: TopicFilter
    /// The most the broker is asked to deliver with.
    public let qos: MQTTQualityOfService
    let identifier: Int
    private let acknowledgementCount = Atomic<Int>(0)

    init(filter: TopicFilter, qos: MQTTQualityOfService, identifier: Int) {
        self.filter = filter
        self.qos = qos
        self.identifier = identifier
    }

    /// How many times the broker confirmed the subscription (SUBACK): once when it is made,
    /// then once more after every reconnection, when the client subscribes again.
    public var acknowledgements: Int { acknowledgementCount.load(ordering: .acquiring) }

    func acknowledged() { acknowledgementCount.add(1, ordering: .releasing) }

    public static func == (lhs: MQTTSubscription, rhs: MQTTSubscription) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
