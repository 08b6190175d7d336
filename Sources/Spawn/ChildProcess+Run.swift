import CSpawn
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension ChildProcess {
    /// A short run's end and everything it wrote.
    public struct Completion: Sendable {
        public let status: ExitStatus
        /// Its stdout and stderr together, in the order written.
        public let output: String
    }

    /// Runs `executable` with `arguments` to its end, its stdout and stderr captured
    /// through one pipe. For tools that finish by themselves (mosquitto_passwd, openssl).
    public static func run(_ executable: String, _ arguments: [String]) throws(SpawnError) -> Completion {
        var ends: [Int32] = [-1, -1]
        guard pipe2(&ends, O_CLOEXEC) == 0 else { throw SpawnError(call: "pipe2", code: errno, executable: executable) }
        let (reading, writing) = (ends[0], ends[1])
        defer { close(reading) }
        let child: ChildProcess
        do {
            defer { close(writing) } // the child has its own copy; ours would keep the pipe from ending
            child = try ChildProcess(executable: executable, arguments: arguments,
                                     standardOutput: .descriptor(writing), standardError: .descriptor(writing))
        }
        // Read to the end before waiting: a child filling the pipe would otherwise never end.
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(reading, $0.baseAddress, $0.count) }
            if count > 0 {
                output += buffer[..<count]
            } else if count == 0 {
                break
            } else if errno != EINTR {
                throw SpawnError(call: "read", code: errno, executable: executable)
            }
        }
        return Completion(status: child.waitUntilExit(), output: String(decoding: output, as: UTF8.self))
    }
}
