import PreciseSlider
import Testing

@Suite struct ZoomTests {
    let phone = Fixtures.phone

    @Test func theScaleIsTheStartScaleTimesThePinchFactor() throws {
        let zoomed = try Fixtures.percent.zoom(from: AxisPosition(value: 50, scale: 2), factor: 1.5)
        #expect(zoomed.scale == 3)
    }

    @Test func theScaleIsClampedToTheAxisLimits() throws {
        let axis = Fixtures.percent
        #expect(try axis.zoom(from: AxisPosition(value: 50, scale: 800), factor: 3).scale == 1000)
        #expect(try axis.zoom(from: AxisPosition(value: 50, scale: 1), factor: 0.1).scale == 0.5)
    }

    @Test(arguments: [Fixtures.percent, Fixtures.reversed, Fixtures.hue])
    func zoomingKeepsTheSelectedValueBitForBit(axis: SliderAxis) throws {
        for value in [37.0, 0.1 + 0.2, 99.999_999, -3.7, 101.5] {
            for factor in [0.6, 1.3, 4, 25] {
                let zoomed = try axis.zoom(from: AxisPosition(value: value, scale: 1.7), factor: factor)
                #expect(zoomed.value.bitPattern == value.bitPattern)
            }
        }
    }

    /// Two fingers anywhere on the ruler, spreading, closing or moving together: the value
    /// under the pointer never moves, only the scale follows the spread.
    @Test(arguments: [Fixtures.percent, Fixtures.reversed, Fixtures.hue, Fixtures.video])
    func randomPinchesNeverMoveTheValue(axis: SliderAxis) throws {
        var random = SeededGenerator(seed: 150)
        for _ in 0..<150 {
            let start = AxisPosition(value: Double.random(in: axis.lowerBound...axis.upperBound, using: &random),
                                     scale: Double.random(in: 0.5...900, using: &random))
            let fingers = (Double.random(in: -195...195, using: &random), Double.random(in: -195...195, using: &random))
            let now = (Double.random(in: -195...195, using: &random), Double.random(in: -195...195, using: &random))
            let factor = try pinchFactor(start: fingers, current: now)
            let zoomed = try axis.zoom(from: start, factor: factor)
            #expect(zoomed.value.bitPattern == start.value.bitPattern)
            #expect(zoomed.scale == (try axis.clampScale(start.scale * factor)))
        }
    }

    @Test func onlyTheFingersSpreadCountsNotWhereTheyAre() throws {
        #expect(try pinchFactor(start: (30, 70), current: (-10, 110)) == 3)
        #expect(try pinchFactor(start: (-180, -140), current: (100, 220)) == 3)
        #expect(try pinchFactor(start: (20, 60), current: (-140, -100)) == 1)  // both fingers slid: no zoom
    }

    @Test func fingersNearlyTogetherCountAsTwentyFourPixelsApart() throws {
        #expect(try pinchFactor(start: (50, 52), current: (10, 106)) == 4)
        #expect(try pinchFactor(start: (0, 100), current: (7, 7)) == 0.24)
    }

    @Test(arguments: [Double.nan, .infinity])
    func aFingerThatIsNotFiniteIsRefused(bad: Double) {
        #expect(throws: SliderInputError.notFinite(parameter: "finger")) { try pinchFactor(start: (0, 100), current: (0, bad)) }
    }

    @Test(arguments: [0.0, -2, Double.nan, .infinity])
    func aFactorThatIsNotPositiveAndFiniteIsRefused(factor: Double) {
        #expect(throws: SliderInputError.self) {
            try Fixtures.percent.zoom(from: AxisPosition(value: 50, scale: 1), factor: factor)
        }
    }
}
