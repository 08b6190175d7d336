extension SliderAxis {
    /// Like `validate(_:format:)`, but a number beyond the axis's bounds is refused with
    /// `.outOfRange` instead of clamped: for fields where a typed 150 % is more likely a slip
    /// than a wish for 100 %, so the person is told rather than silently corrected.
    /// An infinite axis has no bounds and wraps as usual.
    public func validateWithinBounds(_ text: String, format: LabelFormat = .number) -> Result<Double, SliderValueError> {
        guard !isInfinite else { return validate(text, format: format) }
        let trimmed = trimSpaces(text)
        return parse(trimmed, format: format).flatMap { value in
            guard (lowerBound...upperBound).contains(value) else {
                return .failure(.outOfRange(echo(trimmed), lower: lowerBound, upper: upperBound))
            }
            return validate(trimmed, format: format)
        }
    }
}
