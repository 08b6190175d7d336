import Foundation
import Spawn

/// Short films made for tests by FFmpeg's own test sources: a picture with a running frame
/// counter (`testsrc2`), so every frame differs, and a tone when sound is wanted.
public enum TestClips {
    public static let ffmpeg = "/usr/bin/ffmpeg"

    /// Makes `name` in `directory`: `seconds` long, `size` ("320x240"), `rate` frames a
    /// second, with sound unless `audio` is false; `extra` arguments go before the output
    /// (codecs, metadata). Returns its path.
    @discardableResult
    public static func make(in directory: String, name: String = "clip.mp4", seconds: Double = 2, size: String = "320x240",
                            rate: Int = 25, audio: Bool = true, extra: [String] = []) throws -> String {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = (directory as NSString).appendingPathComponent(name)
        var arguments = ["-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=\(size):rate=\(rate):duration=\(seconds)"]
        if audio { arguments += ["-f", "lavfi", "-i", "sine=frequency=440:duration=\(seconds)"] }
        arguments += ["-pix_fmt", "yuv420p"] + extra + [path]
        let run = try ChildProcess.run(ffmpeg, arguments)
        guard case .exited(0) = run.status else { throw Failed(description: "ffmpeg: \(run.output)") }
        return path
    }

    /// A HEIC photo made from `jpeg` by libvips's command: an ISO media file like a film's,
    /// which must still be taken for the photo it is.
    public static func heicPhoto(from jpeg: String, in directory: String) throws -> String {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = (directory as NSString).appendingPathComponent("photo.heic")
        let run = try ChildProcess.run("/usr/bin/vips", ["copy", jpeg, path])
        guard case .exited(0) = run.status else { throw Failed(description: "vips: \(run.output)") }
        return path
    }

    public struct Failed: Error, CustomStringConvertible {
        public let description: String
    }
}
