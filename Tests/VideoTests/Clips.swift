import Foundation
import Spawn
import Testing
@testable import Video

/// Short films made at test time by FFmpeg's own sources (`testsrc2`, whose frame counter
/// makes every frame differ, and a `sine` tone), in a directory removed afterwards, with a
/// media directory beside them for what is made.
final class Clips {
    let directory: String
    let tools: VideoTools
    let maker: FilmMaker

    init(limits: VideoLimits = .standard) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("video-tests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        tools = try #require(VideoTools.find(), "ffmpeg, ffprobe, prlimit and nice must be installed")
        maker = FilmMaker(tools: tools, limits: limits)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: directory)
    }

    func path(_ name: String) -> String { directory + "/" + name }

    /// The media directory films are made into.
    var media: String { path("media") }

    /// Every name in the media directory, hidden ones too.
    func mediaContents() throws -> Set<String> {
        guard FileManager.default.fileExists(atPath: media) else { return [] }
        return Set(try FileManager.default.contentsOfDirectory(atPath: media))
    }

    /// A clip of `seconds` at `size` and `rate`, with a tone unless `audio` is false, encoded
    /// as the extension says (H.264 and AAC for .mp4 and .mov, VP9 and Opus for .webm, H.264
    /// and AAC in .mkv); `output` arguments go just before the file name.
    @discardableResult
    func clip(
        _ name: String, size: String = "320x240", rate: String = "25", seconds: Double = 2, audio: Bool = true,
        filter: String? = nil, output: [String] = []
    ) throws -> String {
        var arguments = ["-f", "lavfi", "-i", "testsrc2=size=\(size):rate=\(rate):duration=\(seconds)"]
        if audio { arguments += ["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=\(seconds)"] }
        if let filter { arguments += ["-vf", filter] }
        let codecs = name.hasSuffix(".webm")
            ? ["-c:v", "libvpx-vp9", "-deadline", "realtime", "-cpu-used", "8", "-c:a", "libopus"]
            : ["-c:v", "libx264", "-preset", "ultrafast", "-c:a", "aac"]
        try ffmpeg(arguments + codecs + ["-pix_fmt", "yuv420p"] + output + [path(name)])
        return path(name)
    }

    /// Runs ffmpeg with `arguments` after its quiet, overwrite and no-keyboard options.
    func ffmpeg(_ arguments: [String]) throws {
        try run(tools.ffmpeg, ["-nostdin", "-hide_banner", "-v", "error", "-y"] + arguments)
    }

    /// ffprobe's JSON report of a file's format and streams.
    func report(_ file: String) throws -> Report {
        let json = try run(tools.ffprobe, ["-v", "error", "-show_format", "-show_streams", "-of", "json", file])
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return try decoder.decode(Report.self, from: Data(json.utf8))
    }

    /// The MD5 of a file's first picture, decoded to RGB: equal when the pixels are.
    func pictureHash(_ file: String) throws -> String {
        try run(tools.ffmpeg, ["-nostdin", "-v", "error", "-i", file, "-frames:v", "1", "-pix_fmt", "rgb24", "-f", "md5", "-"])
    }

    /// The MD5 of frame `index` of a film, as FFmpeg decodes it from the start and writes it
    /// as a PNG (RGB made as for a poster).
    func frameHash(_ file: String, _ index: Int) throws -> String {
        let frame = path("frame-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(atPath: frame) }
        try ffmpeg(["-i", file, "-vf", "select=eq(n\\,\(index))", "-frames:v", "1", "-update", "1", frame])
        return try pictureHash(frame)
    }

    /// The first 16 hex digits of the file's SHA-256.
    func contentName(_ file: String) throws -> String {
        String(try run("/usr/bin/sha256sum", [file]).prefix(16))
    }

    /// Runs a program; its stdout and stderr, or an error carrying them if it fails.
    @discardableResult
    func run(_ executable: String, _ arguments: [String]) throws -> String {
        let run = try ChildProcess.run(executable, arguments)
        guard run.status.succeeded else { throw ClipError("\(executable) failed (\(run.status)): \(run.output)") }
        return run.output
    }

    /// What a test wants to know of ffprobe's report.
    struct Report: Decodable {
        var streams: [Stream]
        var format: Format

        struct Stream: Decodable {
            var codecName: String?
            var codecType: String
            var width: Int?
            var height: Int?
            var channels: Int?
            var avgFrameRate: String?
            var rFrameRate: String?
            var nbFrames: String?
            var tags: [String: String]?
            var sideDataList: [SideData]?
        }

        struct SideData: Decodable {
            var rotation: Double?
        }

        struct Format: Decodable {
            var formatName: String
            var duration: String?
            var tags: [String: String]?
        }

        var video: Stream? { streams.first { $0.codecType == "video" } }
        var audio: Stream? { streams.first { $0.codecType == "audio" } }
        /// Every tag, the file's and each stream's, keys in lower case.
        var allTags: [String: String] {
            ([format.tags ?? [:]] + streams.map { $0.tags ?? [:] }).reduce(into: [:]) { all, tags in
                for (key, value) in tags { all[key.lowercased()] = value }
            }
        }
    }
}

struct ClipError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// The error `body` throws, or nil (recorded as a failure) when it throws none.
func videoError(_ body: () throws -> Void) -> VideoError? {
    #expect(throws: VideoError.self) { try body() }
}
