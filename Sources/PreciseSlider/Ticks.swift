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
    /// A bound of a finite axis: the tick sits exactly on `min` or `max` and is drawn at full
    /// height, so the ruler visibly ends where the range does.
    public let isEnd: Bool
    /// The formatted label, or nil when this tick is not labelled.
    public let label: String?
}

extension SliderAxis {
    /// The minor tick step at `scale`: `R / (5 N · scaleBase)`.
    public func minorStep(scale: Double) throws(SliderInputError) -> Double {
        let base = try ScaleDecomposition(scale: scale).scaleBase
        if let unit = majorUnit { return try checkedResult(unit / (Double(SliderConstants.ticksPerMajor) * base)) }
        return try checkedResult(range / (Double(SliderConstants.ticksPerMajor * numberOfUnits) * base))
    }

    /// The ticks visible when the pointer is at `value` and the zoom is `scale`, computed
    /// from scratch (no state carried between frames, so nothing can drift).
    ///
    /// Every `k` from `ceil((v − W/2ppv) / step)` to `floor((v + W/2ppv) / step)`, in
    /// increasing value. A finite axis drops ticks outside `[min, max]`; an infinite one
    /// keeps them and labels them modulo the period, after taking the whole periods out of
    /// `value` (`shiftedByWholePeriods`), so the indices stay countable after any number of
    /// turns. Majors are always labelled, minors once `truncScale` passes
    /// `viewport.labelAllAbove`; `showLabels: false` (an idle plane axis) labels none.
    ///
    /// A bound of a finite axis in view always has its tick, exactly on it and marked
    /// `isEnd`: the grid tick within `tickBoundTolerance` of the bound is moved onto it, and a
    /// bound off the grid gets a tick of its own (unlabelled, so it never crowds its
    /// neighbour's label), indexed as the grid tick just outside the range would be.
    public func visibleTicks(
        value: Double, scale: Double, viewport: AxisViewport,
        format: LabelFormat = .number, language: SliderLanguage = .czech, showLabels: Bool = true
    ) throws(SliderInputError) -> [Tick] {
        let value = try shiftedByWholePeriods(value)
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

        let labelAll = decomposition.truncScale > viewport.labelAllAbove
        let labelStep = labelAll ? step : step * Double(SliderConstants.ticksPerMajor)
        let slack = step * SliderConstants.tickBoundTolerance
        var ticks: [Tick] = []
        for k in stride(from: Int(first), through: Int(last), by: 1) {
            var tickValue = Double(k) * step + 0  // + 0 turns −0 into 0, so no "−0" label
            var isEnd = false
            if !isInfinite {
                if tickValue < lowerBound - slack || tickValue > upperBound + slack { continue }
                if abs(tickValue - lowerBound) <= slack || abs(tickValue - upperBound) <= slack {
                    tickValue = abs(tickValue - lowerBound) <= slack ? lowerBound : upperBound
                    isEnd = true
                }
            }
            let shown = isInfinite ? try wrappedTickValue(tickValue, slack: slack) : tickValue
            let isMajor = k % SliderConstants.ticksPerMajor == 0
            let label = showLabels && (isMajor || labelAll)
                ? try formatLabel(shown, step: labelStep, format: format, language: language) : nil
            ticks.append(Tick(
                index: k, value: tickValue, displayValue: shown,
                x: (tickValue - value) * direction * ppv,
                heightRatio: isMajor || isEnd ? 1 : decomposition.minorTickHeight,
                isMajor: isMajor, isEnd: isEnd, label: label))
        }
        guard !isInfinite else { return ticks }
        let inView = { (bound: Double) in bound >= value - halfWidth && bound <= value + halfWidth }
        if inView(lowerBound), ticks.first?.value != lowerBound {
            let outside = ((lowerBound - slack) / step).rounded(.up) - 1
            ticks.insert(offGridEnd(lowerBound, index: outside, value: value, ppv: ppv), at: 0)
        }
        if inView(upperBound), ticks.last?.value != upperBound {
            let outside = ((upperBound + slack) / step).rounded(.down) + 1
            ticks.append(offGridEnd(upperBound, index: outside, value: value, ppv: ppv))
        }
        return ticks
    }

    /// The tick of a bound that no grid tick reaches.
    private func offGridEnd(_ bound: Double, index: Double, value: Double, ppv: Double) -> Tick {
        Tick(index: Int(index), value: bound, displayValue: bound, x: (bound - value) * direction * ppv,
             heightRatio: 1, isMajor: false, isEnd: true, label: nil)
    }

    /// Wraps a tick value, treating a hair below the period's end as its start, so the
    /// tick at 100 · 3.6 = 359.99999999999994 on a hue axis reads 0, not 360.
    private func wrappedTickValue(_ value: Double, slack: Double) throws(SliderInputError) -> Double {
        let wrapped = try wrap(value)
        return (wrapped - min) * direction > range - slack ? min : wrapped
    }
}
