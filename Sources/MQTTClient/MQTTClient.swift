import CMosquitto
import Logging
import Synchronization

/// An MQTT 3.1.1 client over a libmosquitto handle.
///
/// After `start()` the client's own network thread (`NetworkLoop`) connects, keeps the
/// connection alive, reconnects after a loss (waiting 1, 4, 9, … up to 30 s by default) and,
/// on every accepted connection, this client subscribes again to every active filter. It
/// waits with `poll`, so it works however many descriptors the process has open.
///
/// Threads: every public method may be called from any thread. Message handlers, publish
/// completions and state observers run on the client's own serial delivery queue, in the
/// order their events happened; they may call back into the client but should not block
/// for long, since they hold up the ones behind them. Publish and subscribe calls only
/// queue their packets (libmosquitto locks around its queues) and wake the network thread,
/// the only one that touches the socket; all other state is behind locks.
public final class MQTTClient: Sendable {
    /// The settings the client was made with.
    public let configuration: MQTTClientConfiguration
    private let handle: MosquittoHandle
    private let session: ClientSession
    private let lifecycle = Mutex(Lifecycle.created)

    private enum Lifecycle {
        case created
        case running(NetworkLoop)
        case stopped
    }

    /// Creates the handle and applies the configuration; connects only on `start()`.
    /// - Throws: `MQTTError.configuration` for values libmosquitto rejects, such as an
    ///   unreadable CA file or an out-of-range keep-alive.
    public init(configuration: MQTTClientConfiguration, logger: Logger = Logger(label: "mqtt")) throws(MQTTError) {
        self.configuration = configuration
        session = ClientSession(label: "mqtt.\(configuration.clientIdentifier)", logger: logger)
        // Unretained: callbacks come only from calls this client or its network thread
        // make, and both hold the session.
        handle = try MosquittoHandle(clientIdentifier: configuration.clientIdentifier, cleanSession: configuration.cleanSession,
                                     context: Unmanaged.passUnretained(session).toOpaque())
        try configure()
        let pointer = handle.pointer
        mosquitto_connect_callback_set(pointer, connectCallback)
        mosquitto_disconnect_callback_set(pointer, disconnectCallback)
        mosquitto_publish_callback_set(pointer, publishCallback)
        mosquitto_subscribe_callback_set(pointer, subscribeCallback)
        mosquitto_message_callback_set(pointer, messageCallback)
        mosquitto_log_callback_set(pointer, logCallback)
    }

    private func configure() throws(MQTTError) {
        let settings = configuration
        let pointer = handle.pointer
        guard (5...65_535).contains(settings.keepAlive) else {
            throw .configuration("keep-alive must be 5 to 65,535 seconds, not \(settings.keepAlive)")
        }
        guard (1...65_535).contains(settings.maximumInFlightMessages), settings.maximumQueuedMessages >= 1 else {
            throw .configuration("in-flight messages must be 1 to 65,535 and the queue at least 1")
        }
        try check(mosquitto_username_pw_set(pointer, settings.username, settings.password), "username and password")
        if let tls = settings.tls {
            try check(mosquitto_tls_set(pointer, tls.caFile, nil, nil, nil, nil), "TLS with CA file \(tls.caFile) (is it readable?)")
        }
        // What mosquitto_max_inflight_messages_set does in libmosquitto 2, without the deprecation.
        try check(mosquitto_int_option(pointer, MOSQ_OPT_SEND_MAXIMUM, Int32(settings.maximumInFlightMessages)), "in-flight limit")
        // Calls on other threads only queue packets; the network thread alone writes to the
        // socket (an OpenSSL connection must not be written from two threads at once).
        try check(mosquitto_threaded_set(pointer, true), "threaded mode")
    }

    private func check(_ code: Int32, _ setting: String) throws(MQTTError) {
        guard code == Mosquitto.success else { throw .configuration("\(setting): \(Mosquitto.errorText(code))") }
    }

    deinit { disconnect() }

    /// Where the client stands now; see `observeState(_:)` to follow changes.
    public var state: MQTTConnectionState { session.connection }

    /// Calls `observer` on the delivery queue after every state change, for the client's life.
    public func observeState(_ observer: @escaping @Sendable (MQTTConnectionState) -> Void) {
        session.addStateObserver(observer)
    }

    /// Starts the network thread, which makes the first connection attempt; returns at
    /// once. A broker that is down or refuses is not an error here: the state says
    /// `.reconnecting(reason:)` and attempts go on. Calling it again does nothing.
    /// - Throws: `MQTTError.disconnected` after `disconnect()`, `.configuration` for a port
    ///   out of range, or `.library` when the network thread cannot start.
    public func start() throws(MQTTError) {
        try lifecycle.withLock { phase throws(MQTTError) in
            switch phase {
            case .running: return
            case .stopped: throw .disconnected
            case .created: break
            }
            guard (0...65_535).contains(configuration.port) else {
                throw .configuration("host \(configuration.host) or port \(configuration.port) is not valid")
            }
            let network = try NetworkLoop(handle: handle, session: session, configuration: configuration)
            session.changeConnection(to: .connecting)
            try network.start()
            phase = .running(network)
        }
    }

    /// Ends the connection for good: sends DISCONNECT when connected, stops the network
    /// thread and completes every unacknowledged publish with `.disconnected`. Handlers are
    /// not called for anything that arrives later. Safe to call more than once.
    ///
    /// Waits for the network thread; if it is in the middle of a TCP connect to an
    /// unreachable host, that is until the operating system gives the attempt up.
    public func disconnect() {
        let network = lifecycle.withLock { phase -> NetworkLoop? in
            defer { phase = .stopped }
            guard case .running(let network) = phase else { return nil }
            return network
        }
        session.stop()
        network?.stop()
    }

    /// Has the network thread send what was just queued; before `start()` it stays queued.
    private func wakeNetwork() {
        let network = lifecycle.withLock { phase -> NetworkLoop? in
            guard case .running(let network) = phase else { return nil }
            return network
        }
        network?.wake()
    }
}

// MARK: Publishing

extension MQTTClient {
    /// Sends `payload` to `topic`. `completion` runs once on the delivery queue: with
    /// success when the broker acknowledged it (PUBACK for QoS 1, PUBCOMP for QoS 2, written
    /// to the socket for QoS 0), or with `.disconnected` if `disconnect()` came first.
    ///
    /// While there is no connection (before the first or between reconnections) QoS 1 and 2
    /// messages are kept in libmosquitto's queue, sent in order after the next CONNACK (after
    /// the subscriptions are renewed), and complete when acknowledged then. At most
    /// `maximumInFlightMessages` are on the wire at once; the rest wait in that queue.
    /// - Throws: `.invalidTopic`; `.publishQueueFull` when `maximumQueuedMessages` are
    ///   already unacknowledged; `.notConnected` for QoS 0 without a connection (it is not
    ///   kept); `.disconnected` after `disconnect()`.
    public func publish(_ payload: [UInt8], to topic: String, qos: MQTTQualityOfService = .atLeastOnce, retain: Bool = false,
                        completion: @escaping @Sendable (Result<Void, MQTTError>) -> Void = { _ in }) throws(MQTTError) {
        try validatePublishTopic(topic)
        guard payload.count <= 268_435_455 else { throw .payloadTooLarge(bytes: payload.count) }
        try session.reservePublish(limit: configuration.maximumQueuedMessages)
        var mid: Int32 = 0
        let code = payload.withUnsafeBytes { bytes in
            mosquitto_publish(handle.pointer, &mid, topic, Int32(bytes.count), bytes.baseAddress, qos.rawValue, retain)
        }
        // libmosquitto answers "no connection" for QoS 1/2 too, but has queued the message
        // and resends it on reconnection, so for those it counts as accepted.
        if code == Mosquitto.success || (code == Mosquitto.noConnection && qos != .atMostOnce) {
            session.publishAccepted(mid: mid, completion: completion)
            if code == Mosquitto.success { wakeNetwork() }
            return
        }
        session.cancelReservation()
        throw code == Mosquitto.noConnection ? .notConnected : Mosquitto.error(code)
    }

    /// Sends the UTF-8 bytes of `text`; see `publish(_:to:qos:retain:completion:)`.
    public func publish(_ text: String, to topic: String, qos: MQTTQualityOfService = .atLeastOnce, retain: Bool = false,
                        completion: @escaping @Sendable (Result<Void, MQTTError>) -> Void = { _ in }) throws(MQTTError) {
        try publish(Array(text.utf8), to: topic, qos: qos, retain: retain, completion: completion)
    }
}

// MARK: Subscribing

extension MQTTClient {
    /// Calls `handler` on the delivery queue for every message whose topic matches `filter`,
    /// until `unsubscribe` is called with the returned subscription. The broker is asked at
    /// once if connected, and again after every reconnection; `acknowledgements` on the
    /// result counts its SUBACKs. Overlapping filters may bring a message twice.
    /// - Throws: `.disconnected` after `disconnect()`.
    @discardableResult
    public func subscribe(to filter: TopicFilter, qos: MQTTQualityOfService = .atLeastOnce,
                          handler: @escaping @Sendable (MQTTMessage) -> Void) throws(MQTTError) -> MQTTSubscription {
        let subscription = try session.subscriptionTraffic.withLock { _ throws(MQTTError) in
            let subscription = try session.shared.withLock { shared throws(MQTTError) in
                guard !shared.stopped else { throw .disconnected }
                shared.unsubscribeOnConnect.remove(filter)
                return shared.subscriptions.add(filter, qos: qos, handler: handler)
            }
            session.sendSubscribe(filter, qos: session.shared.withLock { $0.subscriptions.brokerQoS(for: filter) } ?? qos, handle: handle.pointer)
            return subscription
        }
        wakeNetwork()
        return subscription
    }

    /// Parses `filter` and subscribes; see `subscribe(to:qos:handler:)`.
    /// - Throws: `.invalidTopicFilter` when the text breaks the wildcard rules.
    @discardableResult
    public func subscribe(to filter: String, qos: MQTTQualityOfService = .atLeastOnce,
                          handler: @escaping @Sendable (MQTTMessage) -> Void) throws(MQTTError) -> MQTTSubscription {
        try subscribe(to: TopicFilter(filter), qos: qos, handler: handler)
    }

    /// Stops the subscription's handler: no call of it starts after this returns (one already
    /// running on the delivery queue finishes). The broker subscription ends when no other
    /// subscription uses the same filter; unsubscribing twice does nothing.
    public func unsubscribe(_ subscription: MQTTSubscription) {
        session.subscriptionTraffic.withLock { _ in
            let filter = subscription.filter
            let lastOnFilter = session.shared.withLock { $0.subscriptions.remove(subscription) }
            guard lastOnFilter else { return }
            if mosquitto_unsubscribe(handle.pointer, nil, filter.text) == Mosquitto.noConnection {
                session.shared.withLock { _ = $0.unsubscribeOnConnect.insert(filter) }
            }
        }
        wakeNetwork()
    }
}
