/// Where both axes of a plane stand.
public struct PlanePosition: Sendable, Equatable {
    /// The horizontal axis.
    public var x: AxisPosition
    /// The vertical axis.
    public var y: AxisPosition

    /// A position from its two axes.
    public init(x: AxisPosition, y: AxisPosition) {
        self.x = x
        self.y = y
    }
}

/// Names one of the plane's axes.
public enum PlaneAxis: String, Sendable, CaseIterable {
    /// Horizontal (the bottom ruler).
    case x
    /// Vertical (the right ruler).
    case y
}

/// The 2D precise slider: a picture moved under a fixed "+" crosshair, with an x ruler
/// at the bottom and a y ruler at the right. Every gesture is computed from the position
/// at its start, like the 1D axis.
///
/// On the y axis "left→right" reads "top→bottom": `min` is at the top, so picture
/// coordinates (0 at the top) need no reversal.
public struct Plane: Sendable, Equatable {
    /// The horizontal axis.
    public let x: SliderAxis
    /// The vertical axis.
    public let y: SliderAxis
    /// The widget's and content's pixels.
    public let geometry: PlaneGeometry

    /// A plane from its axes and geometry (each already validated).
    public init(x: SliderAxis, y: SliderAxis, geometry: PlaneGeometry) {
        self.x = x
        self.y = y
        self.geometry = geometry
    }

    /// The axis named `id`.
    public func axis(_ id: PlaneAxis) -> SliderAxis { id == .x ? x : y }
    /// The viewport of the axis named `id`.
    public func viewport(_ id: PlaneAxis) -> AxisViewport { id == .x ? geometry.xViewport : geometry.yViewport }

    /// Dragging the picture by `translation` px moves both axes, each 1:1 with the finger
    /// and each with its own rubber band.
    public func dragContent(from start: PlanePosition, by translation: PlanePoint) throws(SliderInputError) -> PlanePosition {
        var position = start
        position.x.value = try x.dragValue(from: start.x.value, by: translation.x, scale: start.x.scale,
                                           viewport: geometry.xViewport)
        position.y.value = try y.dragValue(from: start.y.value, by: translation.y, scale: start.y.scale,
                                           viewport: geometry.yViewport)
        return position
    }

    /// A pinch on the picture: each axis zooms by the fingers' spread along it
    /// (`pinchFactors`) about the crosshair. The point under the crosshair stays, wherever
    /// the fingers are and however they move: spreading changes the scale, only dragging
    /// changes the value.
    public func pinchContent(from start: PlanePosition, startTouches: TouchPair, currentTouches: TouchPair)
        throws(SliderInputError) -> PlanePosition
    {
        let factors = try pinchFactors(start: startTouches, current: currentTouches)
        return PlanePosition(x: try x.zoom(from: start.x, factor: factors.x),
                             y: try y.zoom(from: start.y, factor: factors.y))
    }

    /// Dragging a ruler by `distance` px along it changes only that axis.
    public func dragAxis(_ id: PlaneAxis, from start: PlanePosition, by distance: Double)
        throws(SliderInputError) -> PlanePosition
    {
        var position = start
        let current = id == .x ? start.x : start.y
        let value = try axis(id).dragValue(from: current.value, by: distance, scale: current.scale, viewport: viewport(id))
        if id == .x { position.x.value = value } else { position.y.value = value }
        return position
    }

    /// Zooming a ruler (a pinch along it, or the wheel over it) changes only that axis's
    /// scale; its value stays under the crosshair.
    public func zoomAxis(_ id: PlaneAxis, from start: PlanePosition, factor: Double)
        throws(SliderInputError) -> PlanePosition
    {
        var position = start
        let zoomed = try axis(id).zoom(from: id == .x ? start.x : start.y, factor: factor)
        if id == .x { position.x = zoomed } else { position.y = zoomed }
        return position
    }

    /// The animation of each axis after a release with `velocity` px/s (x right, y down).
    /// After a ruler gesture pass 0 for the other axis: it then gets `.none` (or its
    /// spring back, if it was left overscrolled).
    public func releaseAnimations(at position: PlanePosition, velocity: PlanePoint)
        throws(SliderInputError) -> (x: SliderAnimation, y: SliderAnimation)
    {
        (x: try x.releaseAnimation(value: position.x.value, velocity: velocity.x, scale: position.x.scale,
                                   viewport: geometry.xViewport),
         y: try y.releaseAnimation(value: position.y.value, velocity: velocity.y, scale: position.y.scale,
                                   viewport: geometry.yViewport))
    }
}
