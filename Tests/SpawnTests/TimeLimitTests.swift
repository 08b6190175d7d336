import Foundation
import Spawn
import Testing

@Suite struct TimeLimitTests {
    @Test func linesArriveOneByOneAndTheEndOfStderrIsKept() throws {
        var lines: [String] = []
        let run = try ChildProcess.run(
            "/bin/sh", ["-c", "printf 'one\\ntwo\\r\\nlast'; echo oops >&2; exit 4"], timeLimit: .seconds(20)
        ) { lines.append(String($0)) }
        #expect(lines == ["one", "two", "last"])
        #expect(run.errorOutput == "oops\n")
        #expect(run.status == .exited(4))
        #expect(!run.timedOut)
    }

    @Test func onlyTheLastBytesOfStderrAreKept() throws {
        let run = try ChildProcess.run(
            "/bin/sh", ["-c", "head -c 100000 /dev/zero | tr '\\0' a >&2; echo THE-END >&2"],
            timeLimit: .seconds(20), keptErrorBytes: 16) { _ in }
        #expect(run.errorOutput == "aaaaaaaaTHE-END\n")
        #expect(run.status.succeeded)
    }

    @Test func aChildPastItsLimitIsKilled() throws {
        let start = ContinuousClock.now
        let run = try ChildProcess.run("/bin/sleep", ["60"], timeLimit: .milliseconds(200)) { _ in }
        #expect(run.timedOut)
        #expect(run.status == .signalled(SIGKILL))
        #expect(ContinuousClock.now - start < .seconds(10))
    }

    /// Closed outputs do not end the wait: the limit still holds for the process.
    @Test func aChildThatClosedItsOutputsIsStillKilledAtItsLimit() throws {
        let run = try ChildProcess.run(
            "/bin/sh", ["-c", "exec sleep 60 >&- 2>&-"], timeLimit: .milliseconds(200)) { _ in }
        #expect(run.timedOut)
        #expect(run.status == .signalled(SIGKILL))
    }

    @Test func aVeryLongLineComesInPieces() throws {
        var lengths: [Int] = []
        _ = try ChildProcess.run(
            "/bin/sh", ["-c", "head -c 150000 /dev/zero | tr '\\0' a"], timeLimit: .seconds(20)
        ) { lengths.append($0.count) }
        #expect(lengths == [65_536, 65_536, 150_000 - 2 * 65_536])
    }
}
