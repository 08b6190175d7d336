import CSpawn
import Foundation

/// One child process, started with `posix_spawn` from a thread of its own that then waits
/// for it to end. Foundation's `Process` is not used: on Linux its `run()` reads past the
/// end of directory entries while listing /proc/self/fd and crashes now and then, the more
/// likely the more descriptors are open (swift-corelibs-foundation PR #5472).
///
/// The child starts with stdin on /dev/null, stdout and stderr where asked, no other
/// descriptor of this process, no signal blocked and every signal at its default action.
///
/// Why a thread per child: it blocks in `waitid` so the end is seen without polling, and it
/// is the child's parent *thread* for exactly the child's lifetime. The kernel sends a
/// parent-death signal (`setpriv --pdeathsig`) when the thread that spawned ends, not the
/// process; a child spawned from a pool thread would be killed when that thread retires.
///
/// Threads: all methods may be called from any thread. Releasing this object neither stops
/// the child nor leaves a zombie: its thread still waits for it.
public final class ChildProcess: Sendable {
    /// Where the child's stdout or stderr goes.
    public enum Output: Sendable {
        /// /dev/null.
        case discarded
        /// A descriptor of this process (a file, a pipe's write end); the child gets its own
        /// copy, so the caller closes it whenever it likes once `init` has returned.
        case descriptor(Int32)
    }

    public let processIdentifier: Int32
    private let record: ExitRecord

    /// Starts `executable` (an absolute path; no `PATH` search) with `arguments` and this
    /// process's environment. `onExit` runs on the child's thread once it has ended and been
    /// reaped, however it ended.
    public init(executable: String, arguments: [String] = [], standardOutput: Output = .discarded,
                standardError: Output = .discarded,
                onExit: @escaping @Sendable (ExitStatus) -> Void = { _ in }) throws(SpawnError) {
        let record = ExitRecord()
        let thread = Thread {
            let launch = Self.spawn(executable, arguments, standardOutput, standardError)
            record.launched(launch)
            guard case .success(let pid) = launch else { return }
            onExit(record.reap(pid))
        }
        thread.name = "child " + (executable.split(separator: "/").last.map(String.init) ?? executable)
        thread.start()
        processIdentifier = try record.awaitLaunch().get()
        self.record = record
    }

    /// Whether the child has ended (and been reaped: its process id may belong to another).
    public var hasExited: Bool { record.status != nil }

    /// Blocks until the child has ended.
    public func waitUntilExit() -> ExitStatus { record.waitForStatus() }

    /// Waits up to `timeout` (at most a year) for the child to end; its status when it has.
    public func wait(timeout: Duration) -> ExitStatus? {
        // NSCondition traps on deadlines too far away to convert to a timespec.
        let seconds = min(Double(timeout / .milliseconds(1)) / 1_000, 365 * 86_400)
        return record.waitForStatus(until: Date(timeIntervalSinceNow: seconds))
    }

    /// Sends `signal` unless the child has already been reaped (its id may be reused).
    public func send(_ signal: Int32) { record.send(signal, to: processIdentifier) }

    /// Runs `posix_spawn` on the calling thread; the child's id or why it did not start.
    private static func spawn(_ executable: String, _ arguments: [String], _ output: Output,
                              _ errors: Output) -> Result<Int32, SpawnError> {
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        var noSignals = sigset_t()
        var allSignals = sigset_t()
        sigemptyset(&noSignals)
        sigfillset(&allSignals)
        // Each call returns its error number (0 on success); the first failure is reported.
        let setup: [(String, Int32)] = [
            ("posix_spawn_file_actions_addopen", posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)),
            ("posix_spawn_file_actions (stdout)", redirect(&actions, 1, to: output)),
            ("posix_spawn_file_actions (stderr)", redirect(&actions, 2, to: errors)),
            // Descriptors opened without O_CLOEXEC (by libraries, by other threads between
            // open and fcntl) must not leak into the child; glibc uses close_range for this.
            ("posix_spawn_file_actions_addclosefrom_np", posix_spawn_file_actions_addclosefrom_np(&actions, 3)),
            // The spawning thread inherits the mask of the thread that made it, and
            // libdispatch's threads block most signals: a child inheriting that mask would
            // never see SIGTERM. exec resets caught signals but keeps ignored ones ignored
            // (SIGPIPE, say); every signal starts at its default action instead.
            ("posix_spawnattr_setsigmask", posix_spawnattr_setsigmask(&attributes, &noSignals)),
            ("posix_spawnattr_setsigdefault", posix_spawnattr_setsigdefault(&attributes, &allSignals)),
            ("posix_spawnattr_setflags",
             posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))),
        ]
        if let (call, code) = setup.first(where: { $0.1 != 0 }) {
            return .failure(SpawnError(call: call, code: code, executable: executable))
        }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let code = posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
        guard code == 0 else { return .failure(SpawnError(call: "posix_spawn", code: code, executable: executable)) }
        return .success(pid)
    }

    private static func redirect(_ actions: inout posix_spawn_file_actions_t, _ target: Int32,
                                 to output: Output) -> Int32 {
        switch output {
        case .discarded: posix_spawn_file_actions_addopen(&actions, target, "/dev/null", O_WRONLY, 0)
        case .descriptor(let descriptor): posix_spawn_file_actions_adddup2(&actions, descriptor, target)
        }
    }
}

extension ChildProcess {
    /// How a child ended.
    public enum ExitStatus: Equatable, Sendable, CustomStringConvertible {
        /// It called exit with this code.
        case exited(Int32)
        /// This signal ended it.
        case signalled(Int32)
        /// Something else in this process reaped it first (a `waitpid(-1)`, SIGCHLD ignored).
        case unknown

        public var succeeded: Bool { self == .exited(0) }

        /// From a `waitpid` status word; WIFEXITED and friends are C macros Swift cannot call.
        init(waitStatus: Int32) {
            let signal = waitStatus & 0x7f
            self = signal == 0 ? .exited((waitStatus >> 8) & 0xff) : .signalled(signal)
        }

        public var description: String {
            switch self {
            case .exited(let code): "exit status \(code)"
            case .signalled(let signal): "signal \(signal) (\(String(cString: strsignal(signal))))"
            case .unknown: "an unknown status"
            }
        }
    }
}

/// The launch and the end of one child, shared by its thread (the only one that reaps it)
/// and every caller.
private final class ExitRecord: @unchecked Sendable {
    typealias ExitStatus = ChildProcess.ExitStatus

    // @unchecked: `launch` and `exit` are only read or written with `condition` locked.
    private let condition = NSCondition()
    private var launch: Result<Int32, SpawnError>?
    private var exit: ExitStatus?

    func launched(_ result: Result<Int32, SpawnError>) {
        condition.withLock {
            launch = result
            condition.broadcast()
        }
    }

    func awaitLaunch() -> Result<Int32, SpawnError> {
        condition.withLock {
            while launch == nil { condition.wait() }
            return launch!
        }
    }

    /// On the child's thread: blocks until the child has ended, then reaps it. Waiting
    /// with WNOWAIT leaves it a zombie, so its id stays taken until it is reaped here under
    /// the lock, where `send` checks it has not been.
    func reap(_ pid: Int32) -> ExitStatus {
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) != 0 && errno == EINTR {}
        return condition.withLock {
            var status: Int32 = 0
            var reaped: pid_t
            repeat { reaped = waitpid(pid, &status, 0) } while reaped < 0 && errno == EINTR
            let exit = reaped == pid ? ExitStatus(waitStatus: status) : .unknown
            self.exit = exit
            condition.broadcast()
            return exit
        }
    }

    /// The exit status; nil while the child runs.
    var status: ExitStatus? { condition.withLock { exit } }

    func waitForStatus() -> ExitStatus {
        condition.withLock {
            while exit == nil { condition.wait() }
            return exit!
        }
    }

    /// The exit status, waiting for it until `deadline`; nil if the child still runs then.
    func waitForStatus(until deadline: Date) -> ExitStatus? {
        condition.withLock {
            while exit == nil, condition.wait(until: deadline) {}
            return exit
        }
    }

    func send(_ signal: Int32, to pid: Int32) {
        condition.withLock {
            guard exit == nil else { return }
            _ = kill(pid, signal)
        }
    }
}
