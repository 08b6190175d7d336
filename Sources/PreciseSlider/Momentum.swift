/// One pointer position along an axis (px) at a time (s).
public struct PointerSample: Sendable, Equatable {
    /// Seconds, any origin (e.g. `event.timeStamp / 1000`).
    public let time: Double
    /// Pixels along the axis.
    public let position: Double

    /// A sample at `time` s and `position` px.
    public init(time: Double, position: Double) {
        self.time = time
        self.position = position
    }
}

/// The release velocity (px/s): the least-squares slope of position over time through the
/// samples of the last `window` s before the newest one.
///
/// Least squares rather than first/last so one jittery event does not decide the fling.
/// Include the release event itself as the newest sample: a finger that stopped before
/// lifting then yields ~0. Fewer than two samples in the window, or no time spread, give 0.
public func estimateVelocity(_ samples: [PointerSample], window: Double = SliderConstants.velocityWindow)
    throws(SliderInputError) -> Double
{
    try requirePositive(window, "window")
    for sample in samples {
        try requireFinite(sample.time, "time")
        try requireFinite(sample.position, "position")
    }
    guard let newest = samples.last else { return 0 }
    // Times relative to the newest sample keep large timestamps from eating precision.
    let recent = samples.map { (t: $0.time - newest.time, x: $0.position) }.filter { $0.t >= -window && $0.t <= 0 }
    guard recent.count >= 2 else { return 0 }
    var sumT = 0.0
    var sumX = 0.0
    for sample in recent {
        sumT += sample.t
        sumX += sample.x
    }
    let meanT = sumT / Double(recent.count)
    let meanX = sumX / Double(recent.count)
    var covariance = 0.0
    var variance = 0.0
    for sample in recent {
        covariance += (sample.t - meanT) * (sample.x - meanX)
        variance += (sample.t - meanT) * (sample.t - meanT)
    }
    guard variance > 0 else { return 0 }
    return try checkedResult(covariance / variance)
}

/// How far (px) a release at `velocity` px/s glides in an ease-out of `duration` s:
/// `velocity · duration / 3`.
///
/// Chosen over Apple's `v · d / (1 − d)` (d = 0.998/ms) because the cubic ease-out leaves
/// at 3 · distance / duration, so this distance makes the glide start at exactly the
/// finger's speed: no jolt at release. 1000 px/s glides 167 px on the slider (0.5 s).
public func projectedTravel(velocity: Double, duration: Double) throws(SliderInputError) -> Double {
    try requireFinite(velocity, "velocity")
    try requirePositive(duration, "duration")
    return try checkedResult(velocity * duration / 3)
}

extension SliderAxis {
    /// The animation to run when the finger lifts with `velocity` px/s (positive rightward
    /// or downward) and the ruler shows `value` at `scale`. In order:
    ///
    /// 1. Overscrolled (finite axis, value past a bound): critically damped spring
    ///    (ζ = 1) back to the bound, from rest — the band pulls, the fling is dropped.
    /// 2. The projected glide would cross a bound: spring with ζ = 0.75 to the bound,
    ///    starting at the release speed, so it bumps softly into the end.
    /// 3. Projected travel ≤ 20 px: `.none`, unless snapping moves the value, then a glide
    ///    to the snapped value.
    /// 4. Otherwise an ease-out glide to the projected (snapped) target.
    ///
    /// On an infinite axis the animation starts from `value` less its whole periods
    /// (`shiftedByWholePeriods`, the same point of the ring), and its target stays unwrapped
    /// relative to that start so the glide never jumps a period; wrap the value with
    /// `publicValue` once the animation ends.
    public func releaseAnimation(value released: Double, velocity: Double, scale: Double, viewport: AxisViewport)
        throws(SliderInputError) -> SliderAnimation
    {
        let value = try shiftedByWholePeriods(released)
        try requireFinite(velocity, "velocity")
        let ppv = try pixelsPerValue(scale: scale, viewport: viewport)
        let tolerance = SliderConstants.springSettleDistance / ppv

        if isOutOfBounds(value) {
            return .spring(try spring(from: value, to: publicValue(value), velocity: 0,
                                      damping: SliderConstants.overscrollSpringDamping, tolerance: tolerance))
        }
        let travel = try projectedTravel(velocity: velocity, duration: viewport.easeOutDuration)
        let projected = try checkedResult(value - direction * travel / ppv)
        if isOutOfBounds(projected) {
            let valueVelocity = -direction * velocity / ppv  // the ruler moves against the value
            return .spring(try spring(from: value, to: publicValue(projected), velocity: valueVelocity,
                                      damping: SliderConstants.boundSpringDamping, tolerance: tolerance))
        }
        let target = abs(travel) <= SliderConstants.restingTravel ? try restingValue(value) : try restingValue(projected)
        if target == value { return .none }
        return .easeOut(EaseOutAnimation(from: value, to: target, duration: viewport.easeOutDuration))
    }

    private func spring(from: Double, to: Double, velocity: Double, damping: Double, tolerance: Double)
        throws(SliderInputError) -> SpringAnimation
    {
        let duration = try springSettleTime(
            initial: from - to, velocity: velocity, dampingRatio: damping,
            response: SliderConstants.springResponse, tolerance: tolerance)
        return SpringAnimation(from: from, to: to, initialVelocity: velocity, dampingRatio: damping,
                               response: SliderConstants.springResponse, duration: duration)
    }
}
