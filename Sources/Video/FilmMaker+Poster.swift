extension FilmMaker {
    /// Cuts the frame shown at `seconds` from a rendition this module made (its MP4) and
    /// writes it as a PNG to `posterPath`: exactly that frame, the one whose time is
    /// `seconds` or the last before it (a time past the end gives the last frame). FFmpeg
    /// seeks to the keyframe before it, at most a second back, and decodes from there.
    @available(*, noasync, message: "Blocks while ffmpeg runs; run it on a queue of your own.")
    public func cutPoster(fromFileAt renditionPath: String, at seconds: Double, into posterPath: String)
        throws(VideoError) {
        let rendition = try inspect(renditionPath)
        let rate = rendition.frameRate.framesPerSecond
        let frames = rendition.pictureFrames ?? FilmPlan.frames(rendition.pictureDuration, rate: rendition.frameRate)
        let frame = FilmPlan.frame(at: seconds, rate: rendition.frameRate, frames: frames)
        // Half a frame early: frames before the time are dropped, so the wanted one is first
        // however the time was rounded.
        let start = max(0, (Double(frame) - 0.5) / rate)
        try probeRun.succeed(
            tools.ffmpeg,
            Self.commonArguments
                + ["-threads", "2", "-ss", Seconds.text(start), "-f", rendition.container.demuxer,
                   "-i", Self.fileURL(renditionPath), "-map", "0:\(rendition.videoStream)", "-frames:v", "1", "-update", "1"]
                + FilmCommand.nothingElse + [Self.fileURL(posterPath)])
    }
}
