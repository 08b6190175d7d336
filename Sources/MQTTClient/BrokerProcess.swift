import Foundation
import Synchronization

/// One run of the mosquitto executable: the child process and a way to wait for its end.
final class BrokerProcess: Sendable {
    /// Which launch this is; the supervisor ignores exits of launches it has replaced.
    let generation: Int
    let processIdentifier: Int32
    private let process: Process
    private let exit: ExitSignal

    /// Records that the process ended; set from Foundation's termination handler thread.
    private final class ExitSignal: Sendable {
        private let semaphore = DispatchSemaphore(value: 0)
        private let flag = Atomic<Bool>(false)
        var hasExited: Bool { flag.load(ordering: .acquiring) }
        func signal() {
            flag.store(true, ordering: .releasing)
            semaphore.signal()
        }
        /// Waits up to `timeout`; true when the process has ended.
        func wait(timeout: Duration) -> Bool {
            if hasExited { return true }
            let nanoseconds = timeout.components.seconds * 1_000_000_000 + timeout.components.attoseconds / 1_000_000_000
            if semaphore.wait(timeout: .now() + .nanoseconds(Int(nanoseconds))) == .success {
                semaphore.signal() // leave it signalled for any later waiter
            }
            return hasExited
        }
    }

    /// Starts `executable -c configuration`, its console output appended to `consoleLog`.
    /// `onExit` runs on a Foundation thread when the process ends, however it ends.
    init(generation: Int, executable: String, configuration: String, consoleLog: String,
         onExit: @escaping @Sendable () -> Void) throws(MosquittoBrokerError) {
        let process = Process()
        // setpriv (util-linux) asks the kernel to kill the broker when its parent dies, so a
        // server killed with SIGKILL does not leave its broker behind to block the next start.
        if FileManager.default.isExecutableFile(atPath: Self.setpriv) {
            process.executableURL = URL(fileURLWithPath: Self.setpriv)
            process.arguments = ["--pdeathsig", "KILL", "--", executable, "-c", configuration]
        } else {
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = ["-c", configuration]
        }
        let descriptor = open(consoleLog, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        guard descriptor >= 0 else { throw .init("cannot open \(consoleLog): \(String(cString: strerror(errno)))") }
        let console = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = console
        process.standardError = console
        let exit = ExitSignal()
        process.terminationHandler = { _ in
            exit.signal()
            onExit()
        }
        do {
            try LaunchingThread.shared.run {
                try Self.launching.withLock { _ in try withSignalsUnblocked { try process.run() } }
            }
        } catch {
            throw .init("cannot start \(executable) (is the mosquitto package installed?): \(error)")
        }
        self.generation = generation
        self.process = process
        self.exit = exit
        self.processIdentifier = process.processIdentifier
    }

    static let setpriv = "/usr/bin/setpriv"

    /// Held while a broker is launched. Foundation's `Process.run` walks the process's open
    /// descriptors, and crashed once while hundreds of them were closed at the same moment;
    /// code that opens or closes many descriptors at once takes this lock too.
    static let launching = Mutex(())

    var hasExited: Bool { exit.hasExited }

    /// Sends `signal` unless the process has already ended (its pid may be reused).
    func send(_ signal: Int32) {
        guard !hasExited else { return }
        _ = kill(processIdentifier, signal)
    }

    /// Waits up to `timeout` for the process to end; true when it has.
    func waitForExit(timeout: Duration) -> Bool { exit.wait(timeout: timeout) }

    /// Asks the broker to stop (SIGTERM) and, if it has not within `grace`, kills it (SIGKILL).
    func terminate(grace: Duration) {
        send(SIGTERM)
        guard !waitForExit(timeout: grace) else { return }
        send(SIGKILL)
        _ = waitForExit(timeout: grace)
    }
}

/// Runs `body` with no signal blocked on the calling thread. A child starts with its
/// parent thread's signal mask, and libdispatch's worker threads block most signals: a
/// broker spawned from one would never see SIGTERM.
private func withSignalsUnblocked<Result>(_ body: () throws -> Result) rethrows -> Result {
    var none = sigset_t()
    var previous = sigset_t()
    sigemptyset(&none)
    pthread_sigmask(SIG_SETMASK, &none, &previous)
    defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
    return try body()
}

/// The thread every broker is started from. The parent-death signal is tied to the *thread*
/// that started the child, not to the process: a broker started from a pool thread would be
/// killed when that thread ends while idle. This thread lives as long as the process.
final class LaunchingThread: @unchecked Sendable {
    // @unchecked: `work` is only touched under `lock`; `ready` and `done` are semaphores.
    static let shared = LaunchingThread()

    private let lock = NSLock()
    private var work: [() -> Void] = []
    private let ready = DispatchSemaphore(value: 0)

    private init() {
        let thread = Thread { [unowned self] in
            while true {
                ready.wait()
                let next = lock.withLock { work.removeFirst() }
                next()
            }
        }
        thread.name = "broker-launcher"
        thread.start()
    }

    /// Runs `body` on the launching thread and waits for it.
    func run(_ body: @escaping () throws -> Void) throws {
        let done = DispatchSemaphore(value: 0)
        var failure: (any Error)?
        lock.withLock { work.append { do { try body() } catch { failure = error }; done.signal() } }
        ready.signal()
        done.wait()
        if let failure { throw failure }
    }
}
