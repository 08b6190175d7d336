extension SliderAxis {
    /// The position after zooming by `factor` since the gesture started at `start`:
    /// `s = clamp(s0 · factor, minScale, maxScale)`, and the value exactly as it was.
    ///
    /// The precise-slider thesis keeps the two gestures apart: dragging selects the value,
    /// spreading two fingers changes the scale. So a pinch, the Ctrl/⌘-wheel, a trackpad
    /// pinch, a double tap and the ± keys and buttons all zoom about the fixed pointer (the
    /// crosshair on a plane), wherever the fingers or the mouse are: the selected value stays
    /// under the pointer, bit for bit, and only the ruler's density changes. Computed from
    /// the gesture's start, never frame on frame, so rounding cannot accumulate in the scale.
    public func zoom(from start: AxisPosition, factor: Double) throws(SliderInputError) -> AxisPosition {
        try requireFinite(start.value, "value")
        try requirePositive(factor, "factor")
        return AxisPosition(value: start.value, scale: try clampScale(try checkedResult(start.scale * factor)))
    }
}

/// The zoom factor of a two-finger pinch along one axis: the fingers' spread now over their
/// spread at its start, each spread at least `SliderConstants.minPinchSpread` px so fingers
/// that land almost together do not divide by ~0. Only the spread counts; where the fingers
/// are, or whether they move together, does not (see `SliderAxis.zoom(from:factor:)`).
public func pinchFactor(start: (Double, Double), current: (Double, Double)) throws(SliderInputError) -> Double {
    for finger in [start.0, start.1, current.0, current.1] { try requireFinite(finger, "finger") }
    func spread(_ a: Double, _ b: Double) -> Double { Swift.max(abs(a - b), SliderConstants.minPinchSpread) }
    return spread(current.0, current.1) / spread(start.0, start.1)
}
