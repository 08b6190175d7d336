/// A point or vector in plane pixels, origin top-left, y down.
public struct PlanePoint: Sendable, Equatable {
    /// Horizontal pixels.
    public var x: Double
    /// Vertical pixels (down).
    public var y: Double

    /// The point (`x`, `y`).
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// A rectangle in plane pixels.
public struct PlaneRect: Sendable, Equatable {
    /// Left edge.
    public let x: Double
    /// Top edge.
    public let y: Double
    /// Width.
    public let width: Double
    /// Height.
    public let height: Double

    /// A rectangle from its top-left corner and size.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// True when `point` lies inside (left/top edges included, right/bottom excluded).
    public func contains(_ point: PlanePoint) -> Bool {
        point.x >= x && point.x < x + width && point.y >= y && point.y < y + height
    }
}

/// The two fingers of a pinch.
public struct TouchPair: Sendable, Equatable {
    /// One finger.
    public let first: PlanePoint
    /// The other finger.
    public let second: PlanePoint

    /// Two finger positions.
    public init(_ first: PlanePoint, _ second: PlanePoint) {
        self.first = first
        self.second = second
    }
}

/// Which part of the plane a pointer landed on.
public enum PlaneRegion: String, Sendable {
    /// The picture: gestures move and zoom both axes.
    case content
    /// The bottom ruler: gestures change only the x axis.
    case xAxis
    /// The right ruler: gestures change only the y axis.
    case yAxis
    /// The square where the rulers meet: no gesture.
    case corner
    /// Not on the plane at all (also for a non-finite point): no gesture.
    case outside
}

/// The plane's pixels: the widget's size and the content's size at scale 1.
///
/// The rulers overlay the bottom and right edges, so the "+" crosshair stays at the centre
/// when an axis thickens on activation. The content at scale 1 is the plane less its idle
/// rulers (`fitting`).
public struct PlaneGeometry: Sendable, Equatable {
    /// Widget width (px).
    public let width: Double
    /// Widget height (px).
    public let height: Double
    /// Content width at scale 1 (px): the x range spans it.
    public let contentWidth: Double
    /// Content height at scale 1 (px): the y range spans it.
    public let contentHeight: Double

    /// Validates every size as finite and positive.
    public init(width: Double, height: Double, contentWidth: Double, contentHeight: Double)
        throws(SliderConfigurationError)
    {
        for size in [width, height, contentWidth, contentHeight] where !(size.isFinite && size > 0) {
            throw .invalidViewport
        }
        self.width = width
        self.height = height
        self.contentWidth = contentWidth
        self.contentHeight = contentHeight
    }

    /// A plane `width` × `height` px whose content at scale 1 is the plane less its rulers:
    /// `(width − a) · span.x` by `(height − a) · span.y`, `a` being an idle ruler's thickness.
    /// The precise-slider thesis: at 1:1 the content is the size of the 2D slider less its
    /// axes. `span` (1 by 1 unless given) is for content of other proportions, such as a
    /// photo framed under a square.
    public static func fitting(width: Double, height: Double, span: PlanePoint = PlanePoint(x: 1, y: 1))
        throws(SliderConfigurationError) -> PlaneGeometry
    {
        for size in [width, height, span.x, span.y] where !(size.isFinite && size > 0) { throw .invalidViewport }
        let rulers = Swift.min(width, height) * SliderConstants.axisThicknessFraction
        return try PlaneGeometry(width: width, height: height,
                                 contentWidth: (width - rulers) * span.x, contentHeight: (height - rulers) * span.y)
    }

    /// The crosshair: the widget's centre.
    public var crosshair: PlanePoint { PlanePoint(x: width / 2, y: height / 2) }
    /// Idle axis thickness `a`: 5 % of the shorter side.
    public var axisThickness: Double { Swift.min(width, height) * SliderConstants.axisThicknessFraction }
    /// `a`, or `2a` for an active (labelled) axis.
    public func thickness(active: Bool) -> Double {
        active ? axisThickness * SliderConstants.activeAxisFactor : axisThickness
    }

    /// The bottom ruler's frame; it stops where the right ruler begins.
    public func xAxisFrame(xActive: Bool, yActive: Bool) -> PlaneRect {
        let bottom = thickness(active: xActive)
        return PlaneRect(x: 0, y: height - bottom, width: width - thickness(active: yActive), height: bottom)
    }

    /// The right ruler's frame; it stops where the bottom ruler begins.
    public func yAxisFrame(xActive: Bool, yActive: Bool) -> PlaneRect {
        let right = thickness(active: yActive)
        return PlaneRect(x: width - right, y: 0, width: right, height: height - thickness(active: xActive))
    }

    /// What a pointer at `point` (widget pixels) grabs. Each ruler's touch area is always
    /// its active size (`2a`), even while it is drawn thin (the precise-slider thesis): a
    /// finger finds an idle ruler as easily as an active one, and the area does not grow
    /// under it when the ruler wakes.
    public func region(at point: PlanePoint) -> PlaneRegion {
        guard point.x.isFinite, point.y.isFinite, point.x >= 0, point.x < width, point.y >= 0, point.y < height else {
            return .outside
        }
        if xAxisFrame(xActive: true, yActive: true).contains(point) { return .xAxis }
        if yAxisFrame(xActive: true, yActive: true).contains(point) { return .yAxis }
        let reach = thickness(active: true)
        return point.x >= width - reach && point.y >= height - reach ? .corner : .content
    }

    /// The x axis viewport: the widget's width, the range spanning the content's width.
    public var xViewport: AxisViewport {
        AxisViewport(kind: .plane, length: width, span: contentWidth)
    }
    /// The y axis viewport: the widget's height, the range spanning the content's height.
    public var yViewport: AxisViewport {
        AxisViewport(kind: .plane, length: height, span: contentHeight)
    }
}

/// True while an axis counts as active: less than 2 s since the last gesture on it.
public func isAxisActive(lastGestureTime: Double?, now: Double) -> Bool {
    guard let last = lastGestureTime, last.isFinite, now.isFinite else { return false }
    return now >= last && now - last < SliderConstants.axisActiveDuration
}

/// The zoom factors of a pinch, each axis by its own spread: `|Δx| / |Δx0|` and
/// `|Δy| / |Δy0|`, each spread at least `SliderConstants.minPinchSpread` px so fingers
/// lined up along one axis leave the other axis unzoomed instead of dividing by ~0.
public func pinchFactors(start: TouchPair, current: TouchPair) throws(SliderInputError) -> PlanePoint {
    for point in [start.first, start.second, current.first, current.second] {
        try requireFinite(point.x, "x")
        try requireFinite(point.y, "y")
    }
    return PlanePoint(
        x: try pinchFactor(start: (start.first.x, start.second.x), current: (current.first.x, current.second.x)),
        y: try pinchFactor(start: (start.first.y, start.second.y), current: (current.first.y, current.second.y)))
}

extension SliderAxis {
    /// Copies of the content an axis needs side by side: 1 on a finite axis; on an
    /// infinite one 3 (the one under the crosshair and a neighbour each side), and below
    /// scale 0.5, where one copy is narrower, `ceil(1/s + 2)` rounded up to odd so the
    /// copies stay symmetric about the centre one.
    public func tileCount(scale: Double) throws(SliderInputError) -> Int {
        try requirePositive(scale, "scale")
        guard isInfinite else { return 1 }
        if scale >= SliderConstants.threeTilesMinScale { return 3 }
        let count = (1 / scale + 2).rounded(.up)
        guard count <= Double(SliderConstants.maxVisibleTicks) else { throw .outOfRange }
        let whole = Int(count)
        return whole % 2 == 0 ? whole + 1 : whole
    }

    /// Screen offsets (px from the crosshair line) of the `min` edge of each copy, left to
    /// right, the middle one being the copy that contains `value`. Each copy extends
    /// `span · scale` px to the right (down) from its offset.
    public func tileOrigins(value: Double, scale: Double, viewport: AxisViewport) throws(SliderInputError) -> [Double] {
        let value = try shiftedByWholePeriods(value)
        let count = try tileCount(scale: scale)
        guard isInfinite else { return [try screenOffset(of: min, value: value, scale: scale, viewport: viewport)] }
        let period = ((value - min) * direction / range).rounded(.down)
        let half = (count - 1) / 2
        var origins: [Double] = []
        for copy in -half...half {
            let edge = min + direction * (period + Double(copy)) * range
            origins.append(try screenOffset(of: edge, value: value, scale: scale, viewport: viewport))
        }
        return origins
    }
}
