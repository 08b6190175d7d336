import Foundation
import Synchronization
import Spawn
import Testing
import Waiting

@Suite struct ChildProcessTests {
    @Test func aShortRunReturnsItsOutputErrorsAndExitCode() throws {
        let run = try ChildProcess.run("/bin/sh", ["-c", "echo out; echo err >&2; exit 3"])
        #expect(run.output == "out\nerr\n")
        #expect(run.status == .exited(3))
        #expect(!run.status.succeeded)
    }

    @Test func aDescriptorOpenedWithoutCloseOnExecIsNotInherited() throws {
        let opened = open("/dev/null", O_RDONLY)
        try #require(opened >= 0)
        defer { close(opened) }
        // Far above anything the child opens itself; F_DUPFD leaves close-on-exec off.
        let leaked = fcntl(opened, F_DUPFD, 200)
        try #require(leaked >= 200)
        defer { close(leaked) }
        let run = try ChildProcess.run("/bin/ls", ["/proc/self/fd"])
        #expect(run.status.succeeded)
        let descriptors = Set(run.output.split(separator: "\n").compactMap { Int32($0) })
        // 0, 1 and 2, and the one ls reads the directory through.
        #expect(descriptors.isSuperset(of: [0, 1, 2]))
        #expect(descriptors.subtracting([0, 1, 2]).count <= 1)
        #expect(!descriptors.contains(leaked) && !descriptors.contains(opened))
    }

    @Test func aSignalledChildIsSeenToEndOnItsThread() throws {
        let ended = Mutex<ChildProcess.ExitStatus?>(nil)
        let child = try ChildProcess(executable: "/bin/sleep", arguments: ["60"]) { status in
            ended.withLock { $0 = status }
        }
        #expect(child.processIdentifier > 0)
        #expect(child.wait(timeout: .milliseconds(50)) == nil)
        #expect(!child.hasExited)
        child.send(SIGTERM)
        #expect(child.waitUntilExit() == .signalled(SIGTERM))
        #expect(child.hasExited)
        #expect(eventually { ended.withLock { $0 } == .signalled(SIGTERM) })
        child.send(SIGKILL) // reaped: its id may be another process's now, so nothing is sent
    }

    /// A child spawned from a thread that blocks SIGTERM (as libdispatch's threads do)
    /// still ends on SIGTERM.
    @Test func theChildStartsWithNoSignalBlocked() throws {
        var blocked = sigset_t()
        var previous = sigset_t()
        sigemptyset(&blocked)
        sigaddset(&blocked, SIGTERM)
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        let child = try ChildProcess(executable: "/bin/sleep", arguments: ["60"])
        child.send(SIGTERM)
        let status = child.wait(timeout: .seconds(20))
        if status == nil { child.send(SIGKILL) }
        #expect(status == .signalled(SIGTERM))
    }

    @Test func aMissingExecutableIsAnErrorWithTheSystemsReason() {
        #expect {
            try ChildProcess.run("/nonexistent/tool", [])
        } throws: { error in
            let error = error as? SpawnError
            return error?.code == ENOENT && error?.description.contains("No such file or directory") == true
        }
    }
}
