import Foundation

/// The cubic ease-out `e(p) = 1 − (1 − p)³` for progress `p` (clamped to `[0, 1]`).
///
/// Its slope at the start is 3, which is why a glide of duration `T` that must leave at
/// the finger's speed `u` travels `u · T / 3` (see `projectedTravel`).
public func easeOut(_ progress: Double) throws(SliderInputError) -> Double {
    try requireFinite(progress, "progress")
    let rest = 1 - Swift.min(Swift.max(progress, 0), 1)
    return 1 - rest * rest * rest
}

/// Displacement from its target, after `time` s, of a damped spring released at
/// displacement `initial` with velocity `velocity` (units/s).
///
/// The spring has undamped angular frequency `ω = 2π / response` and damping ratio
/// `dampingRatio` (ζ): under-damped (ζ < 1) oscillates, critically damped (ζ = 1) returns
/// fastest without crossing (unless thrown across), over-damped (ζ > 1) creeps.
public func springDisplacement(
    initial: Double, velocity: Double, dampingRatio: Double, response: Double, time: Double
) throws(SliderInputError) -> Double {
    try requireFinite(initial, "initial")
    try requireFinite(velocity, "velocity")
    try requirePositive(dampingRatio, "dampingRatio")
    try requirePositive(response, "response")
    try requireFinite(time, "time")
    let t = Swift.max(time, 0)
    let omega = 2 * Double.pi / response
    let zeta = dampingRatio
    if zeta < 1 {
        let damped = omega * (1 - zeta * zeta).squareRoot()
        let b = (velocity + zeta * omega * initial) / damped
        return try checkedResult(exp(-zeta * omega * t) * (initial * cos(damped * t) + b * sin(damped * t)))
    }
    if zeta == 1 {
        return try checkedResult(exp(-omega * t) * (initial + (velocity + omega * initial) * t))
    }
    let spread = omega * (zeta * zeta - 1).squareRoot()
    let slow = -zeta * omega + spread
    let fast = -zeta * omega - spread
    let fastPart = (velocity - slow * initial) / (fast - slow)
    return try checkedResult((initial - fastPart) * exp(slow * t) + fastPart * exp(fast * t))
}

/// The time (s) after which the spring stays within `tolerance` of its target, capped at
/// `SliderConstants.maxSpringDuration`.
///
/// Found by bisection on an envelope that bounds |displacement| and decreases after its
/// peak; closed forms exist for ζ ≠ 1 but one method for all three regimes is simpler
/// to mirror exactly in JavaScript.
public func springSettleTime(
    initial: Double, velocity: Double, dampingRatio: Double, response: Double, tolerance: Double
) throws(SliderInputError) -> Double {
    try requireFinite(initial, "initial")
    try requireFinite(velocity, "velocity")
    try requirePositive(dampingRatio, "dampingRatio")
    try requirePositive(response, "response")
    try requirePositive(tolerance, "tolerance")
    let omega = 2 * Double.pi / response
    let zeta = dampingRatio
    let x0 = abs(initial)
    let envelope: (Double) -> Double
    var peak = 0.0
    if zeta < 1 {
        let damped = omega * (1 - zeta * zeta).squareRoot()
        let b = (velocity + zeta * omega * initial) / damped
        let amplitude = (initial * initial + b * b).squareRoot()
        envelope = { t in amplitude * exp(-zeta * omega * t) }
    } else if zeta == 1 {
        let b = abs(velocity + omega * initial)
        envelope = { t in (x0 + b * t) * exp(-omega * t) }
        if b > 0 { peak = Swift.max(0, 1 / omega - x0 / b) }  // where (x0 + b t) e^(−ωt) peaks
    } else {
        let spread = omega * (zeta * zeta - 1).squareRoot()
        let slow = -zeta * omega + spread
        let fast = -zeta * omega - spread
        let fastPart = (velocity - slow * initial) / (fast - slow)
        let sum = abs(initial - fastPart) + abs(fastPart)
        envelope = { t in sum * exp(slow * t) }
    }
    if envelope(peak) <= tolerance { return 0 }
    var low = peak
    var high = SliderConstants.maxSpringDuration
    if envelope(high) > tolerance { return high }
    for _ in 0..<60 {
        let middle = (low + high) / 2
        if envelope(middle) > tolerance { low = middle } else { high = middle }
    }
    return high
}

/// A glide along the ease-out curve from `from` to `to` over `duration` s.
public struct EaseOutAnimation: Sendable, Equatable {
    /// Start value.
    public let from: Double
    /// End value.
    public let to: Double
    /// Length (s).
    public let duration: Double

    /// A glide from `from` to `to` over `duration` s.
    public init(from: Double, to: Double, duration: Double) {
        self.from = from
        self.to = to
        self.duration = duration
    }

    /// The value at `time` s after the start (`to` from `duration` on).
    public func value(at time: Double) throws(SliderInputError) -> Double {
        try requireFinite(time, "time")
        if time >= duration { return to }
        return from + (to - from) * (try easeOut(time / duration))
    }
}

/// A damped spring from `from` to `to`, starting with `initialVelocity` (value units/s).
public struct SpringAnimation: Sendable, Equatable {
    /// Start value.
    public let from: Double
    /// Rest value.
    public let to: Double
    /// Velocity at the start (value units per second).
    public let initialVelocity: Double
    /// Damping ratio ζ.
    public let dampingRatio: Double
    /// Undamped period (s).
    public let response: Double
    /// Time until settled within `SliderConstants.springSettleDistance` px (s).
    public let duration: Double

    /// A spring with every parameter given; `releaseAnimation` computes `duration` itself.
    public init(from: Double, to: Double, initialVelocity: Double, dampingRatio: Double, response: Double, duration: Double) {
        self.from = from
        self.to = to
        self.initialVelocity = initialVelocity
        self.dampingRatio = dampingRatio
        self.response = response
        self.duration = duration
    }

    /// The value at `time` s after the start (`to` from `duration` on).
    public func value(at time: Double) throws(SliderInputError) -> Double {
        try requireFinite(time, "time")
        if time >= duration { return to }
        return to + (try springDisplacement(
            initial: from - to, velocity: initialVelocity,
            dampingRatio: dampingRatio, response: response, time: time))
    }
}

/// What the widget animates after a release. The model decides; the widget only
/// interpolates with `value(at:)`, so Swift and JavaScript move identically.
public enum SliderAnimation: Sendable, Equatable {
    /// Nothing to do: the ruler stays where the finger left it.
    case none
    /// Glide with the ease-out curve.
    case easeOut(EaseOutAnimation)
    /// Spring to a bound or back from an overscroll.
    case spring(SpringAnimation)

    /// Total length (s); 0 for `.none`.
    public var duration: Double {
        switch self {
        case .none: 0
        case .easeOut(let glide): glide.duration
        case .spring(let spring): spring.duration
        }
    }

    /// The value at `time`, or nil for `.none`.
    public func value(at time: Double) throws(SliderInputError) -> Double? {
        switch self {
        case .none: nil
        case .easeOut(let glide): try glide.value(at: time)
        case .spring(let spring): try spring.value(at: time)
        }
    }
}
