import PreciseSlider
import Testing

/// No NaN or infinity gets in, and none comes out: every entry point refuses them.
@Suite struct InputRejectionTests {
    let axis = Fixtures.percent
    let phone = Fixtures.phone

    @Test(arguments: [Double.nan, .infinity, -.infinity])
    func valueFunctionsRefuseNonFiniteValues(bad: Double) {
        #expect(throws: SliderInputError.notFinite(parameter: "value")) { try axis.clamp(bad) }
        #expect(throws: SliderInputError.notFinite(parameter: "value")) { try axis.wrap(bad) }
        #expect(throws: SliderInputError.notFinite(parameter: "value")) { try axis.snap(bad) }
        #expect(throws: SliderInputError.notFinite(parameter: "value")) { try axis.publicValue(bad) }
        #expect(throws: SliderInputError.notFinite(parameter: "value")) { try axis.restingValue(bad) }
        #expect(throws: SliderInputError.notFinite(parameter: "value")) { try axis.visibleTicks(value: bad, scale: 1, viewport: phone) }
        #expect(throws: SliderInputError.notFinite(parameter: "value")) { try axis.overscroll(value: bad, scale: 1, viewport: phone) }
        #expect(throws: SliderInputError.notFinite(parameter: "value")) { try axis.tileOrigins(value: bad, scale: 1, viewport: phone) }
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity, 0, -1])
    func scalesMustBePositiveAndFinite(bad: Double) {
        #expect(throws: SliderInputError.self) { try axis.pixelsPerValue(scale: bad, viewport: phone) }
        #expect(throws: SliderInputError.self) { try ScaleDecomposition(scale: bad) }
        #expect(throws: SliderInputError.self) { try axis.clampScale(bad) }
        #expect(throws: SliderInputError.self) { try axis.tileCount(scale: bad) }
        #expect(throws: SliderInputError.self) { try axis.minorStep(scale: bad) }
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity])
    func gesturesRefuseNonFiniteArguments(bad: Double) {
        #expect(throws: SliderInputError.notFinite(parameter: "dx")) { try axis.dragValue(from: 50, by: bad, scale: 1, viewport: phone) }
        #expect(throws: SliderInputError.notFinite(parameter: "start")) { try axis.dragValue(from: bad, by: 1, scale: 1, viewport: phone) }
        #expect(throws: SliderInputError.notFinite(parameter: "velocity")) {
            try axis.releaseAnimation(value: 50, velocity: bad, scale: 1, viewport: phone)
        }
        #expect(throws: SliderInputError.notFinite(parameter: "value")) {
            try axis.zoom(from: AxisPosition(value: bad, scale: 1), factor: 2)
        }
        #expect(throws: SliderInputError.notFinite(parameter: "position")) {
            try estimateVelocity([PointerSample(time: 0, position: bad)])
        }
        #expect(throws: SliderInputError.notFinite(parameter: "x")) {
            try pinchFactors(start: TouchPair(PlanePoint(x: bad, y: 0), PlanePoint(x: 1, y: 1)),
                             current: TouchPair(PlanePoint(x: 0, y: 0), PlanePoint(x: 1, y: 1)))
        }
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity])
    func mathsAndLabelsRefuseNonFiniteArguments(bad: Double) {
        #expect(throws: SliderInputError.notFinite(parameter: "x")) { try rubberBand(bad) }
        #expect(throws: SliderInputError.notFinite(parameter: "y")) { try rubberBandInverse(bad) }
        #expect(throws: SliderInputError.notFinite(parameter: "progress")) { try easeOut(bad) }
        #expect(throws: SliderInputError.notFinite(parameter: "time")) {
            try springDisplacement(initial: 1, velocity: 0, dampingRatio: 1, response: 0.5, time: bad)
        }
        #expect(throws: SliderInputError.notFinite(parameter: "value")) { try formatLabel(bad, step: 1, format: .number, language: .czech) }
        #expect(throws: SliderInputError.self) { try formatLabel(1, step: bad, format: .number, language: .czech) }
        #expect(throws: SliderInputError.self) { try labelDecimals(step: bad) }
        #expect(throws: SliderInputError.notFinite(parameter: "unixSeconds")) { try CivilDateTime(unixSeconds: bad) }
    }

    @Test func finiteArgumentsThatWouldOverflowAreRefused() throws {
        let wide = try SliderAxis(min: 0, max: 1e15, minScale: 1e-300, maxScale: 1)
        #expect(throws: SliderInputError.outOfRange) {
            try wide.dragValue(from: 0, by: 1.7e308, scale: 1e-300, viewport: phone)
        }
        #expect(throws: SliderInputError.outOfRange) { try projectedTravel(velocity: 1.7e308, duration: 3) }
    }

    @Test func everyInputErrorNamesItsProblem() {
        let all: [SliderInputError] = [.notFinite(parameter: "dx"), .notPositive(parameter: "scale"), .outOfRange, .tooManyTicks]
        #expect(SliderInputError.notFinite(parameter: "dx").message == "dx must be a finite number.")
        #expect(Set(all.map(\.code)).count == all.count)
    }
}
