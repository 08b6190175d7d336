import Foundation
import Spawn

/// One run of the mosquitto executable: the child process and a way to wait for its end.
final class BrokerProcess: Sendable {
    /// Which launch this is; the supervisor ignores exits of launches it has replaced.
    let generation: Int
    var processIdentifier: Int32 { child.processIdentifier }
    private let child: ChildProcess

    /// Starts `executable -c configuration`, its console output appended to `consoleLog`.
    /// `onExit` runs on the child's own thread when the process ends, however it ends.
    init(generation: Int, executable: String, configuration: String, consoleLog: String,
         onExit: @escaping @Sendable () -> Void) throws(MosquittoBrokerError) {
        // setpriv (util-linux) asks the kernel to kill the broker when its parent dies, so a
        // server killed with SIGKILL does not leave its broker behind to block the next start.
        let (program, arguments) = access(Self.setpriv, X_OK) == 0
            ? (Self.setpriv, ["--pdeathsig", "KILL", "--", executable, "-c", configuration])
            : (executable, ["-c", configuration])
        let console = open(consoleLog, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard console >= 0 else { throw .init("cannot open \(consoleLog): \(String(cString: strerror(errno)))") }
        defer { close(console) } // the broker has its own copy once started
        do {
            child = try ChildProcess(executable: program, arguments: arguments, standardOutput: .descriptor(console),
                                     standardError: .descriptor(console)) { _ in onExit() }
        } catch {
            throw .init("cannot start \(executable) (is the mosquitto package installed?): \(error)")
        }
        self.generation = generation
    }

    static let setpriv = "/usr/bin/setpriv"

    var hasExited: Bool { child.hasExited }

    /// Sends `signal` unless the process has already ended (its pid may be reused).
    func send(_ signal: Int32) { child.send(signal) }

    /// Waits up to `timeout` for the process to end; true when it has.
    func waitForExit(timeout: Duration) -> Bool { child.wait(timeout: timeout) != nil }

    /// Asks the broker to stop (SIGTERM) and, if it has not within `grace`, kills it (SIGKILL).
    func terminate(grace: Duration) {
        send(SIGTERM)
        guard !waitForExit(timeout: grace) else { return }
        send(SIGKILL)
        _ = waitForExit(timeout: grace)
    }
}
