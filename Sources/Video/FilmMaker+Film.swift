import Foundation

extension FilmMaker {
    /// Makes the web renditions, the poster and the storyboard of the film at `path`, puts
    /// them in `mediaDirectory` under names made from their bytes, and returns what was made.
    /// FFmpeg writes into a hidden folder inside `mediaDirectory`, removed before this
    /// returns; on failure nothing made is left anywhere, poster included.
    ///
    /// - Parameters:
    ///   - probe: what `probe(fileAt:)` said of this file; nil probes it here.
    ///   - posterAt: seconds into the film for the poster; nil takes one second in, or a
    ///     tenth of the way for films shorter than ten seconds.
    ///   - progress: the fraction done, 0…1, a few times a second, on this thread.
    @available(*, noasync, message: "Blocks for as long as ffmpeg works; run it on a queue of your own.")
    public func makeFilm(
        fromFileAt path: String, into mediaDirectory: String, probe known: VideoProbe? = nil, posterAt: Double? = nil,
        progress: @Sendable (Double) -> Void = { _ in }
    ) throws(VideoError) -> MadeFilm {
        let source = if let known { known } else { try probe(fileAt: path) }
        let plan = FilmPlan(source: source, posterAt: posterAt)
        let work = try WorkFolder(in: mediaDirectory)
        defer { work.remove() }
        let posterPath = try Self.temporaryPosterPath(in: temporaryDirectory)
        var made = false
        defer { if !made { unlink(posterPath) } }
        let command = FilmCommand(source: path, film: source, plan: plan, work: work, posterPath: posterPath,
                                  readLimit: limits.maxDuration + 1)
        var reported = 0.0
        try filmRun.succeed(tools.ffmpeg, command.arguments) { line in
            guard let done = Self.fractionDone(line, duration: source.duration), done > reported else { return }
            reported = done
            progress(done)
        }
        let film = try collect(work, plan: plan, source: source, posterPath: posterPath)
        made = true
        progress(1)
        return film
    }

    /// Checks what ffmpeg wrote, writes the storyboard's map, and puts every file in place.
    private func collect(_ work: WorkFolder, plan: FilmPlan, source: VideoProbe, posterPath: String) throws(VideoError)
        -> MadeFilm {
        var poster = stat()
        guard stat(posterPath, &poster) == 0, poster.st_size > 0 else { throw .toolFailed(detail: "ffmpeg wrote no poster frame") }
        let rendition = try inspect(work.file(FilmCommand.mp4))
        let mp4 = try work.address(FilmCommand.mp4, extension: "mp4")
        let webm = try work.address(FilmCommand.webm, extension: "webm")
        let sprite = try work.address(FilmCommand.sprite, extension: "jpg")
        let mapName = "storyboard.vtt"
        let text = StoryboardMap.webVTT(plan.storyboard, spriteName: sprite.fileName, duration: rendition.duration)
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: work.file(mapName)))
        } catch {
            throw .writeFailed(path: work.file(mapName), detail: error.localizedDescription)
        }
        let map = try work.address(mapName, extension: "vtt")
        try work.place([(FilmCommand.mp4, mp4), (FilmCommand.webm, webm), (FilmCommand.sprite, sprite), (mapName, map)])
        let layout = plan.storyboard
        return MadeFilm(
            source: source, rendition: rendition, mp4: mp4, webm: webm,
            storyboard: Storyboard(sprite: sprite, map: map, tileWidth: layout.tileWidth, tileHeight: layout.tileHeight,
                                   columns: layout.columns, rows: layout.rows, tileCount: layout.count,
                                   interval: layout.interval),
            posterPath: posterPath)
    }

    /// From ffmpeg's `-progress` lines: `out_time_us=1234567` as a fraction of `duration`.
    static func fractionDone(_ line: Substring, duration: Double) -> Double? {
        guard line.hasPrefix("out_time_us="), let microseconds = Int(line.dropFirst("out_time_us=".count)) else { return nil }
        return min(1, max(0, Double(microseconds) / 1_000_000 / duration))
    }

    static let posterPrefix = "film-poster-"

    /// A new empty file for the poster in `directory`.
    static func temporaryPosterPath(in directory: String) throws(VideoError) -> String {
        var template = Array((directory + "/" + posterPrefix + "XXXXXX.png").utf8CString)
        let descriptor = mkstemps(&template, 4)
        guard descriptor >= 0 else { throw .writeFailed(path: directory, detail: String(cString: strerror(errno))) }
        close(descriptor)
        return template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }
}
