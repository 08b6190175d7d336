extension VideoProbe {
    /// The codecs of the picture accepted: what phones, cameras and editing software write.
    /// FFmpeg reads hundreds more; each is code a hostile file could aim at.
    static let pictureCodecs: Set<String> = [
        "h264", "hevc", "vp8", "vp9", "av1", "mpeg4", "h263", "mpeg2video", "mjpeg", "prores", "dnxhd",
    ]
    /// The codecs of sound accepted; a film whose only sound is in another is made silent.
    static let soundCodecs: Set<String> = [
        "aac", "mp3", "opus", "vorbis", "flac", "alac", "ac3", "eac3", "amr_nb", "amr_wb",
    ]

    /// What the report says about the file, or why it is not a film we make.
    init(report: FFprobeReport, container: VideoContainer, byteCount: Int) throws(VideoError) {
        let formatName = report.format?.formatName ?? "nothing"
        guard formatName == container.formatName else {
            throw .notAVideo(detail: "ffprobe read it as \(formatName), not \(container.formatName)")
        }
        let streams = report.streams ?? []
        guard let picture = streams.first(where: \.isPicture) else { throw .notAVideo(detail: "it holds no picture") }
        guard let codec = picture.codecName, Self.pictureCodecs.contains(codec) else {
            throw .notAVideo(detail: "its picture is in \(picture.codecName ?? "an unknown codec"), not one accepted")
        }
        guard let index = picture.index, index >= 0 else { throw .damaged(detail: "its picture has no stream number") }
        // ffprobe writes a size as a C int: a larger number is no header's.
        guard let storedWidth = picture.width, let storedHeight = picture.height,
              (1...Int(Int32.max)).contains(storedWidth), (1...Int(Int32.max)).contains(storedHeight)
        else { throw .damaged(detail: "its picture has no size") }
        let claims = [FFprobeReport.seconds(report.format?.duration), picture.seconds].compactMap { $0 }
        guard let duration = claims.first else { throw .damaged(detail: "it gives no duration") }
        guard let frameRate = FrameRate(ffmpeg: picture.avgFrameRate ?? "") ?? FrameRate(ffmpeg: picture.rFrameRate ?? "")
        else { throw .damaged(detail: "its picture has no frame rate") }
        let sound = streams.first(where: \.isAcceptedSound)
        let (width, height) = picture.displayed(width: storedWidth, height: storedHeight)
        self.init(
            container: container, byteCount: byteCount, duration: duration, width: width, height: height,
            frameRate: frameRate, hasAudio: sound != nil, videoCodec: codec, videoStream: index,
            audioStream: sound?.index, storedWidth: storedWidth,
            storedHeight: storedHeight, pictureDuration: picture.seconds ?? duration,
            pictureFrames: picture.nbFrames.flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil },
            longestClaimedDuration: claims.max()!)
    }
}

extension FFprobeReport.Stream {
    var isAcceptedSound: Bool {
        codecType == "audio" && VideoProbe.soundCodecs.contains(codecName ?? "") && (channels ?? 0) > 0 && (index ?? -1) >= 0
    }

    /// The stored size as players show it: pixels made square, then the turn applied. A stored
    /// side is below 2^31 (the report's reading refuses more), so 4 × that is an Int.
    func displayed(width: Int, height: Int) -> (width: Int, height: Int) {
        let squaredWidth = pixelAspect.map { max(1, Int((Double(width) * $0).rounded())) } ?? width
        return isTurnedSideways ? (height, squaredWidth) : (squaredWidth, height)
    }
}

extension VideoLimits {
    /// Throws the first limit the film's frame, duration or rate breaks (its size in bytes is
    /// checked before ffprobe starts). Only header figures are compared, so a file
    /// claiming ten hours or a frame of 100,000 pixels costs nothing to refuse.
    func check(_ film: VideoProbe) throws(VideoError) {
        let (long, short) = (max(film.storedWidth, film.storedHeight), min(film.storedWidth, film.storedHeight))
        guard long <= maxLongSide, short <= maxShortSide else {
            throw .tooManyPixels(width: film.width, height: film.height, longSide: maxLongSide, shortSide: maxShortSide)
        }
        let (shownLong, shownShort) = (max(film.width, film.height), min(film.width, film.height))
        guard short >= minShortSide, shownShort >= minShortSide, shownLong <= shownShort * maxAspect else {
            throw .oddShape(width: film.width, height: film.height)
        }
        guard film.longestClaimedDuration <= maxDuration else {
            throw .tooLong(seconds: film.longestClaimedDuration, limit: maxDuration)
        }
        guard film.frameRate.framesPerSecond <= maxFrameRate else {
            throw .frameRateTooHigh(framesPerSecond: film.frameRate.framesPerSecond, limit: maxFrameRate)
        }
    }
}
