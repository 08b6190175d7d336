import Foundation
import Synchronization

/// A private mosquitto broker on 127.0.0.1, run as a supervised child process: it gets a
/// generated configuration and password file in its own directory, is restarted on the
/// same port whenever it dies, and is stopped by `stop()` or when this object goes away.
///
/// Threads: all methods may be called from any thread. Restarts happen on a private serial
/// queue; `restartCount` and `processIdentifier` show their progress.
public final class MosquittoBroker: Sendable {
    /// PEM certificate and key for a TLS listener instead of a plain one.
    public struct ListenerTLS: Sendable {
        /// The broker's certificate (PEM), as clients will check it.
        public var certificateFile: String
        /// Its private key (PEM, not encrypted).
        public var keyFile: String

        /// A TLS listener with this certificate and key.
        public init(certificateFile: String, keyFile: String) {
            self.certificateFile = certificateFile
            self.keyFile = keyFile
        }
    }

    /// Always 127.0.0.1: the broker is not reachable from other machines.
    public let host = "127.0.0.1"
    /// The one user the broker accepts.
    public let username: String
    /// That user's password.
    public let password: String
    /// Where the configuration, password file and logs are.
    public var directory: String { files.directory }
    /// The broker's own log (connections, refusals, errors).
    public var logFile: String { files.log }

    /// Set when the listener speaks TLS.
    public let tls: ListenerTLS?

    private let files: BrokerFiles
    /// The server's line of the password file, kept first whenever accounts are rewritten.
    private let serverLine: String
    /// A port on every address for people's own clients, if they may connect from elsewhere.
    public let peoplePort: Int?
    private let executable: String
    private let startupTimeout: Duration
    private let supervision = Mutex(Supervision())
    private let supervisorQueue = DispatchQueue(label: "mosquitto-broker.supervisor")

    private struct Supervision {
        /// Between `start()` and `stop()`.
        var wanted = false
        /// Restarting on exit: only once a start succeeded, so a failed start is not retried behind its back.
        var supervising = false
        var port = 0
        var current: BrokerProcess?
        var generation = 0
        var restarts = 0
        /// Exits since a (re)start last reached a listening broker, for the restart backoff.
        var exitsSinceHealthy = 0
    }

    /// Prepares the directory and the password file; the broker starts with `start()`.
    /// - Parameters:
    ///   - directory: created if missing; must not contain spaces (mosquitto's
    ///     configuration format cannot quote them).
    ///   - password: random unless given.
    ///   - tls: certificate and key when clients should connect with TLS.
    ///   - peoplePort: a second listener, on every address, for people's own clients (`setAccounts`).
    ///   - startupTimeout: how long a start may take before it counts as failed.
    public init(directory: String, username: String = "broker", password: String? = nil, tls: ListenerTLS? = nil,
                peoplePort: Int? = nil,
                executable: String = "/usr/sbin/mosquitto", passwordTool: String = "/usr/bin/mosquitto_passwd",
                startupTimeout: Duration = .seconds(20)) throws(MosquittoBrokerError) {
        files = try BrokerFiles(directory: directory)
        self.tls = tls
        self.peoplePort = peoplePort
        self.username = username
        self.password = password ?? (0..<24).map { _ in String(Int.random(in: 0..<16), radix: 16) }.joined()
        self.executable = executable
        self.startupTimeout = startupTimeout
        serverLine = try files.writePasswords(username: username, password: self.password, tool: passwordTool)
    }

    /// Replaces every account but the server's with `accounts` and has the running broker
    /// read them again (SIGHUP): a client whose account went is disconnected at once, and
    /// deliveries and publishes are checked against the new topics from the next message on.
    public func setAccounts(_ accounts: [BrokerAccount]) throws(MosquittoBrokerError) {
        try supervision.withLock { shared throws(MosquittoBrokerError) in
            // Under the lock, so a restart in between starts from the new files.
            try files.writeAccess(serverLine: serverLine, serverUsername: username, accounts: accounts)
            shared.current?.send(SIGHUP)
        }
    }

    deinit { stop() }

    /// The listening port; 0 before the first `start()`. It stays the same across restarts.
    public var port: Int { supervision.withLock { $0.port } }

    /// The running broker's process id, or nil while it is stopped or between restarts.
    public var processIdentifier: Int32? {
        supervision.withLock { shared in shared.current.flatMap { $0.hasExited ? nil : $0.processIdentifier } }
    }

    /// How many times the supervisor restarted the broker after it died and saw it accept
    /// connections again.
    public var restartCount: Int { supervision.withLock { $0.restarts } }

    /// Starts the broker and returns once it accepts connections. The first start picks a
    /// free port (and another one if that was taken in the meantime); later starts reuse it.
    /// Does nothing when already running.
    /// - Throws: when mosquitto cannot be started or does not listen within `startupTimeout`;
    ///   the message includes the end of its log.
    public func start() throws(MosquittoBrokerError) {
        let alreadyStarted = supervision.withLock { shared in
            defer { shared.wanted = true }
            return shared.wanted
        }
        guard !alreadyStarted else { return }
        files.stopLeftover()
        let fixedPort = port
        for _ in 1...5 {
            let port = fixedPort != 0 ? fixedPort : try LoopbackPort.pickFree()
            try files.writeConfiguration(port: port, tls: tls, peoplePort: peoplePort)
            guard let process = try launch(port: port) else { throw .init("the broker was stopped while starting") }
            if waitUntilListening(process, port: port) {
                startSupervising(process)
                return
            }
            process.terminate(grace: .seconds(2))
            let log = files.logTail()
            if fixedPort == 0 && log.contains("Address already in use") { continue }
            stop()
            throw .init("mosquitto did not start listening on 127.0.0.1:\(port); its log ends with:\n\(log)")
        }
        stop()
        throw .init("no free port for mosquitto after 5 attempts")
    }

    /// Stops the broker for good (until the next `start()`): SIGTERM, then SIGKILL if it has
    /// not exited within 5 seconds. Waits for the process to end. Safe to call more than once.
    public func stop() {
        let process = supervision.withLock { shared in
            shared.wanted = false
            shared.supervising = false
            defer { shared.current = nil }
            return shared.current
        }
        process?.terminate(grace: .seconds(5))
    }

    /// Sends `signal` (SIGKILL unless told otherwise) to the running broker, as a crash
    /// would; the supervisor then restarts it. Meant for fault tests.
    public func kill(with signal: Int32 = SIGKILL) {
        supervision.withLock { $0.current }?.send(signal)
    }

    // MARK: Supervision

    /// Starts a new process under the lock, so `stop()` either prevents it or sees it.
    private func launch(port: Int) throws(MosquittoBrokerError) -> BrokerProcess? {
        try supervision.withLock { shared throws(MosquittoBrokerError) -> BrokerProcess? in
            guard shared.wanted else { return nil }
            shared.generation += 1
            let generation = shared.generation
            let process = try BrokerProcess(
                generation: generation, executable: executable, configuration: files.configuration,
                consoleLog: files.directory + "/mosquitto.console") { [weak self] in
                    guard let self else { return }
                    supervisorQueue.async { self.processEnded(generation: generation) }
                }
            shared.current = process
            shared.port = port
            files.recordProcess(process.processIdentifier)
            return process
        }
    }

    /// From now on an exit means a restart; one that came already is handled now.
    private func startSupervising(_ process: BrokerProcess) {
        supervision.withLock { $0.supervising = true }
        if process.hasExited {
            supervisorQueue.async { [weak self] in self?.processEnded(generation: process.generation) }
        }
    }

    /// Polls until the port accepts connections; false if the process ends or time runs out.
    private func waitUntilListening(_ process: BrokerProcess, port: Int) -> Bool {
        let deadline = ContinuousClock.now + startupTimeout
        while ContinuousClock.now < deadline {
            if LoopbackPort.acceptsConnections(port) { return !process.hasExited }
            if process.waitForExit(timeout: .milliseconds(10)) { return false }
        }
        return false
    }

    /// On the supervisor queue: a process ended. Unless it was stopped on purpose or already
    /// replaced, start another on the same port — at once the first time, then after
    /// 0.1 s, 0.2 s, … up to 5 s while restarts keep failing.
    private func processEnded(generation: Int) {
        let delay = supervision.withLock { shared -> Duration? in
            guard shared.supervising, shared.current?.generation == generation else { return nil }
            shared.current = nil
            defer { shared.exitsSinceHealthy += 1 }
            guard shared.exitsSinceHealthy > 0 else { return .zero }
            return min(.milliseconds(100) * (1 << min(shared.exitsSinceHealthy - 1, 6)), .seconds(5))
        }
        guard let delay else { return }
        supervisorQueue.asyncAfter(deadline: .now() + .milliseconds(Int(delay / .milliseconds(1)))) { [weak self] in
            self?.restart()
        }
    }

    private func restart() {
        let port = port
        do {
            guard let process = try launch(port: port) else { return }
            if waitUntilListening(process, port: port) {
                supervision.withLock { shared in
                    shared.restarts += 1
                    shared.exitsSinceHealthy = 0
                }
            } else {
                process.send(SIGKILL) // its exit schedules the next attempt
            }
        } catch {
            // Could not even spawn: try again later through the same path as an exit.
            let generation = supervision.withLock { shared in
                shared.generation += 1
                shared.current = nil
                return shared.generation
            }
            supervisorQueue.asyncAfter(deadline: .now() + .seconds(1)) { [weak self] in
                self?.retryAfterSpawnFailure(generation: generation)
            }
        }
    }

    private func retryAfterSpawnFailure(generation: Int) {
        let stillWanted = supervision.withLock { $0.supervising && $0.current == nil && $0.generation == generation }
        if stillWanted { restart() }
    }
}
