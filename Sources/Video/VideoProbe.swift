/// What a film's header says, as ffprobe reads it, checked against the limits. A plain
/// value: any thread.
public struct VideoProbe: Sendable, Equatable {
    public let container: VideoContainer
    public let byteCount: Int
    /// How long it runs, in seconds.
    public let duration: Double
    /// The frame as it is meant to be seen: turned as the camera was held (a phone's
    /// portrait clip stored sideways is taller than wide here), non-square pixels made square.
    public let width: Int
    public let height: Int
    /// The average frame rate; a variable-rate film has one too.
    public let frameRate: FrameRate
    public let hasAudio: Bool
    /// FFmpeg's name for the picture's codec ("h264", "hevc", "vp9").
    public let videoCodec: String
    /// The streams a film is made from, by their index in the file.
    let videoStream: Int
    let audioStream: Int?
    /// The frame as stored, before turning: what decoding costs.
    let storedWidth: Int
    let storedHeight: Int
    /// How long the picture runs (the file may run longer with its sound), and its frame
    /// count when the header gives one.
    let pictureDuration: Double
    let pictureFrames: Int?
    /// The longest of the durations the header gives (the file's, the picture's): what the
    /// duration limit is checked against.
    let longestClaimedDuration: Double
}
