/// What went wrong, with a message a person can act on.
public enum MQTTError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The filter breaks the MQTT wildcard rules.
    case invalidTopicFilter(String, reason: String)
    /// The topic cannot be published on.
    case invalidTopic(String, reason: String)
    /// The payload is larger than an MQTT packet can carry (256 MB).
    case payloadTooLarge(bytes: Int)
    /// The client could not be set up (bad option, unreadable CA file, …).
    case configuration(String)
    /// A QoS 0 message was published while there was no connection; it is not kept.
    case notConnected
    /// `disconnect()` was called: nothing more is sent, and messages that were still
    /// waiting for the broker's acknowledgement will never get one.
    case disconnected
    /// More publishes are waiting for acknowledgement than the configured limit.
    case publishQueueFull(limit: Int)
    /// The broker refused a subscription (SUBACK failure code).
    case subscriptionRefused(TopicFilter)
    /// libmosquitto reported an error; the text is `mosquitto_strerror`'s.
    case library(code: Int32, message: String)

    public var description: String {
        switch self {
        case .invalidTopicFilter(let filter, let reason): "Invalid topic filter \"\(filter)\": \(reason)."
        case .invalidTopic(let topic, let reason): "Invalid topic \"\(topic)\": \(reason)."
        case .payloadTooLarge(let bytes): "An MQTT payload can be at most 268,435,455 bytes, not \(bytes)."
        case .configuration(let message): "MQTT client configuration: \(message)"
        case .notConnected: "Not connected to the MQTT broker; QoS 0 messages are not kept while disconnected."
        case .disconnected: "The MQTT client was disconnected before the broker acknowledged the message."
        case .publishQueueFull(let limit): "\(limit) MQTT messages are already waiting for the broker; try again later."
        case .subscriptionRefused(let filter): "The MQTT broker refused the subscription to \"\(filter)\"."
        case .library(_, let message): "MQTT: \(message)"
        }
    }
}
