extension SliderAxis {
    /// The position after zooming by `factor` since the gesture started at `start`:
    /// `s = clamp(s0 · factor, minScale, maxScale)`, and the value that was `anchor` px from
    /// the pointer line at the start is `currentAnchor` px from it now.
    ///
    /// With `currentAnchor == anchor` (the default) the value under the fingers, or under
    /// the mouse for a wheel zoom, stays put. When the fingers also move, passing where
    /// their midpoint is now pans and zooms in one step, as a map does. Always computed
    /// from the gesture's start, never frame on frame, so rounding cannot accumulate.
    public func zoom(
        from start: AxisPosition, factor: Double, anchor: Double, currentAnchor: Double? = nil,
        viewport: AxisViewport
    ) throws(SliderInputError) -> AxisPosition {
        try requireFinite(start.value, "value")
        try requirePositive(factor, "factor")
        try requireFinite(anchor, "anchor")
        let anchorNow = try requireFinite(currentAnchor ?? anchor, "currentAnchor")
        let startPPV = try pixelsPerValue(scale: start.scale, viewport: viewport)
        let scale = try clampScale(try checkedResult(start.scale * factor))
        let ppv = try pixelsPerValue(scale: scale, viewport: viewport)
        let anchored = try checkedResult(start.value + direction * anchor / startPPV)
        return AxisPosition(value: try checkedResult(anchored - direction * anchorNow / ppv), scale: scale)
    }
}
