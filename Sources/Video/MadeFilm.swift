/// Everything made from one film. A plain value: any thread.
public struct MadeFilm: Sendable, Equatable {
    /// What the uploaded file's header said.
    public let source: VideoProbe
    /// The MP4 rendition as ffprobe reads it: the size, frame rate and duration the films play at.
    public let rendition: VideoProbe
    /// H.264 and AAC, for every browser that plays H.264.
    public let mp4: FilmFile
    /// VP9 and Opus, for browsers without H.264.
    public let webm: FilmFile
    public let storyboard: Storyboard
    /// A PNG of the poster frame at the rendition's size, in the system's temporary
    /// directory: the caller's to use (the photo pipeline takes it) and to delete.
    public let posterPath: String

    public var width: Int { rendition.width }
    public var height: Int { rendition.height }
    public var frameRate: FrameRate { rendition.frameRate }
    public var duration: Double { rendition.duration }
}

/// Thumbnails of a film at even intervals, tiled into one JPEG, with the WebVTT map players
/// use to show the one under the pointer while scrubbing. A plain value: any thread.
public struct Storyboard: Sendable, Equatable {
    /// The JPEG of all thumbnails, `columns` to a row.
    public let sprite: FilmFile
    /// The WebVTT map naming the sprite (by its name alone) and each thumbnail's place in it.
    public let map: FilmFile
    public let tileWidth: Int
    public let tileHeight: Int
    public let columns: Int
    public let rows: Int
    public let tileCount: Int
    /// Seconds between thumbnails.
    public let interval: Int
}
