/// How hard the broker and the client try to deliver a message (MQTT QoS).
public enum MQTTQualityOfService: Int32, Sendable, Comparable {
    /// Sent once, never acknowledged; lost if the connection drops.
    case atMostOnce = 0
    /// Acknowledged by PUBACK and resent until then; may arrive more than once.
    case atLeastOnce = 1
    /// Acknowledged by a four-packet handshake; arrives exactly once.
    case exactlyOnce = 2

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A message received on a subscription.
public struct MQTTMessage: Sendable, Equatable {
    /// The topic it was published on (never a filter).
    public let topic: String
    /// The bytes as published.
    public let payload: [UInt8]
    /// The QoS it was delivered with: the lower of the publisher's and the subscription's.
    public let qos: MQTTQualityOfService
    /// True when the broker sent a retained message because the subscription was new.
    public let retained: Bool

    /// A message as the client hands it to handlers; public for tests and fakes.
    public init(topic: String, payload: [UInt8], qos: MQTTQualityOfService, retained: Bool) {
        self.topic = topic
        self.payload = payload
        self.qos = qos
        self.retained = retained
    }

    /// The payload as UTF-8 text, or nil when it is not valid UTF-8.
    public var text: String? { String(validating: payload, as: UTF8.self) }
}
