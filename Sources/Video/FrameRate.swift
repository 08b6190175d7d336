/// Frames a second as the exact fraction FFmpeg works with ("30000/1001"). A plain value:
/// any thread.
public struct FrameRate: Sendable, Equatable, Hashable, CustomStringConvertible {
    public let numerator: Int
    public let denominator: Int

    /// Nil unless both are positive; stored in lowest terms.
    public init?(numerator: Int, denominator: Int) {
        guard numerator > 0, denominator > 0 else { return nil }
        let divisor = Self.greatestCommonDivisor(numerator, denominator)
        self.numerator = numerator / divisor
        self.denominator = denominator / divisor
    }

    /// From FFmpeg's "numerator/denominator" text; nil for "0/0", negatives, numbers no Int holds.
    init?(ffmpeg text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let numerator = Int(parts[0]), let denominator = Int(parts[1]) else { return nil }
        self.init(numerator: numerator, denominator: denominator)
    }

    public var framesPerSecond: Double { Double(numerator) / Double(denominator) }

    public var description: String { "\(numerator)/\(denominator)" }

    private static func greatestCommonDivisor(_ a: Int, _ b: Int) -> Int {
        b == 0 ? a : greatestCommonDivisor(b, a % b)
    }
}
