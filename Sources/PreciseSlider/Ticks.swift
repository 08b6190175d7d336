/// A zoom split into its power of 5 and the remainder: `s = scaleBase · truncScale` with
/// `scaleBase = 5^floor(log5 s)` and `truncScale ∈ [1, 5)`.
///
/// The base is found by multiplying or dividing by 5 and comparing, never with `log`,
/// because `log(125) / log(5)` is 2.9999999999999996 in doubles and would put s = 125 in
/// the wrong decade; the comparison allows `SliderConstants.scaleTolerance` of slack.
public struct ScaleDecomposition: Sendable, Equatable {
    /// `5^floor(log5 s)`: 0.2, 1, 5, 25, 125, …
    public let scaleBase: Double
    /// `s / scaleBase`, in `[1, 5)`.
    public let truncScale: Double

    /// Decomposes a finite positive scale.
    public init(scale: Double) throws(SliderInputError) {
        try requirePositive(scale, "scale")
        let reach = scale * (1 + SliderConstants.scaleTolerance)
        var base = 1.0
        if scale >= 1 {
            while base * 5 <= reach { base *= 5 }
        } else {
            while base > reach { base /= 5 }
        }
        scaleBase = base
        // Slack can put s a hair below its base; the ruler treats that as exactly 1.
        truncScale = Swift.max(1, scale / base)
    }

    /// Height of a minor tick relative to a major one: `min(1, (truncScale − 1) / 3)`.
    /// Minor ticks grow from nothing at each power of 5 to full height at truncScale 4.
    public var minorTickHeight: Double { Swift.min(1, (truncScale - 1) / 3) }
}

/// One tick of the ruler as it should be drawn now.
public struct Tick: Sendable, Equatable {
    /// `k`: the tick sits at `k · step`, counted from 0 (not from `min`).
    public let index: Int
    /// The axis value at the tick, unwrapped (it sets the position).
    public let value: Double
    /// The value the tick stands for: `value` wrapped into one period on an infinite axis.
    public let displayValue: Double
    /// Offset from the pointer line (px), positive right (down on a vertical axis).
    public let x: Double
    /// Height relative to a major tick, in `[0, 1]`.
    public let heightRatio: Double
    /// Every 5th tick (`k % 5 == 0`).
    public let isMajor: Bool
    /// The formatted label, or nil when this tick is not labelled.
    public let label: String?
}

extension SliderAxis {
    /// The minor tick step at `scale`: `R / (5 N · scaleBase)`.
    public func minorStep(scale: Double) throws(SliderInputError) -> Double {
        let base = try ScaleDecomposition(scale: scale).scaleBase
        return try checkedResult(range / (Double(SliderConstants.ticksPerMajor * numberOfUnits) * base))
    }

    /// The ticks visible when the pointer is at `value` and the zoom is `scale`, computed
    /// from scratch (no state carried between frames, so nothing can drift).
    ///
    /// Every `k` from `ceil((v − W/2ppv) / step)` to `floor((v + W/2ppv) / step)`, in
    /// increasing value. A finite axis drops ticks outside `[min, max]`; an infinite one
    /// keeps them and labels them modulo the period. Majors are always labelled, minors
    /// once `truncScale` passes `viewport.labelAllAbove`; `showLabels: false` (an idle
    /// plane axis) labels none.
    public func visibleTicks(
        value: Double, scale: Double, viewport: AxisViewport,
        format: LabelFormat = .number, language: SliderLanguage = .czech, showLabels: Bool = true
    ) throws(SliderInputError) -> [Tick] {
        try requireFinite(value, "value")
        let ppv = try pixelsPerValue(scale: scale, viewport: viewport)
        let decomposition = try ScaleDecomposition(scale: scale)
        let step = try minorStep(scale: scale)
        let halfWidth = viewport.length / (2 * ppv)
        let first = ((value - halfWidth) / step).rounded(.up)
        let last = ((value + halfWidth) / step).rounded(.down)
        guard first.isFinite, last.isFinite, abs(first) <= 0x1p53, abs(last) <= 0x1p53 else {
            throw .outOfRange
        }
        guard last - first < Double(SliderConstants.maxVisibleTicks) else { throw .tooManyTicks }
        guard first <= last else { return [] }

        let labelAll = decomposition.truncScale > viewport.labelAllAbove
        let labelStep = labelAll ? step : step * Double(SliderConstants.ticksPerMajor)
        let slack = step * SliderConstants.tickBoundTolerance
        var ticks: [Tick] = []
        for k in Int(first)...Int(last) {
            let tickValue = Double(k) * step + 0  // + 0 turns −0 into 0, so no "−0" label
            if !isInfinite && (tickValue < lowerBound - slack || tickValue > upperBound + slack) { continue }
            let shown = isInfinite ? try wrappedTickValue(tickValue, slack: slack) : tickValue
            let isMajor = k % SliderConstants.ticksPerMajor == 0
            let label = showLabels && (isMajor || labelAll)
                ? try formatLabel(shown, step: labelStep, format: format, language: language) : nil
            ticks.append(Tick(
                index: k, value: tickValue, displayValue: shown,
                x: (tickValue - value) * direction * ppv,
                heightRatio: isMajor ? 1 : decomposition.minorTickHeight,
                isMajor: isMajor, label: label))
        }
        return ticks
    }

    /// Wraps a tick value, treating a hair below the period's end as its start, so the
    /// tick at 100 · 3.6 = 359.99999999999994 on a hue axis reads 0, not 360.
    private func wrappedTickValue(_ value: Double, slack: Double) throws(SliderInputError) -> Double {
        let wrapped = try wrap(value)
        return (wrapped - min) * direction > range - slack ? min : wrapped
    }
}
