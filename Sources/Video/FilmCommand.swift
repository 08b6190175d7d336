/// The one ffmpeg run that makes every file of a film from a single decoding of the source:
/// the picture is scaled, set to a constant rate and split four ways, into the MP4, the
/// WebM, the poster and the storyboard. Two encoders fed from one decoder keep both cores
/// busy without decoding twice.
struct FilmCommand {
    /// File names inside the work folder.
    static let mp4 = "film.mp4"
    static let webm = "film.webm"
    static let sprite = "storyboard.jpg"

    let source: String
    let film: VideoProbe
    let plan: FilmPlan
    let work: WorkFolder
    let posterPath: String
    /// Reading stops this far into the source whatever its header says.
    let readLimit: Double

    var arguments: [String] {
        FilmMaker.commonArguments + ["-nostats", "-progress", "pipe:1"]
            + ["-threads", "2", "-t", Seconds.text(readLimit), "-f", film.container.demuxer, "-i", FilmMaker.fileURL(source)]
            + ["-filter_complex", filterGraph]
            + mp4 + webm + poster + storyboard
    }

    /// Scaled to fit (FFmpeg has already turned it upright), square pixels, a constant rate
    /// so every frame can be stepped to, 8-bit 4:2:0. The storyboard takes the first frame
    /// at or after each interval: never none, however short the film.
    private var filterGraph: String {
        let layout = plan.storyboard
        return "[0:\(film.videoStream)]scale=\(plan.width):\(plan.height),setsar=1,fps=\(plan.frameRate),format=yuv420p,"
            + "split=4[mp4][webm][poster][board];"
            + "[poster]trim=start_frame=\(plan.posterFrame):end_frame=\(plan.posterFrame + 1)[posterframe];"
            + "[board]select=gte(t\\,selected_n*\(layout.interval)),scale=\(layout.tileWidth):\(layout.tileHeight),"
            + "tile=\(layout.columns)x\(layout.rows)[sprite]"
    }

    private var mp4: [String] {
        ["-map", "[mp4]"] + soundMap
            + ["-c:v", "libx264", "-preset", "veryfast", "-crf", "23", "-profile:v", "high", "-pix_fmt", "yuv420p"]
            + keyframes + ["-sc_threshold", "0"]
            + (film.hasAudio ? ["-c:a", "aac", "-b:a", "128k", "-ac", "2"] : [])
            + ["-movflags", "+faststart"] + Self.nothingElse + ["-threads", "2", FilmMaker.fileURL(work.file(Self.mp4))]
    }

    private var webm: [String] {
        ["-map", "[webm]"] + soundMap
            + ["-c:v", "libvpx-vp9", "-deadline", "realtime", "-cpu-used", "8", "-row-mt", "1", "-crf", "34", "-b:v", "0",
               "-pix_fmt", "yuv420p"]
            + keyframes
            + (film.hasAudio ? ["-c:a", "libopus", "-b:a", "96k", "-ac", "2"] : [])
            + Self.nothingElse + ["-threads", "2", FilmMaker.fileURL(work.file(Self.webm))]
    }

    private var poster: [String] {
        ["-map", "[posterframe]", "-frames:v", "1", "-update", "1"] + Self.nothingElse + [FilmMaker.fileURL(posterPath)]
    }

    private var storyboard: [String] {
        ["-map", "[sprite]", "-frames:v", "1", "-update", "1", "-q:v", "4"] + Self.nothingElse
            + [FilmMaker.fileURL(work.file(Self.sprite))]
    }

    private var soundMap: [String] {
        film.audioStream.map { ["-map", "0:\($0)"] } ?? []
    }

    /// A keyframe every second exactly, so seeking never decodes more than a second.
    private var keyframes: [String] {
        ["-g", "\(plan.keyframeInterval)", "-keyint_min", "\(plan.keyframeInterval)", "-fps_mode", "passthrough"]
    }

    /// No metadata (GPS position, device, dates), chapters, subtitles or data streams, and no
    /// encoder version strings.
    static let nothingElse = [
        "-map_metadata", "-1", "-map_chapters", "-1", "-sn", "-dn",
        "-fflags", "+bitexact", "-flags:v", "+bitexact", "-flags:a", "+bitexact",
    ]
}

/// Seconds as FFmpeg reads them on its command line: fixed-point, microseconds.
enum Seconds {
    static func text(_ seconds: Double) -> String {
        let microseconds = Int((seconds.clamped(to: 0...1e9) * 1_000_000).rounded())
        let fraction = String(microseconds % 1_000_000)
        return "\(microseconds / 1_000_000)." + String(repeating: "0", count: 6 - fraction.count) + fraction
    }
}
