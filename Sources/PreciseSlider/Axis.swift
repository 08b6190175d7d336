/// Which widget an axis belongs to; it decides how the range maps to pixels, when all
/// ticks get labels, and how long a glide lasts.
public enum SliderKind: String, Sendable, CaseIterable {
    /// The 1D precise slider: at scale 1 the range spans twice the viewport, so half of it
    /// is visible and either end can be brought under the central pointer.
    case slider
    /// One axis of the 2D plane: at scale 1 the range spans the content (the picture).
    case plane
}

/// The pixels an axis is drawn into: the visible length `W` and the length `span` that the
/// whole range covers at scale 1 (CSS pixels).
public struct AxisViewport: Sendable, Equatable {
    /// 1D slider or 2D plane.
    public let kind: SliderKind
    /// Visible length `W` along the axis, with the pointer in its middle (px).
    public let length: Double
    /// Length the whole range covers at scale 1 (px): `2W` on a slider, `C` on a plane.
    public let span: Double

    /// A 1D slider `length` px wide; the range spans `2 · length` at scale 1.
    public static func slider(length: Double) throws(SliderConfigurationError) -> AxisViewport {
        guard length.isFinite, length > 0 else { throw .invalidViewport }
        return AxisViewport(kind: .slider, length: length, span: 2 * length)
    }

    /// A plane axis `length` px long whose range spans the content's `content` px at scale 1.
    public static func plane(length: Double, content: Double) throws(SliderConfigurationError) -> AxisViewport {
        guard length.isFinite, length > 0, content.isFinite, content > 0 else { throw .invalidViewport }
        return AxisViewport(kind: .plane, length: length, span: content)
    }

    /// How long a release glide lasts (s): longer on the plane, where content is larger.
    public var easeOutDuration: Double {
        kind == .slider ? SliderConstants.easeOutDurationSlider : SliderConstants.easeOutDurationPlane
    }

    /// `truncScale` above which minor ticks are labelled too.
    public var labelAllAbove: Double {
        kind == .slider ? SliderConstants.labelAllAboveSlider : SliderConstants.labelAllAbovePlane
    }
}

/// Where an axis stands: its unclamped value (it may sit past a bound while the rubber
/// band stretches) and its zoom.
public struct AxisPosition: Sendable, Equatable {
    /// The value under the pointer, unclamped.
    public var value: Double
    /// The zoom `s`.
    public var scale: Double

    /// A position at `value` and `scale`.
    public init(value: Double, scale: Double) {
        self.value = value
        self.scale = scale
    }
}

/// One validated axis of a precise slider: its range, periodicity, ruler density, zoom
/// limits and optional snapping. Every function on it is pure.
///
/// Direction: `min` is always drawn on the left (top on a vertical axis) and `max` on the
/// right (bottom). With a reversed range (`min > max`) values therefore *decrease* from
/// left to right; `direction` is −1 and every value↔pixel conversion multiplies by it.
/// Dragging stays 1:1 with the finger either way, because the ruler follows the finger.
public struct SliderAxis: Sendable, Hashable {
    /// The value drawn at the left (top) end.
    public let min: Double
    /// The value drawn at the right (bottom) end; may be below `min`.
    public let max: Double
    /// Periodic axis (e.g. hue): moving past `max` continues from `min`.
    public let isInfinite: Bool
    /// Major units across the range at scale 1 (`N`).
    public let numberOfUnits: Int
    /// Smallest zoom.
    public let minScale: Double
    /// Largest zoom.
    public let maxScale: Double
    /// Public values snap to `min + n · snapStep` when set.
    public let snapStep: Double?
    /// The value of one major unit at scale 1 when set (a round one: a film's seek bar labels
    /// whole seconds, not twentieths of its length); `R / N` otherwise. Ticks stay multiples
    /// of the step counted from 0, so a round unit puts every label on a round value.
    public let majorUnit: Double?

    /// Validates and builds an axis; throws instead of building one that would yield NaN.
    public init(
        min: Double, max: Double, isInfinite: Bool = false,
        numberOfUnits: Int = SliderConstants.defaultNumberOfUnits,
        minScale: Double = SliderConstants.defaultMinScale,
        maxScale: Double = SliderConstants.defaultMaxScale,
        snapStep: Double? = nil,
        majorUnit: Double? = nil
    ) throws(SliderConfigurationError) {
        guard min.isFinite, max.isFinite else { throw .nonFiniteBound }
        let magnitude = Swift.max(abs(min), abs(max))
        guard magnitude <= SliderConstants.maxMagnitude else { throw .boundTooLarge }
        guard min != max else { throw .emptyRange }
        let range = abs(max - min)
        guard range >= Double.leastNormalMagnitude,
              range >= magnitude * SliderConstants.minRelativeRange else { throw .rangeTooNarrow }
        guard (1...SliderConstants.maxNumberOfUnits).contains(numberOfUnits) else { throw .invalidNumberOfUnits }
        guard minScale.isFinite, maxScale.isFinite, minScale > 0, minScale <= maxScale else {
            throw .invalidScaleRange
        }
        if let step = snapStep {
            guard step.isFinite, step > 0, step <= range else { throw .invalidSnapStep }
        }
        if let unit = majorUnit {
            guard unit.isFinite, unit > 0, range / unit <= Double(SliderConstants.maxNumberOfUnits) else {
                throw .invalidMajorUnit
            }
        }
        self.min = min
        self.max = max
        self.isInfinite = isInfinite
        self.numberOfUnits = numberOfUnits
        self.minScale = minScale
        self.maxScale = maxScale
        self.snapStep = snapStep
        self.majorUnit = majorUnit
    }

    /// `R = |max − min|`, also the period of an infinite axis.
    public var range: Double { abs(max - min) }
    /// +1 when values grow left→right (`max > min`), −1 for a reversed range.
    public var direction: Double { max > min ? 1 : -1 }
    /// The smaller bound.
    public var lowerBound: Double { Swift.min(min, max) }
    /// The larger bound.
    public var upperBound: Double { Swift.max(min, max) }

    /// True when `value` lies past a bound of a finite axis (an overscroll).
    public func isOutOfBounds(_ value: Double) -> Bool {
        !isInfinite && (value < lowerBound || value > upperBound)
    }

    /// `value` limited to `[lowerBound, upperBound]`.
    public func clamp(_ value: Double) throws(SliderInputError) -> Double {
        try requireFinite(value, "value")
        return Swift.min(Swift.max(value, lowerBound), upperBound)
    }

    /// `value` brought into one period: `min + t · (max − min)` with `t ∈ [0, 1)`, so `max`
    /// itself becomes `min` ("max joins min"). Uses the exact floating remainder, so
    /// 3610° on a 0–360 axis gives exactly 10°.
    public func wrap(_ value: Double) throws(SliderInputError) -> Double {
        try requireFinite(value, "value")
        let offset = (value - min) * direction
        var remainder = offset.truncatingRemainder(dividingBy: range)
        if remainder < 0 { remainder += range }
        if remainder >= range { remainder = 0 }  // −tiny + range can round up to range
        return min + direction * remainder
    }

    /// On an infinite axis, `value` less whole periods: its floating remainder by the range,
    /// so `|result| < R` and the point on the ring is the same. A finite axis returns `value`.
    ///
    /// The precise-slider thesis shifts the ruler's offset by whole spans. The remainder is
    /// exact, so the shift adds no rounding; and because values stay within a period of 0
    /// they keep every digit however many turns the ruler makes (10.3° after 10¹² turns is
    /// still 10.3°, not 10.300018°, and its ticks still have indices a double can count).
    public func shiftedByWholePeriods(_ value: Double) throws(SliderInputError) -> Double {
        try requireFinite(value, "value")
        guard isInfinite else { return value }
        return value.truncatingRemainder(dividingBy: range) + 0  // + 0 turns −0 into 0
    }

    /// `value` moved to the nearest `min + n · snapStep` (unchanged without a step). On a
    /// finite axis `n` stays within the range, so an off-grid `max` snaps to the last grid
    /// point below it rather than to a value no step reaches. Infinite axes are not
    /// wrapped here, so a glide can aim at an unwrapped target.
    public func snap(_ value: Double) throws(SliderInputError) -> Double {
        try requireFinite(value, "value")
        guard let step = snapStep else { return value }
        var count = roundHalfUp((value - min) * direction / step)
        if !isInfinite {
            let last = (range / step + SliderConstants.tickBoundTolerance).rounded(.down)
            count = Swift.min(Swift.max(count, 0), last)
        }
        return try checkedResult(min + direction * count * step)
    }

    /// The value the outside world sees: clamped (finite) or wrapped (infinite), then snapped.
    public func publicValue(_ value: Double) throws(SliderInputError) -> Double {
        if isInfinite { return try wrap(snap(wrap(value))) }
        return try snap(clamp(value))
    }

    /// Where a released ruler comes to rest: the public value on a finite axis; on an
    /// infinite one the snapped but *unwrapped* value, so an animation never jumps a period.
    public func restingValue(_ value: Double) throws(SliderInputError) -> Double {
        isInfinite ? try snap(value) : try publicValue(value)
    }

    /// `scale` limited to `[minScale, maxScale]`.
    public func clampScale(_ scale: Double) throws(SliderInputError) -> Double {
        try requirePositive(scale, "scale")
        return Swift.min(Swift.max(scale, minScale), maxScale)
    }

    /// Pixels per value unit, `ppv = span · s / R` (always positive; see `direction`).
    public func pixelsPerValue(scale: Double, viewport: AxisViewport) throws(SliderInputError) -> Double {
        try requirePositive(scale, "scale")
        let ppv = viewport.span * scale / range
        guard ppv.isFinite, ppv > 0 else { throw .outOfRange }
        return ppv
    }

    /// Screen offset of value `of` from the pointer line when the pointer is at `value`:
    /// `(u − v) · direction · ppv` px, positive to the right (down).
    public func screenOffset(of target: Double, value: Double, scale: Double, viewport: AxisViewport)
        throws(SliderInputError) -> Double
    {
        try requireFinite(target, "target")
        try requireFinite(value, "value")
        let ppv = try pixelsPerValue(scale: scale, viewport: viewport)
        return try checkedResult((target - value) * direction * ppv)
    }

    /// The value drawn `offset` px from the pointer line (inverse of `screenOffset`).
    public func value(atScreenOffset offset: Double, value: Double, scale: Double, viewport: AxisViewport)
        throws(SliderInputError) -> Double
    {
        try requireFinite(offset, "offset")
        try requireFinite(value, "value")
        let ppv = try pixelsPerValue(scale: scale, viewport: viewport)
        return try checkedResult(value + direction * offset / ppv)
    }
}
