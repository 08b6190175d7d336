import CMosquitto
import Dispatch
import Logging
import Synchronization

/// What an `MQTTClient` remembers across connections — connection state, subscriptions,
/// messages awaiting acknowledgement — and where libmosquitto's callbacks land.
///
/// Threads: the methods marked "network thread" run on the client's `NetworkLoop` thread,
/// most of them inside libmosquitto's callbacks. They copy what they need, update `shared`
/// under its lock and queue the rest, so the network is never kept waiting on application
/// code. Message handlers, publish completions and state observers run on `deliveryQueue`,
/// one at a time, with no lock held.
final class ClientSession: Sendable {
    typealias PublishCompletion = @Sendable (Result<Void, MQTTError>) -> Void
    typealias StateObserver = @Sendable (MQTTConnectionState) -> Void

    struct Shared {
        var connection = MQTTConnectionState.notStarted
        var stopped = false
        var subscriptions = SubscriptionTable()
        /// Filters unsubscribed while there was no connection; a persistent session on the
        /// broker would still hold them, so they are unsubscribed on the next connection.
        var unsubscribeOnConnect: Set<TopicFilter> = []
        var publishes = AcknowledgementBook<PublishCompletion, Void>()
        var reservedPublishes = 0
        var subscribeRequests = AcknowledgementBook<TopicFilter, Bool>()
        var stateObservers: [StateObserver] = []
        /// CONNACKs that accepted a connection, so the network thread can tell whether the
        /// connection it just lost had been accepted (and the backoff starts over).
        var acceptedConnections = 0
        /// The first OpenSSL error libmosquitto logged during the current connection
        /// attempt: the reason a TLS handshake failed, which no return code carries.
        var handshakeError: String?
    }

    let shared = Mutex(Shared())
    /// Held while the subscription table changes together with the SUBSCRIBE/UNSUBSCRIBE it
    /// causes, so packets reach the broker in the order the table changed (a re-subscription
    /// after reconnecting cannot overtake an unsubscribe). Inside it only `shared` is taken,
    /// and libmosquitto calls that take none of the locks it holds while calling back.
    let subscriptionTraffic = Mutex(())
    let deliveryQueue: DispatchQueue
    let logger: Logger

    init(label: String, logger: Logger) {
        deliveryQueue = DispatchQueue(label: label)
        self.logger = logger
    }

    // MARK: Connection state

    var connection: MQTTConnectionState { shared.withLock { $0.connection } }

    func addStateObserver(_ observer: @escaping StateObserver) {
        shared.withLock { $0.stateObservers.append(observer) }
    }

    /// Any thread. Observers hear every change, in order, on the delivery queue.
    func changeConnection(to state: MQTTConnectionState) {
        let observers = shared.withLock { shared -> [StateObserver] in
            guard shared.connection != state, shared.connection != .disconnected else { return [] }
            shared.connection = state
            return shared.stateObservers
        }
        guard !observers.isEmpty else { return }
        deliveryQueue.async { for observer in observers { observer(state) } }
    }

    /// Network thread: the broker answered CONNECT. On success every subscription is sent
    /// again before the state says `.connected` (a clean session starts with none), and
    /// before libmosquitto resends queued publishes, which it does right after this returns.
    func connectionAcknowledged(code: Int32, handle: OpaquePointer) {
        guard code == 0 else {
            changeConnection(to: .reconnecting(reason: Mosquitto.refusalText(code)))
            return
        }
        shared.withLock { $0.acceptedConnections += 1 }
        subscriptionTraffic.withLock { _ in
            let (subscriptions, stale) = shared.withLock { shared in
                defer { shared.unsubscribeOnConnect = [] }
                return (shared.subscriptions.brokerSubscriptions, shared.unsubscribeOnConnect)
            }
            for filter in stale { _ = mosquitto_unsubscribe(handle, nil, filter.text) }
            for (filter, qos) in subscriptions { sendSubscribe(filter, qos: qos, handle: handle) }
        }
        changeConnection(to: .connected)
    }

    var acceptedConnections: Int { shared.withLock { $0.acceptedConnections } }

    /// Network thread: libmosquitto's disconnect callback. `code` 0 means the client asked
    /// for it (and `stop()` already said so); otherwise the network thread tries again.
    func connectionLost(code: Int32) {
        guard code != Mosquitto.success else { return }
        if code == Mosquitto.connectionRefused, case .reconnecting = connection {
            return // the refused CONNACK already gave the better reason
        }
        changeConnection(to: .reconnecting(reason: Mosquitto.errorText(code)))
    }

    /// Network thread: a connection attempt begins.
    func connectionAttemptStarting() {
        shared.withLock { $0.handshakeError = nil }
    }

    /// Network thread: a connection attempt failed before there was a connection to lose
    /// (no broker listening, unknown host, a failed TLS handshake).
    func connectionAttemptFailed(code: Int32, description: String) {
        guard code == Mosquitto.tlsError else {
            changeConnection(to: .reconnecting(reason: description))
            return
        }
        let detail = shared.withLock { $0.handshakeError } ?? description
        changeConnection(to: .reconnecting(reason: "TLS handshake failed: \(detail)"))
    }

    /// Network thread: the connection ended with `code`. libmosquitto tells the disconnect
    /// callback about losses, but not about a TLS handshake that failed after the TCP
    /// connect, so that and anything else left unexplained is reported here.
    func connectionEnded(code: Int32, description: String) {
        let unexplained = switch connection {
        case .connecting, .connected: true
        default: false
        }
        if unexplained || code == Mosquitto.tlsError { connectionAttemptFailed(code: code, description: description) }
    }

    /// Any thread: libmosquitto logged an error or warning. OpenSSL errors are kept as the
    /// reason should the current TLS handshake fail.
    func libraryLogged(_ message: String, isError: Bool) {
        log(.debug, "libmosquitto: \(message)")
        guard isError, message.hasPrefix("OpenSSL Error") else { return }
        shared.withLock { shared in
            if shared.handshakeError == nil { shared.handshakeError = message }
        }
    }

    /// Logs from the delivery queue: a log handler may block on its output, and the
    /// network thread must not.
    private func log(_ level: Logger.Level, _ message: String) {
        guard logger.logLevel <= level else { return }
        deliveryQueue.async { [logger] in logger.log(level: level, "\(message)") }
    }

    // MARK: Subscriptions

    /// Sends SUBSCRIBE and books the SUBACK. Call with `subscriptionTraffic` held.
    /// Without a connection nothing is sent; the next CONNACK sends every subscription.
    func sendSubscribe(_ filter: TopicFilter, qos: MQTTQualityOfService, handle: OpaquePointer) {
        var mid: Int32 = 0
        let code = mosquitto_subscribe(handle, &mid, filter.text, qos.rawValue)
        guard code == Mosquitto.success else {
            if code != Mosquitto.noConnection {
                log(.warning, "MQTT subscribe to \(filter) failed: \(Mosquitto.errorText(code))")
            }
            return
        }
        if let granted = shared.withLock({ $0.subscribeRequests.register(filter, for: mid) }) {
            subscriptionAcknowledged(filter, granted: granted)
        }
    }

    /// Network thread: SUBACK for `mid`; `granted` is false when the broker refused it.
    func subscribeAcknowledged(mid: Int32, granted: Bool) {
        if let filter = shared.withLock({ $0.subscribeRequests.acknowledge(mid, with: granted) }) {
            subscriptionAcknowledged(filter, granted: granted)
        }
    }

    private func subscriptionAcknowledged(_ filter: TopicFilter, granted: Bool) {
        guard granted else {
            log(.warning, "\(MQTTError.subscriptionRefused(filter))")
            return
        }
        for subscription in shared.withLock({ $0.subscriptions.subscriptions(on: filter) }) {
            subscription.acknowledged()
        }
    }

    /// Network thread: a PUBLISH arrived. Handlers are looked up again when they run, so
    /// one removed by `unsubscribe` in the meantime is not called.
    func messageReceived(_ message: MQTTMessage) {
        let identifiers = shared.withLock { $0.subscriptions.identifiers(matching: message.topic) }
        guard !identifiers.isEmpty else { return }
        deliveryQueue.async { [self] in
            for identifier in identifiers {
                guard let handler = shared.withLock({ $0.subscriptions.handler(for: identifier) }) else { continue }
                handler(message)
            }
        }
    }

    // MARK: Publishing

    /// Claims room for one more unacknowledged publish, or throws when there is none.
    func reservePublish(limit: Int) throws(MQTTError) {
        try shared.withLock { shared throws(MQTTError) in
            guard !shared.stopped else { throw .disconnected }
            guard shared.publishes.count + shared.reservedPublishes < limit else { throw .publishQueueFull(limit: limit) }
            shared.reservedPublishes += 1
        }
    }

    /// Gives back a reservation whose publish libmosquitto rejected.
    func cancelReservation() { shared.withLock { $0.reservedPublishes -= 1 } }

    /// Books the completion of a publish libmosquitto accepted as `mid`.
    func publishAccepted(mid: Int32, completion: @escaping PublishCompletion) {
        let outcome = shared.withLock { shared -> Result<Void, MQTTError>? in
            shared.reservedPublishes -= 1
            if shared.stopped { return .failure(.disconnected) }
            return shared.publishes.register(completion, for: mid).map { .success($0) }
        }
        if let outcome { deliveryQueue.async { completion(outcome) } }
    }

    /// Network thread: PUBACK (QoS 1), PUBCOMP (QoS 2) or, for QoS 0, the message was written.
    func publishAcknowledged(mid: Int32) {
        if let completion = shared.withLock({ $0.publishes.acknowledge(mid, with: ()) }) {
            deliveryQueue.async { completion(.success(())) }
        }
    }

    // MARK: Stopping

    /// Called by `disconnect()` before the connection closes: from now on nothing counts as
    /// acknowledged, so every waiting publish completes with `.disconnected` (the broker may
    /// still have received it — QoS 1 is at least once) and later publishes are refused.
    func stop() {
        changeConnection(to: .disconnected)
        let waiting = shared.withLock { shared in
            shared.stopped = true
            shared.subscriptions = SubscriptionTable() // lets go of handlers that hold on to the client
            return shared.publishes.removeAll()
        }
        for completion in waiting { deliveryQueue.async { completion(.failure(.disconnected)) } }
    }
}
