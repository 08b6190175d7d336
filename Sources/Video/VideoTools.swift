#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the programs a film is made with live. A plain value: any thread.
public struct VideoTools: Sendable, Equatable {
    public var ffmpeg: String
    public var ffprobe: String
    /// util-linux's prlimit, which holds a tool to its memory and CPU limits.
    public var prlimit: String
    /// coreutils' nice, which lets a tool run only when the web server has nothing to do.
    public var nice: String
    /// util-linux's setpriv, which has the kernel kill a tool whose server has died
    /// (`--pdeathsig`); nil runs the tools without.
    public var setpriv: String?

    public init(ffmpeg: String, ffprobe: String, prlimit: String, nice: String, setpriv: String? = nil) {
        self.ffmpeg = ffmpeg
        self.ffprobe = ffprobe
        self.prlimit = prlimit
        self.nice = nice
        self.setpriv = setpriv
    }

    /// The tools in /usr/bin or /usr/local/bin (ffmpeg and ffprobe from Debian's `ffmpeg`
    /// package), or nil when one is missing.
    public static func find() -> VideoTools? {
        guard let ffmpeg = executable("ffmpeg"), let ffprobe = executable("ffprobe"),
              let prlimit = executable("prlimit"), let nice = executable("nice")
        else { return nil }
        return VideoTools(ffmpeg: ffmpeg, ffprobe: ffprobe, prlimit: prlimit, nice: nice, setpriv: executable("setpriv"))
    }

    private static func executable(_ name: String) -> String? {
        ["/usr/bin", "/usr/local/bin", "/bin"].map { "\($0)/\(name)" }.first { access($0, X_OK) == 0 }
    }
}
