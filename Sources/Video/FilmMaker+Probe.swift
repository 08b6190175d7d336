import Foundation

extension FilmMaker {
    /// Reads the header of the film at `path` and returns what it says, or throws the first
    /// limit it breaks: the size on disk, then the container from the content (nothing is
    /// started for a file that is neither ISO media nor Matroska), then ffprobe's reading of
    /// the header with that container's reader alone. No frame is decoded beyond what
    /// ffprobe needs to learn the codec, so a file claiming ten hours or 100,000 pixels is
    /// refused in a fraction of a second.
    @available(*, noasync, message: "Blocks while ffprobe runs; run it on a queue of your own.")
    public func probe(fileAt path: String) throws(VideoError) -> VideoProbe {
        let film = try inspect(path, byteLimit: limits.maxBytes)
        try limits.check(film)
        return film
    }

    /// What ffprobe says of a file, the byte limit the only one applied; for files made here.
    func inspect(_ path: String, byteLimit: Int = .max) throws(VideoError) -> VideoProbe {
        let byteCount = try Self.byteCount(path, limit: byteLimit)
        let container = try Self.container(path)
        let report = try FFprobeReport.decoded(runProbe(path, container))
        return try VideoProbe(report: report, container: container, byteCount: byteCount)
    }

    /// ffprobe's report. ffprobe's output is kept up to 4 MiB: a header naming thousands of
    /// streams is not a film.
    private func runProbe(_ path: String, _ container: VideoContainer) throws(VideoError) -> String {
        var output = ""
        var overflowed = false
        let run = try probeRun.run(
            tools.ffprobe,
            ["-v", "error", "-protocol_whitelist", "file", "-probesize", "5000000", "-analyzeduration", "5000000",
             "-f", container.demuxer, "-show_format", "-show_streams", "-of", "json", Self.fileURL(path)]
        ) { line in
            guard !overflowed else { return }
            output += line
            output += "\n"
            overflowed = output.utf8.count > 4 << 20
        }
        // ffprobe exits with 1 when the demuxer gives up on the file; anything else is the tool's.
        guard run.status.succeeded else {
            let reason = ToolRun.failure(tools.ffprobe, run)
            throw run.status == .exited(1) ? .damaged(detail: reason) : .toolFailed(detail: reason)
        }
        guard !overflowed else { throw .damaged(detail: "ffprobe's report is over 4 MiB") }
        return output
    }

    private static func byteCount(_ path: String, limit: Int) throws(VideoError) -> Int {
        let attributes: [FileAttributeKey: Any]
        do {
            attributes = try FileManager.default.attributesOfItem(atPath: path)
        } catch {
            throw .unreadableFile(path: path, detail: error.localizedDescription)
        }
        guard attributes[.type] as? FileAttributeType == .typeRegular else {
            throw .unreadableFile(path: path, detail: "not a regular file")
        }
        let byteCount = (attributes[.size] as? NSNumber)?.intValue ?? 0
        guard byteCount <= limit else { throw .tooLarge(byteCount: byteCount, limit: limit) }
        return byteCount
    }

    private static func container(_ path: String) throws(VideoError) -> VideoContainer {
        let leading: [UInt8]
        do {
            leading = try VideoContainer.leadingBytes(path)
        } catch {
            throw .unreadableFile(path: path, detail: error.localizedDescription)
        }
        guard let container = ContainerSniffer.container(ofLeadingBytes: leading) else {
            throw .notAVideo(detail: "the content is neither ISO media (MP4, MOV) nor Matroska (MKV, WebM)")
        }
        return container
    }
}
