/// The rubber band: a finger `x` px past a bound shows the ruler only
/// `f(x) = √(|x| + ¼) − ½` px past it (sign kept).
///
/// Measured in pixels, not values, so it feels the same at every zoom. `f(0) = 0`,
/// `f'(0) = 1` (no jolt where the band starts), `f` grows without limit but ever more
/// slowly (100 px of finger shows 9.5 px), and `f(x) < x` for every `x > 0`.
public func rubberBand(_ x: Double) throws(SliderInputError) -> Double {
    try requireFinite(x, "x")
    let shown = (abs(x) + 0.25).squareRoot() - 0.5
    return x < 0 ? -shown : shown
}

/// The finger distance that shows `y` px of overshoot: `f⁻¹(y) = y² + y` (sign kept).
public func rubberBandInverse(_ y: Double) throws(SliderInputError) -> Double {
    try requireFinite(y, "y")
    let magnitude = abs(y)
    return try checkedResult(y < 0 ? -(magnitude * magnitude + magnitude) : magnitude * magnitude + magnitude)
}

extension SliderAxis {
    /// How far (px) `value` is drawn past a bound: positive past the upper bound, negative
    /// past the lower one, 0 inside the range or on an infinite axis.
    public func overscroll(value: Double, scale: Double, viewport: AxisViewport) throws(SliderInputError) -> Double {
        try requireFinite(value, "value")
        let ppv = try pixelsPerValue(scale: scale, viewport: viewport)
        if isInfinite { return 0 }
        if value > upperBound { return try checkedResult((value - upperBound) * ppv) }
        if value < lowerBound { return try checkedResult((value - lowerBound) * ppv) }
        return 0
    }

    /// The value shown after dragging the ruler `dx` px from gesture-start value `start`:
    /// `v = v0 − direction · dx / ppv`, so the ruler follows the finger 1:1, with the
    /// rubber band applied past a bound of a finite axis.
    ///
    /// A drag that starts while the ruler is already overscrolled (caught mid spring-back)
    /// first converts the shown overshoot back to finger distance with `f⁻¹`, so the ruler
    /// does not jump when the finger lands.
    ///
    /// On an infinite axis the start and the travel each lose their whole periods before they
    /// are added, and so does the sum (`shiftedByWholePeriods`): the value stays within one
    /// period of 0, so no number of turns costs a digit.
    public func dragValue(from start: Double, by dx: Double, scale: Double, viewport: AxisViewport)
        throws(SliderInputError) -> Double
    {
        try requireFinite(start, "start")
        try requireFinite(dx, "dx")
        let ppv = try pixelsPerValue(scale: scale, viewport: viewport)
        if isInfinite {
            let travel = try checkedResult(direction * dx / ppv)
            return try shiftedByWholePeriods(shiftedByWholePeriods(start) - shiftedByWholePeriods(travel))
        }
        let shownPast = try overscroll(value: start, scale: scale, viewport: viewport)
        let bound = shownPast > 0 ? upperBound : lowerBound
        let fingerStart = shownPast == 0 ? start : bound + (try rubberBandInverse(shownPast)) / ppv
        let raw = try checkedResult(fingerStart - direction * dx / ppv)
        if raw > upperBound { return upperBound + (try rubberBand((raw - upperBound) * ppv)) / ppv }
        if raw < lowerBound { return lowerBound + (try rubberBand((raw - lowerBound) * ppv)) / ppv }
        return raw
    }
}
