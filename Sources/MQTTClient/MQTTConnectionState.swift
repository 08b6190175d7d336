/// Where the client stands with its broker.
public enum MQTTConnectionState: Sendable, Equatable, CustomStringConvertible {
    /// `start()` has not been called.
    case notStarted
    /// The first connection attempt is under way.
    case connecting
    /// The broker accepted the connection (CONNACK 0) and every subscription was sent again.
    case connected
    /// The connection was refused or lost; the client tries again after a growing delay.
    /// `reason` is the last error in words, e.g. "Connection Refused: not authorised."
    case reconnecting(reason: String)
    /// `disconnect()` was called; the client does not connect again.
    case disconnected

    /// True only in `.connected`.
    public var isConnected: Bool { self == .connected }

    public var description: String {
        switch self {
        case .notStarted: "not started"
        case .connecting: "connecting"
        case .connected: "connected"
        case .reconnecting(let reason): "reconnecting (\(reason))"
        case .disconnected: "disconnected"
        }
    }
}
