/// Where the square crops sit in a photo. Stored with the photo, so the same squares can be
/// made again, and so a person can adjust what the smart crop chose. A plain value: any thread.
public struct SquareFraming: Sendable, Equatable, Hashable, Codable {
    /// The square's centre, as a fraction (0…1) of the oriented photo's width.
    public var centerX: Double
    /// The square's centre, as a fraction (0…1) of the oriented photo's height.
    public var centerY: Double
    /// 1 is the largest square that fits (side = the photo's shorter side); 2 halves the side.
    public var zoom: Double

    /// The most a square may be zoomed in; beyond it a square of a 24-megapixel photo would
    /// be smaller than the smallest variant.
    public static let maximumZoom = 12.0

    /// The largest square, in the middle of the photo.
    public static let centred = SquareFraming(centerX: 0.5, centerY: 0.5, zoom: 1)

    public init(centerX: Double, centerY: Double, zoom: Double) {
        self.centerX = centerX
        self.centerY = centerY
        self.zoom = zoom
    }

    /// Throws unless the centre lies in the photo and the zoom is in 1…`maximumZoom`.
    func validate() throws(ImagingError) {
        guard centerX.isFinite, centerY.isFinite, (0...1).contains(centerX), (0...1).contains(centerY) else {
            throw .invalidFraming(detail: "the centre must lie within the photo (0…1 on each axis)")
        }
        guard zoom.isFinite, (1...Self.maximumZoom).contains(zoom) else {
            throw .invalidFraming(detail: "the zoom must be between 1 and \(Int(Self.maximumZoom))")
        }
    }

    /// The framing's square in pixels of a `width` × `height` image. A square that would
    /// cross an edge is slid back inside, keeping its size.
    func square(width: Int, height: Int) -> PixelSquare {
        let shorter = min(width, height)
        let side = min(shorter, max(1, Int((Double(shorter) / zoom).rounded())))
        func start(_ center: Double, _ length: Int) -> Int {
            let wanted = Int((center * Double(length) - Double(side) / 2).rounded())
            return min(max(wanted, 0), length - side)
        }
        return PixelSquare(left: start(centerX, width), top: start(centerY, height), side: side)
    }

    /// The framing of `square` in a `width` × `height` image, i.e. after sliding it inside.
    init(_ square: PixelSquare, width: Int, height: Int, zoom: Double) {
        let half = Double(square.side) / 2
        self.init(
            centerX: (Double(square.left) + half) / Double(width),
            centerY: (Double(square.top) + half) / Double(height),
            zoom: zoom)
    }

    /// The framing libvips's attention crop picks for the largest square: centred on the
    /// point of most interest, slid inside the edges the way `vips_smartcrop` does it.
    static func attention(x: Int, y: Int, width: Int, height: Int) -> SquareFraming {
        let side = min(width, height)
        let left = min(max(x - side / 2, 0), width - side)
        let top = min(max(y - side / 2, 0), height - side)
        return SquareFraming(PixelSquare(left: left, top: top, side: side), width: width, height: height, zoom: 1)
    }
}

/// A square in pixel coordinates.
struct PixelSquare: Equatable {
    var left: Int
    var top: Int
    var side: Int
}
