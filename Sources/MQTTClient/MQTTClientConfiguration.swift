/// How an `MQTTClient` reaches its broker and behaves on the connection.
public struct MQTTClientConfiguration: Sendable {
    /// TLS settings; the broker's certificate is checked against `caFile` and its host name.
    public struct TLS: Sendable {
        /// PEM file with the certificate authorities to trust.
        public var caFile: String

        /// Trusts the certificate authorities in the PEM file at `caFile`.
        public init(caFile: String) { self.caFile = caFile }
    }

    /// Broker host name or address.
    public var host: String
    /// Broker port (1883 plain, 8883 usually for TLS).
    public var port: Int
    /// User name, or nil for an anonymous connection.
    public var username: String?
    /// Password for `username`.
    public var password: String?
    /// TLS, or nil for a plain TCP connection.
    public var tls: TLS?
    /// Seconds between keep-alive pings when nothing else is sent (5…65,535).
    public var keepAlive: Int = 60
    /// Must be unique among the broker's clients: a second connection with the same id
    /// makes the broker drop the first. The default is unique per client object.
    public var clientIdentifier: String
    /// With a clean session the broker forgets subscriptions and queued messages on
    /// disconnect; the client subscribes again after every connection either way.
    public var cleanSession: Bool = true
    /// Delay before the first reconnection attempt, in whole seconds. The backoff grows it
    /// as delay × attempt² (1, 4, 9, 16, 25, 30 s) until a connection is accepted.
    public var reconnectDelay: Duration = .seconds(1)
    /// The longest the delay between reconnection attempts grows to.
    public var maximumReconnectDelay: Duration = .seconds(30)
    /// QoS 1/2 messages on the wire awaiting acknowledgement; further ones wait in
    /// libmosquitto's queue. Keeps the broker and the packet ids from being flooded.
    public var maximumInFlightMessages: Int = 20
    /// QoS 1/2 messages accepted but not yet acknowledged (in flight or queued, for example
    /// while disconnected). Beyond it `publish` throws `publishQueueFull`; it stays well
    /// below the 65,535 packet ids MQTT has, so ids are never reused while still pending.
    public var maximumQueuedMessages: Int = 10_000

    /// A configuration with the defaults above: keep-alive 60 s, clean session, reconnect
    /// after 1 s growing to 30 s, 20 messages in flight, 10,000 queued.
    public init(host: String, port: Int, username: String? = nil, password: String? = nil,
                tls: TLS? = nil, clientIdentifier: String = MQTTClientConfiguration.uniqueClientIdentifier()) {
        self.host = host
        self.port = port
        self.username = username
        self.password = password
        self.tls = tls
        self.clientIdentifier = clientIdentifier
    }

    /// `prefix` followed by a dash and 12 random hex digits, e.g. `client-3f9a0c12b7de`,
    /// short enough for brokers that keep to MQTT 3.1.1's 23-character minimum.
    public static func uniqueClientIdentifier(prefix: String = "client") -> String {
        let random = (0..<12).map { _ in String(Int.random(in: 0..<16), radix: 16) }.joined()
        return "\(prefix)-\(random)"
    }
}
