import Foundation

/// A short film in a portfolio. It is stored as a photo (its poster frame, with the usual
/// variants), and this record, kept on the photo, names the files a player needs: the web
/// renditions, the storyboard of scrubbing previews and its WebVTT map. Every name is
/// content-addressed under the media directory, like a photo's variants.
public struct Film: Codable, Sendable, Equatable {
    /// Seconds, as the web rendition has it.
    public var duration: Double
    /// Frames per second as a fraction (`30000/1001`); the renditions have a constant rate.
    public var frameRateNumerator: Int
    public var frameRateDenominator: Int
    /// The rendition's frame as shown (rotation applied).
    public var width: Int
    public var height: Int
    public var hasAudio: Bool
    /// H.264 and AAC in MP4, playable at once (`faststart`).
    public var mp4File: String
    public var mp4Bytes: Int
    /// VP9 and Opus in WebM, for engines without H.264.
    public var webmFile: String
    public var webmBytes: Int
    /// Thumbnails every second or so, tiled in one JPEG, and the WebVTT map of their places.
    public var storyboardFile: String
    public var storyboardMapFile: String
    /// Where the poster frame was cut: the start of that frame, in seconds.
    public var posterTime: Double

    public init(duration: Double, frameRateNumerator: Int, frameRateDenominator: Int, width: Int, height: Int,
                hasAudio: Bool, mp4File: String, mp4Bytes: Int, webmFile: String, webmBytes: Int,
                storyboardFile: String, storyboardMapFile: String, posterTime: Double) {
        self.duration = duration
        self.frameRateNumerator = frameRateNumerator
        self.frameRateDenominator = frameRateDenominator
        self.width = width
        self.height = height
        self.hasAudio = hasAudio
        self.mp4File = mp4File
        self.mp4Bytes = mp4Bytes
        self.webmFile = webmFile
        self.webmBytes = webmBytes
        self.storyboardFile = storyboardFile
        self.storyboardMapFile = storyboardMapFile
        self.posterTime = posterTime
    }

    /// Every file the film names.
    public var files: [String] { [mp4File, webmFile, storyboardFile, storyboardMapFile] }

    /// The files named in a film as the stores keep it (JSON).
    public static func files(inStoredJSON json: String) throws -> [String] {
        try JSONDecoder().decode(Film.self, from: Data(json.utf8)).files
    }

    /// Seconds one frame lasts.
    public var frameDuration: Double { Double(frameRateDenominator) / Double(frameRateNumerator) }

    /// How many frames the film has.
    public var frameCount: Int { max(1, Int((duration / frameDuration).rounded(.down))) }

    /// The start of the frame shown at `time` (clamped to the film), so a poster chosen
    /// anywhere inside a frame is that frame.
    public func frameStart(at time: Double) -> Double {
        guard time.isFinite else { return 0 }
        let index = min(max(0, (time / frameDuration + 1e-6).rounded(.down)), Double(frameCount - 1))
        return index * frameDuration
    }
}
