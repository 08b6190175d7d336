import Foundation
import Spawn
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One run of ffmpeg or ffprobe held to its limits: niced (nice), its memory and CPU time
/// capped (prlimit), killed by the kernel if the server dies (setpriv), and killed here once
/// past its wall-clock limit. Each wrapper replaces itself with the next
/// (exec), so the process started is the tool itself and a signal reaches it.
struct ToolRun {
    let tools: VideoTools
    let limits: ToolLimits

    /// The tail of stderr kept for errors.
    static let keptErrorBytes = 2_048

    /// Runs `tool` (a path from `tools`) to its end, each line of its stdout to `eachLine` on
    /// this thread; how it ended when it ended by itself, whatever its exit status.
    func run(_ tool: String, _ arguments: [String], eachLine: (Substring) -> Void = { _ in }) throws(VideoError)
        -> ChildProcess.TimedRun {
        let command = wrappers + [tool] + arguments
        let run: ChildProcess.TimedRun
        do {
            run = try ChildProcess.run(command[0], Array(command.dropFirst()), timeLimit: limits.wallClock,
                                       keptErrorBytes: Self.keptErrorBytes, eachLine: eachLine)
        } catch {
            throw .toolFailed(detail: "\(error)")
        }
        let name = String(tool.split(separator: "/").last ?? "")
        if run.timedOut { throw .timedOut(tool: name, limit: limits.wallClock) }
        if run.status == .signalled(SIGXCPU) { throw .timedOut(tool: name, limit: limits.cpuTime) }
        return run
    }

    /// Runs `tool` and throws unless it exits with status 0.
    func succeed(_ tool: String, _ arguments: [String], eachLine: (Substring) -> Void = { _ in }) throws(VideoError) {
        let run = try run(tool, arguments, eachLine: eachLine)
        guard run.status.succeeded else { throw .toolFailed(detail: Self.failure(tool, run)) }
    }

    /// "ffmpeg: exit status 1: <its last words>".
    static func failure(_ tool: String, _ run: ChildProcess.TimedRun) -> String {
        let words = run.errorOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        return "\(tool.split(separator: "/").last ?? ""): \(run.status)" + (words.isEmpty ? "" : ": \(words)")
    }

    /// setpriv, prlimit and nice, each then running the next. The CPU limit's soft end sends
    /// SIGXCPU, which ends FFmpeg; the hard end, five seconds on, kills it.
    private var wrappers: [String] {
        let cpuSeconds = max(1, limits.cpuTime.components.seconds + (limits.cpuTime.components.attoseconds > 0 ? 1 : 0))
        let death = tools.setpriv.map { [$0, "--pdeathsig", "KILL", "--"] } ?? []
        return death + [tools.prlimit, "--as=\(limits.addressSpace)", "--cpu=\(cpuSeconds):\(cpuSeconds + 5)", "--",
                        tools.nice, "-n", "\(limits.niceness)"]
    }
}
