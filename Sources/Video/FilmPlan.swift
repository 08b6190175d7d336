/// The shape of everything made from one film, worked out from its probe before FFmpeg
/// starts: the renditions' size and rate, the poster's frame, the storyboard's grid.
/// Pure arithmetic on checked figures. A plain value: any thread.
struct FilmPlan: Equatable {
    /// The box a rendition fits in, turned to the film's orientation.
    static let longSide = 1920
    static let shortSide = 1080
    /// The highest rendition frame rate; faster films drop frames to it.
    static let fastestRate = FrameRate(numerator: 60, denominator: 1)!
    /// The rates a film's average is drawn to: a whole rate when within 1 % (a phone's variable
    /// 29.93 is 30), a broadcast rate (30000/1001, 0.1 % below 30) only when within 0.02 %, as
    /// such films keep it exactly.
    static let wholeRates = [24, 25, 30, 48, 50, 60].map { FrameRate(numerator: $0, denominator: 1)! }
    static let broadcastRates = [24_000, 30_000, 60_000].map { FrameRate(numerator: $0, denominator: 1_001)! }

    let width: Int
    let height: Int
    let frameRate: FrameRate
    /// Frames from one keyframe to the next: one second's worth.
    let keyframeInterval: Int
    /// The rendition frame the poster shows, counted from 0.
    let posterFrame: Int
    let storyboard: StoryboardLayout

    /// - Parameter posterAt: seconds into the film; nil (or a time that is no time) takes
    ///   one second in, or a tenth of the way for films shorter than ten seconds.
    init(source: VideoProbe, posterAt: Double?) {
        (width, height) = Self.fitted(width: source.width, height: source.height)
        frameRate = Self.renditionRate(source.frameRate)
        keyframeInterval = max(1, Int(frameRate.framesPerSecond.rounded()))
        let posterTime = posterAt.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil } ?? min(1, source.duration / 10)
        posterFrame = Self.frame(at: posterTime, rate: frameRate, frames: Self.frames(source.pictureDuration, rate: frameRate))
        storyboard = StoryboardLayout(duration: source.pictureDuration, frameWidth: width, frameHeight: height)
    }

    /// The size that fits the box turned the film's way, never larger than the film, both
    /// sides even (H.264 and VP9 in 4:2:0 need that).
    static func fitted(width: Int, height: Int) -> (width: Int, height: Int) {
        let (boxWidth, boxHeight) = width >= height ? (longSide, shortSide) : (shortSide, longSide)
        let scale = min(1, Double(boxWidth) / Double(width), Double(boxHeight) / Double(height))
        let fittedWidth = min(boxWidth, Int((Double(width) * scale).rounded()))
        let fittedHeight = min(boxHeight, Int((Double(height) * scale).rounded()))
        return (evenFloor(fittedWidth), evenFloor(fittedHeight))
    }

    /// The film's average rate, drawn to a common rate when close to one (see above), at most
    /// 60 and at least one frame a second, with a denominator FFmpeg's time bases hold comfortably.
    static func renditionRate(_ rate: FrameRate) -> FrameRate {
        let value = rate.framesPerSecond
        if value >= fastestRate.framesPerSecond { return fastestRate }
        if value < 1 { return FrameRate(numerator: 1, denominator: 1)! }
        let within = { (rates: [FrameRate], share: Double) in
            rates.first { abs($0.framesPerSecond - value) < value * share }
        }
        if let broadcast = within(Self.broadcastRates, 0.000_2) { return broadcast }
        if let whole = within(Self.wholeRates, 0.01) { return whole }
        if rate.denominator <= 1_001 { return rate }
        return FrameRate(numerator: Int((value * 1_000).rounded()), denominator: 1_000)!
    }

    /// The frame shown at `seconds` in a film of `frames` frames at `rate`: the one whose
    /// time is `seconds` or the last before it, and never past the last frame. A time written
    /// from a frame's own (1.0333 for frame 31 at 30 a second) gives that frame.
    static func frame(at seconds: Double, rate: FrameRate, frames: Int) -> Int {
        Int((seconds * rate.framesPerSecond + 1e-6).clamped(to: 0...Double(max(1, frames) - 1)).rounded(.down))
    }

    /// The whole frames in `duration` seconds at `rate`, at least one.
    static func frames(_ duration: Double, rate: FrameRate) -> Int {
        Int((duration * rate.framesPerSecond + 1e-6).clamped(to: 1...1e9).rounded(.down))
    }

    /// The largest even number at most `value`, and at least 2.
    static func evenFloor(_ value: Int) -> Int {
        max(2, value - value % 2)
    }
}

/// The storyboard's grid: a thumbnail every `interval` seconds of the picture (the first
/// frame at or after each multiple), at most 200 of them, ten to a row, in one sprite.
/// A plain value: any thread.
struct StoryboardLayout: Equatable {
    static let tileWidth = 160
    static let mostTiles = 200
    static let mostColumns = 10

    /// Whole seconds between thumbnails: one, or more for films over 200 seconds.
    let interval: Int
    let count: Int
    let columns: Int
    let rows: Int
    let tileWidth: Int
    let tileHeight: Int

    init(duration: Double, frameWidth: Int, frameHeight: Int) {
        let seconds = duration.clamped(to: 0...1e9)
        interval = max(1, Int((seconds / Double(Self.mostTiles)).rounded(.up)))
        count = min(Self.mostTiles, max(1, Int((seconds / Double(interval)).rounded(.up))))
        columns = min(Self.mostColumns, count)
        rows = (count + columns - 1) / columns
        tileWidth = Self.tileWidth
        tileHeight = FilmPlan.evenFloor(Int((Double(Self.tileWidth * frameHeight) / Double(frameWidth)).rounded()))
    }

    var spriteWidth: Int { columns * tileWidth }
    var spriteHeight: Int { rows * tileHeight }

    /// Where thumbnail `index` sits in the sprite.
    func tile(_ index: Int) -> (x: Int, y: Int) {
        (index % columns * tileWidth, index / columns * tileHeight)
    }
}

extension Double {
    /// Within `range`; NaN is taken as its lower end. For figures about to become an Int.
    func clamped(to range: ClosedRange<Double>) -> Double {
        isNaN ? range.lowerBound : Swift.min(Swift.max(self, range.lowerBound), range.upperBound)
    }
}
