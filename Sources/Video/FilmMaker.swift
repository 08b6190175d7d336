import Foundation

/// Turns an uploaded film into web-ready files with FFmpeg: an H.264 MP4 and a VP9 WebM at
/// most 1920 × 1080 (either way round), a poster frame, and a storyboard of thumbnails with
/// its WebVTT map, each named by a hash of its bytes like a photo's variants.
///
/// Thread: any thread you own (a `DispatchQueue`, a `Thread`), not Swift concurrency's
/// cooperative pool: every method blocks while ffprobe or ffmpeg runs, from a tenth of a
/// second for a probe to minutes for a film. Several calls may run at once on different threads.
public struct FilmMaker: Sendable {
    public let tools: VideoTools
    public let limits: VideoLimits
    /// Where posters are written for the caller to take (the system's temporary directory).
    public let temporaryDirectory: String

    public init(tools: VideoTools, limits: VideoLimits = .standard,
                temporaryDirectory: String = FileManager.default.temporaryDirectory.path) {
        self.tools = tools
        self.limits = limits
        self.temporaryDirectory = temporaryDirectory
    }

    var probeRun: ToolRun { ToolRun(tools: tools, limits: limits.probe) }
    var filmRun: ToolRun { ToolRun(tools: tools, limits: limits.film) }

    /// The arguments every FFmpeg run starts with: no keyboard, errors only, local files only,
    /// outputs overwritten (they are always fresh temporary files).
    static let commonArguments = ["-nostdin", "-hide_banner", "-v", "error", "-protocol_whitelist", "file", "-y"]

    /// A path as FFmpeg must be given it: absolute, and marked a file so that no part of it
    /// ("a:b", "%d") is read as a protocol or a frame-number pattern.
    static func fileURL(_ path: String) -> String {
        "file:" + absolute(path)
    }

    static func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    }
}

extension FilmMaker {
    /// Removes what runs cut short by a crash left in `mediaDirectory` (work folders) and in
    /// the temporary directory (posters nobody took), once older than `age`: longer than a
    /// film may take, so no run still working is touched. For a server starting up.
    public static func removeLeftovers(in mediaDirectory: String, olderThan age: Duration,
                                       temporaryDirectory temporary: String = FileManager.default.temporaryDirectory.path) {
        let cutoff = Date(timeIntervalSinceNow: -Double(age / .milliseconds(1)) / 1_000)
        for (directory, prefix) in [(mediaDirectory, WorkFolder.namePrefix), (temporary, posterPrefix)] {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
            for name in names where name.hasPrefix(prefix) {
                let path = directory + "/" + name
                let modified = try? FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
                if let modified, modified < cutoff { try? FileManager.default.removeItem(atPath: path) }
            }
        }
    }
}
