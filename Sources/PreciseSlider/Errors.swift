/// Why an axis, viewport or plane could not be built. Thrown by initialisers, so a
/// slider that exists is always usable: no later call has to cope with an empty range.
public enum SliderConfigurationError: Error, Equatable, Sendable {
    /// `min` or `max` is NaN or infinite.
    case nonFiniteBound
    /// A bound is beyond ±`SliderConstants.maxMagnitude`.
    case boundTooLarge
    /// `min == max`: there is nothing to slide over.
    case emptyRange
    /// The range is too narrow relative to its bounds for doubles to resolve it.
    case rangeTooNarrow
    /// `numberOfUnits` is not in `1...SliderConstants.maxNumberOfUnits`.
    case invalidNumberOfUnits
    /// The scales are not finite, not positive, or `minScale > maxScale`.
    case invalidScaleRange
    /// The snapping step is not finite, not positive, or longer than the range.
    case invalidSnapStep
    /// The major unit is not finite, not positive, or so short that the range would hold
    /// more than `SliderConstants.maxNumberOfUnits` of them.
    case invalidMajorUnit
    /// A viewport length or content size is not a finite positive number of pixels.
    case invalidViewport
    /// A film's duration is not a finite number of seconds greater than zero.
    case invalidDuration

    /// A stable identifier, shared with the JavaScript module and the test vectors.
    public var code: String {
        switch self {
        case .nonFiniteBound: "nonFiniteBound"
        case .boundTooLarge: "boundTooLarge"
        case .emptyRange: "emptyRange"
        case .rangeTooNarrow: "rangeTooNarrow"
        case .invalidNumberOfUnits: "invalidNumberOfUnits"
        case .invalidScaleRange: "invalidScaleRange"
        case .invalidSnapStep: "invalidSnapStep"
        case .invalidMajorUnit: "invalidMajorUnit"
        case .invalidViewport: "invalidViewport"
        case .invalidDuration: "invalidDuration"
        }
    }

    /// What the developer configuring the slider should change.
    public var message: String {
        switch self {
        case .nonFiniteBound: "The slider's min and max must be finite numbers."
        case .boundTooLarge: "The slider's min and max must lie within ±1e15."
        case .emptyRange: "The slider's min and max must differ."
        case .rangeTooNarrow: "The slider's range is too narrow for its magnitude; shift the values towards 0."
        case .invalidNumberOfUnits: "numberOfUnits must be a whole number from 1 to 1000."
        case .invalidScaleRange: "minScale and maxScale must be finite, positive, and minScale ≤ maxScale."
        case .invalidSnapStep: "The snapping step must be finite, positive and no longer than the range."
        case .invalidMajorUnit: "majorUnit must be finite, positive, and fit the range at most 1000 times."
        case .invalidViewport: "Viewport and content sizes must be finite and positive (CSS pixels)."
        case .invalidDuration: "A film's duration must be a finite number of seconds greater than zero."
        }
    }
}

/// A gesture or query argument the model refuses, so that no NaN or infinity ever
/// reaches a caller: a bad input is reported where it enters, not frames later.
public enum SliderInputError: Error, Equatable, Sendable {
    /// The named argument is NaN or infinite.
    case notFinite(parameter: String)
    /// The named argument must be greater than zero.
    case notPositive(parameter: String)
    /// Finite arguments whose result would not be finite or representable.
    case outOfRange
    /// More ticks would be visible than `SliderConstants.maxVisibleTicks`.
    case tooManyTicks

    /// A stable identifier, shared with the JavaScript module and the test vectors.
    public var code: String {
        switch self {
        case .notFinite: "notFinite"
        case .notPositive: "notPositive"
        case .outOfRange: "outOfRange"
        case .tooManyTicks: "tooManyTicks"
        }
    }

    /// What went wrong, naming the argument.
    public var message: String {
        switch self {
        case .notFinite(let name): "\(name) must be a finite number."
        case .notPositive(let name): "\(name) must be greater than zero."
        case .outOfRange: "The result would not be a finite number."
        case .tooManyTicks: "Too many ticks would be visible; the content is too small for the viewport."
        }
    }
}

/// Throws unless `value` is finite; returns it so checks read inline.
@discardableResult
func requireFinite(_ value: Double, _ name: String) throws(SliderInputError) -> Double {
    guard value.isFinite else { throw .notFinite(parameter: name) }
    return value
}

/// Throws unless `value` is finite and greater than zero.
@discardableResult
func requirePositive(_ value: Double, _ name: String) throws(SliderInputError) -> Double {
    try requireFinite(value, name)
    guard value > 0 else { throw .notPositive(parameter: name) }
    return value
}

/// Throws `.outOfRange` unless a computed result is finite: finite inputs can still
/// overflow (a huge drag over a tiny pixels-per-value).
func checkedResult(_ value: Double) throws(SliderInputError) -> Double {
    guard value.isFinite else { throw .outOfRange }
    return value
}

/// Half-up rounding, written as `floor(x + 0.5)` because JavaScript's `Math.round` and
/// Swift's `rounded()` disagree on negative halves; both languages use this instead.
func roundHalfUp(_ x: Double) -> Double { (x + 0.5).rounded(.down) }
