/// Why a film could not be read or made web-ready.
///
/// `message` is written for the person who uploaded the film and says what to do; `detail`
/// carries the tool's own words (or another technical note) for the logs. A plain value:
/// any thread.
public enum VideoError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file does not exist, is not a regular file, or cannot be opened.
    case unreadableFile(path: String, detail: String)
    /// The content is not MP4, MOV, MKV or WebM holding a film, whatever the file is named.
    case notAVideo(detail: String)
    /// The file is larger than the byte limit.
    case tooLarge(byteCount: Int, limit: Int)
    /// The film runs longer than the limit, in seconds; refused from the header.
    case tooLong(seconds: Double, limit: Double)
    /// The frame is larger than the limit either way round; refused from the header.
    case tooManyPixels(width: Int, height: Int, longSide: Int, shortSide: Int)
    /// A frame narrower than the smallest side, or longer than `maxAspect` times its width
    /// either way: too thin to show or to cut a storyboard from; refused from the header.
    case oddShape(width: Int, height: Int)
    /// More frames a second than the limit.
    case frameRateTooHigh(framesPerSecond: Double, limit: Double)
    /// The file is cut short or corrupt, or its header makes no sense.
    case damaged(detail: String)
    /// A tool ran past its wall-clock or CPU-time limit and was stopped.
    case timedOut(tool: String, limit: Duration)
    /// A tool could not be started or failed; its own last words in `detail`.
    case toolFailed(detail: String)
    /// A finished file could not be put in the media directory.
    case writeFailed(path: String, detail: String)

    /// What went wrong and what to do about it, in words for the person uploading.
    public var message: String {
        switch self {
        case .unreadableFile:
            "The uploaded file could not be opened. Please upload it again."
        case .notAVideo:
            "This file is not a film we can read. Use MP4, MOV, MKV or WebM."
        case .tooLarge(let byteCount, let limit):
            "This file is \(byteCount / 1_048_576) MB; films can be at most \(limit / 1_048_576) MB. "
                + "Export a shorter or smaller film and try again."
        case .tooLong(let seconds, let limit):
            "This film runs \(Self.minutes(seconds)); films can run at most \(Self.minutes(limit)). "
                + "Trim it and try again."
        case .tooManyPixels(let width, let height, let longSide, let shortSide):
            "This film is \(width) × \(height) pixels; the limit is \(longSide) × \(shortSide). "
                + "Export it at a smaller size and try again."
        case .oddShape(let width, let height):
            "This film is \(width) × \(height) pixels, too narrow a picture to show. "
                + "Export it at a usual shape (16:9, 4:3, square or portrait) and try again."
        case .frameRateTooHigh(let rate, let limit):
            "This film has \(Self.whole(rate)) frames a second; the limit is \(Self.whole(limit)). "
                + "Export it at a lower frame rate and try again."
        case .damaged:
            "This film is damaged or cut short, so it cannot be read to the end. "
                + "Upload it again, or export it again from your camera or editing software."
        case .timedOut:
            "Preparing this film took too long. Try a shorter or smaller film."
        case .toolFailed:
            "Something went wrong while preparing this film. Please try again."
        case .writeFailed:
            "The prepared film could not be saved on the server. Please try again later."
        }
    }

    /// The technical reason (the tool's error output, a path), for logs; nil when `message`
    /// says it all.
    public var detail: String? {
        switch self {
        case .notAVideo(let detail), .damaged(let detail), .toolFailed(let detail):
            detail.isEmpty ? nil : detail
        case .unreadableFile(let path, let detail), .writeFailed(let path, let detail):
            "\(path): \(detail)"
        case .timedOut(let tool, let limit):
            "\(tool) stopped after \(limit)"
        case .tooLarge, .tooLong, .tooManyPixels, .oddShape, .frameRateTooHigh:
            nil
        }
    }

    public var description: String {
        detail.map { "\(message) (\($0))" } ?? message
    }

    /// A count for people: rounded, and words rather than a trap for values no Int holds.
    private static func whole(_ value: Double) -> String {
        value.isFinite && abs(value) < 1e15 ? "\(Int(value.rounded()))" : "too many"
    }

    /// "2 min 30 s", "45 s", "10 h 0 min"; seconds rounded down, any value.
    private static func minutes(_ seconds: Double) -> String {
        guard seconds.isFinite, seconds < 1e9 else { return "too long" }
        let whole = Int(max(0, seconds))
        if whole >= 3_600 { return "\(whole / 3_600) h \(whole % 3_600 / 60) min" }
        if whole >= 60 { return whole % 60 == 0 ? "\(whole / 60) min" : "\(whole / 60) min \(whole % 60) s" }
        return "\(whole) s"
    }
}
