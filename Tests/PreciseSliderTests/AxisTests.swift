import PreciseSlider
import Testing

@Suite struct AxisConstructionTests {
    @Test func defaultsAreTwentyUnitsAndScalesFromHalfToAThousand() throws {
        let axis = try SliderAxis(min: 0, max: 1)
        #expect(axis.numberOfUnits == 20)
        #expect(axis.minScale == 0.5)
        #expect(axis.maxScale == 1000)
        #expect(axis.snapStep == nil)
        #expect(!axis.isInfinite)
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity])
    func nonFiniteBoundsAreRejected(bad: Double) {
        #expect(throws: SliderConfigurationError.nonFiniteBound) { try SliderAxis(min: bad, max: 1) }
        #expect(throws: SliderConfigurationError.nonFiniteBound) { try SliderAxis(min: 0, max: bad) }
    }

    @Test func anEmptyRangeIsRejected() {
        #expect(throws: SliderConfigurationError.emptyRange) { try SliderAxis(min: 5, max: 5) }
    }

    @Test func boundsBeyondTenToTheFifteenthAreRejected() {
        #expect(throws: SliderConfigurationError.boundTooLarge) { try SliderAxis(min: -2e15, max: 0) }
    }

    @Test func aRangeTooNarrowForItsMagnitudeIsRejected() throws {
        #expect(throws: SliderConfigurationError.rangeTooNarrow) { try SliderAxis(min: 1e12, max: 1e12 + 1e-3) }
        _ = try SliderAxis(min: 0, max: 1e-6)  // tiny but near 0 is fine
    }

    @Test func numberOfUnitsMustBeFromOneToAThousand() throws {
        #expect(throws: SliderConfigurationError.invalidNumberOfUnits) { try SliderAxis(min: 0, max: 1, numberOfUnits: 0) }
        #expect(throws: SliderConfigurationError.invalidNumberOfUnits) { try SliderAxis(min: 0, max: 1, numberOfUnits: 1001) }
        _ = try SliderAxis(min: 0, max: 1, numberOfUnits: 1)
    }

    @Test(arguments: [(0.0, 1.0), (-1, 1), (2, 1), (1, .infinity), (.nan, 1)] as [(Double, Double)])
    func scaleLimitsMustBePositiveFiniteAndOrdered(limits: (Double, Double)) {
        #expect(throws: SliderConfigurationError.invalidScaleRange) {
            try SliderAxis(min: 0, max: 1, minScale: limits.0, maxScale: limits.1)
        }
    }

    @Test(arguments: [0.0, -1, .nan, .infinity, 10.5])
    func snapStepMustBePositiveFiniteAndWithinTheRange(step: Double) {
        #expect(throws: SliderConfigurationError.invalidSnapStep) { try SliderAxis(min: 0, max: 10, snapStep: step) }
    }

    @Test(arguments: [0.0, -390, .nan, .infinity])
    func viewportsMustHaveAPositiveFiniteLength(length: Double) {
        #expect(throws: SliderConfigurationError.invalidViewport) { try AxisViewport.slider(length: length) }
        #expect(throws: SliderConfigurationError.invalidViewport) { try AxisViewport.plane(length: length, content: 100) }
        #expect(throws: SliderConfigurationError.invalidViewport) { try AxisViewport.plane(length: 100, content: length) }
    }

    @Test func everyConfigurationErrorExplainsItself() {
        let all: [SliderConfigurationError] = [.nonFiniteBound, .boundTooLarge, .emptyRange, .rangeTooNarrow,
                                               .invalidNumberOfUnits, .invalidScaleRange, .invalidSnapStep, .invalidViewport]
        #expect(Set(all.map(\.code)).count == all.count)
        #expect(all.allSatisfy { !$0.message.isEmpty })
    }
}

@Suite struct AxisMappingTests {
    let axis = Fixtures.percent
    let phone = Fixtures.phone

    @Test func aReversedRangeHasDirectionMinusOneAndTheSameBounds() {
        let reversed = Fixtures.reversed
        #expect(reversed.direction == -1)
        #expect(reversed.range == 100)
        #expect(reversed.lowerBound == 0 && reversed.upperBound == 100)
        #expect(axis.direction == 1)
    }

    @Test func onASliderTheRangeSpansTwiceTheViewportAtScaleOne() throws {
        #expect(phone.span == 780)
        #expect(try axis.pixelsPerValue(scale: 1, viewport: phone) == 7.8)  // 2 · 390 · 1 / 100
        #expect(isClose(try axis.pixelsPerValue(scale: 2, viewport: phone), 15.6))
    }

    @Test func onAPlaneTheRangeSpansTheContentAtScaleOne() throws {
        #expect(try axis.pixelsPerValue(scale: 1, viewport: Fixtures.planeX) == 12)  // 1200 · 1 / 100
        #expect(try axis.pixelsPerValue(scale: 3, viewport: Fixtures.planeX) == 36)
    }

    @Test func valuesAboveThePointerAreDrawnToTheRight() throws {
        #expect(isClose(try axis.screenOffset(of: 60, value: 50, scale: 2, viewport: phone), 156))
        #expect(isClose(try axis.screenOffset(of: 40, value: 50, scale: 2, viewport: phone), -156))
    }

    @Test func onAReversedRangeValuesAboveThePointerAreDrawnToTheLeft() throws {
        let reversed = Fixtures.reversed
        #expect(isClose(try reversed.screenOffset(of: 60, value: 50, scale: 2, viewport: phone), -156))
        // min (100) is still the left end: at the pointer's far left when v = 50, s = 1.
        #expect(isClose(try reversed.screenOffset(of: 100, value: 50, scale: 1, viewport: phone), -390))
    }

    @Test(arguments: [Fixtures.percent, Fixtures.reversed])
    func valueAtAnOffsetInvertsScreenOffset(axis: SliderAxis) throws {
        for offset in [-195.0, -13.7, 0, 42, 195] {
            let value = try axis.value(atScreenOffset: offset, value: 31.4, scale: 7.3, viewport: phone)
            #expect(isClose(try axis.screenOffset(of: value, value: 31.4, scale: 7.3, viewport: phone), offset))
        }
    }

    @Test(arguments: [Fixtures.percent, Fixtures.reversed])
    func aDragKeepsTheValueUnderTheFinger(axis: SliderAxis) throws {
        let fingerStart = 37.0
        let grabbed = try axis.value(atScreenOffset: fingerStart, value: 50, scale: 3, viewport: phone)
        let moved = try axis.dragValue(from: 50, by: 25, scale: 3, viewport: phone)
        let underFinger = try axis.value(atScreenOffset: fingerStart + 25, value: moved, scale: 3, viewport: phone)
        #expect(isClose(underFinger, grabbed))
    }

    @Test func clampingKeepsValuesWithinTheBounds() throws {
        #expect(try axis.clamp(-10) == 0)
        #expect(try axis.clamp(130) == 100)
        #expect(try axis.clamp(42) == 42)
        #expect(try Fixtures.reversed.clamp(130) == 100)
    }

    @Test func aFiniteAxisKnowsWhenAValueIsOutOfBounds() {
        #expect(axis.isOutOfBounds(-0.001))
        #expect(axis.isOutOfBounds(100.001))
        #expect(!axis.isOutOfBounds(100))
        #expect(!Fixtures.hue.isOutOfBounds(1e6))
    }
}

@Suite struct WrapAndSnapTests {
    let hue = Fixtures.hue

    @Test(arguments: [(3610.0, 10.0), (-10, 350), (360, 0), (720, 0), (-725.5, 354.5), (36_000_010, 10), (0, 0)])
    func infiniteValuesWrapIntoOnePeriod(value: Double, expected: Double) throws {
        #expect(isClose(try hue.wrap(value), expected))
        #expect(isClose(try hue.publicValue(value), expected))
    }

    @Test func wrappingAcrossAMillionPeriodsIsExact() throws {
        #expect(try hue.wrap(360e6 + 10) == 10)  // the floating remainder is exact
    }

    @Test func onAReversedInfiniteAxisMaxJoinsMin() throws {
        let reversedHue = try SliderAxis(min: 360, max: 0, isInfinite: true)
        #expect(try reversedHue.wrap(0) == 360)
        #expect(try reversedHue.wrap(3610) == 10)
        #expect(try reversedHue.wrap(-10) == 350)
    }

    @Test func snappingCountsStepsFromMin() throws {
        let odd = try SliderAxis(min: 1, max: 11, snapStep: 2)
        #expect(try odd.publicValue(4.2) == 5)
        #expect(try odd.publicValue(3.9) == 3)
    }

    @Test func snappingNeverLeavesTheRangeForAnOffGridMax() throws {
        let axis = try SliderAxis(min: 0, max: 10, snapStep: 3)
        #expect(try axis.publicValue(10) == 9)
        #expect(try axis.publicValue(12) == 9)
        #expect(try axis.publicValue(-1) == 0)
    }

    @Test func halvesSnapUpwardsEvenBelowZero() throws {
        let axis = try SliderAxis(min: -10, max: 10, snapStep: 1)
        #expect(try axis.publicValue(-2.5) == -2)  // the same in JavaScript, unlike Swift's rounded()
        #expect(try axis.publicValue(2.5) == 3)
    }

    @Test func snappingOnAnInfiniteAxisWrapsTheEndOfThePeriodToItsStart() throws {
        let axis = try SliderAxis(min: 0, max: 360, isInfinite: true, snapStep: 15)
        #expect(try axis.publicValue(359.9) == 0)
        #expect(try axis.publicValue(727) == 0)
        #expect(try axis.restingValue(727) == 720)  // unwrapped, for animations
    }

    @Test func withoutAStepValuesAreOnlyClampedOrWrapped() throws {
        #expect(try Fixtures.percent.publicValue(50.123) == 50.123)
        #expect(try Fixtures.percent.snap(150) == 150)
    }
}
