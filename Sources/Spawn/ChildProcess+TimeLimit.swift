import CSpawn
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension ChildProcess {
    /// The end of a run with a time limit.
    public struct TimedRun: Sendable {
        public let status: ExitStatus
        /// Whether it was still running at its time limit and was killed for it.
        public let timedOut: Bool
        /// The end of what it wrote to stderr: the last bytes, as many as were asked to be kept.
        public let errorOutput: String
    }

    /// Runs `executable` with `arguments`, handing each line it writes to stdout to `eachLine`
    /// (without its line break) as it comes, and keeping the last `keptErrorBytes` bytes of its
    /// stderr. A child still running `timeLimit` after it started is killed with SIGKILL, also
    /// one that has closed its outputs. For tools that report progress line by line and must
    /// not run for ever (ffmpeg's `-progress pipe:1`).
    ///
    /// Thread: blocks the calling thread until the child has ended; `eachLine` runs on it.
    /// A line longer than 64 KiB is handed over in 64 KiB pieces.
    public static func run(
        _ executable: String, _ arguments: [String], timeLimit: Duration, keptErrorBytes: Int = 2_048,
        eachLine: (Substring) -> Void
    ) throws(SpawnError) -> TimedRun {
        let deadline = ContinuousClock.now + timeLimit
        let output = try Pipe(executable)
        let errors: Pipe
        do { errors = try Pipe(executable) } catch { output.closeBoth(); throw error }
        defer {
            close(output.reading)
            close(errors.reading)
        }
        let child: ChildProcess
        do {
            defer { output.closeWriting(); errors.closeWriting() } // the child has its own copies
            child = try ChildProcess(executable: executable, arguments: arguments,
                                     standardOutput: .descriptor(output.writing),
                                     standardError: .descriptor(errors.writing))
        }
        var lines = LineSplitter()
        var errorTail = TailBuffer(capacity: keptErrorBytes)
        let drained: Bool
        do {
            drained = try readBoth(output.reading, errors.reading, until: deadline, executable: executable) { isOutput, bytes in
                if isOutput { lines.append(bytes, eachLine) } else { errorTail.append(bytes) }
            }
        } catch {
            child.send(SIGKILL) // nobody would read what it writes any more
            _ = child.waitUntilExit()
            throw error
        }
        lines.finish(eachLine)
        if drained, let status = child.wait(timeout: deadline - ContinuousClock.now) {
            return TimedRun(status: status, timedOut: false, errorOutput: errorTail.text)
        }
        child.send(SIGKILL)
        return TimedRun(status: child.waitUntilExit(), timedOut: true, errorOutput: errorTail.text)
    }

    /// Reads both descriptors to their ends, handing each piece read to `received` (true for
    /// the first). False when `deadline` came first.
    private static func readBoth(
        _ first: Int32, _ second: Int32, until deadline: ContinuousClock.Instant, executable: String,
        _ received: (Bool, ArraySlice<UInt8>) -> Void
    ) throws(SpawnError) -> Bool {
        var open = [pollfd(fd: first, events: Int16(POLLIN), revents: 0), pollfd(fd: second, events: Int16(POLLIN), revents: 0)]
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while open.contains(where: { $0.fd >= 0 }) {
            let left = deadline - ContinuousClock.now
            guard left > .zero else { return false }
            let milliseconds = Int32(min((left / .milliseconds(1)).rounded(.up), 60_000))
            guard poll(&open, nfds_t(open.count), milliseconds) >= 0 else {
                if errno == EINTR { continue }
                throw SpawnError(call: "poll", code: errno, executable: executable)
            }
            for index in open.indices where open[index].fd >= 0 && open[index].revents != 0 {
                let count = buffer.withUnsafeMutableBytes { read(open[index].fd, $0.baseAddress, $0.count) }
                if count > 0 {
                    received(index == 0, buffer[..<count])
                } else if count == 0 {
                    open[index].fd = -1 // poll skips negative descriptors
                } else if errno != EINTR {
                    throw SpawnError(call: "read", code: errno, executable: executable)
                }
            }
        }
        return true
    }
}

/// A pipe whose ends are closed on exec, so no other child inherits them.
private struct Pipe {
    let reading: Int32
    let writing: Int32

    init(_ executable: String) throws(SpawnError) {
        var ends: [Int32] = [-1, -1]
        guard pipe2(&ends, O_CLOEXEC) == 0 else { throw SpawnError(call: "pipe2", code: errno, executable: executable) }
        (reading, writing) = (ends[0], ends[1])
    }

    func closeWriting() { close(writing) }

    func closeBoth() {
        close(reading)
        close(writing)
    }
}

/// Cuts bytes into lines as they arrive.
private struct LineSplitter {
    static let longestLine = 65_536
    private var pending: [UInt8] = []

    mutating func append(_ bytes: ArraySlice<UInt8>, _ eachLine: (Substring) -> Void) {
        for byte in bytes {
            if byte == UInt8(ascii: "\n") {
                emit(eachLine)
            } else {
                pending.append(byte)
                if pending.count == Self.longestLine { emit(eachLine) }
            }
        }
    }

    /// Hands over a last line that had no line break.
    mutating func finish(_ eachLine: (Substring) -> Void) {
        if !pending.isEmpty { emit(eachLine) }
    }

    private mutating func emit(_ eachLine: (Substring) -> Void) {
        if pending.last == UInt8(ascii: "\r") { pending.removeLast() }
        eachLine(Substring(String(decoding: pending, as: UTF8.self)))
        pending.removeAll(keepingCapacity: true)
    }
}

/// The last `capacity` bytes written into it.
private struct TailBuffer {
    let capacity: Int
    private var bytes: [UInt8] = []

    init(capacity: Int) { self.capacity = max(0, capacity) }

    mutating func append(_ more: ArraySlice<UInt8>) {
        bytes += more.suffix(capacity)
        if bytes.count > capacity { bytes.removeFirst(bytes.count - capacity) }
    }

    var text: String { String(decoding: bytes, as: UTF8.self) }
}
