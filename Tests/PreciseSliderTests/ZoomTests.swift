import PreciseSlider
import Testing

@Suite struct ZoomTests {
    let phone = Fixtures.phone

    @Test func theScaleIsTheStartScaleTimesThePinchFactor() throws {
        let zoomed = try Fixtures.percent.zoom(from: AxisPosition(value: 50, scale: 2), factor: 1.5, anchor: 0, viewport: phone)
        #expect(zoomed.scale == 3)
    }

    @Test func theScaleIsClampedToTheAxisLimits() throws {
        let axis = Fixtures.percent
        #expect(try axis.zoom(from: AxisPosition(value: 50, scale: 800), factor: 3, anchor: 0, viewport: phone).scale == 1000)
        #expect(try axis.zoom(from: AxisPosition(value: 50, scale: 1), factor: 0.1, anchor: 0, viewport: phone).scale == 0.5)
    }

    @Test(arguments: [Fixtures.percent, Fixtures.reversed, Fixtures.hue])
    func theValueUnderTheFingersStaysPut(axis: SliderAxis) throws {
        let start = AxisPosition(value: 37, scale: 1.7)
        for anchor in [-180.0, -35, 0, 12.5, 150] {
            for factor in [0.6, 1.3, 4, 25] {
                let before = try axis.value(atScreenOffset: anchor, value: start.value, scale: start.scale, viewport: phone)
                let zoomed = try axis.zoom(from: start, factor: factor, anchor: anchor, viewport: phone)
                let after = try axis.value(atScreenOffset: anchor, value: zoomed.value, scale: zoomed.scale, viewport: phone)
                #expect(isClose(after, before))
            }
        }
    }

    @Test func zoomingAboutThePointerKeepsTheValue() throws {
        let zoomed = try Fixtures.percent.zoom(from: AxisPosition(value: 42.42, scale: 1), factor: 7, anchor: 0, viewport: phone)
        #expect(zoomed.value == 42.42)
    }

    @Test func fingersThatMoveWhilePinchingCarryTheirValueAlong() throws {
        let axis = Fixtures.percent
        let start = AxisPosition(value: 50, scale: 2)
        let grabbed = try axis.value(atScreenOffset: 40, value: 50, scale: 2, viewport: phone)
        let zoomed = try axis.zoom(from: start, factor: 1.5, anchor: 40, currentAnchor: -20, viewport: phone)
        let underFingers = try axis.value(atScreenOffset: -20, value: zoomed.value, scale: zoomed.scale, viewport: phone)
        #expect(isClose(underFingers, grabbed))
    }

    @Test func zoomingInAndBackOutAboutTheSamePointReturnsToTheStart() throws {
        let axis = Fixtures.reversed
        let start = AxisPosition(value: 61.8, scale: 1.3)
        let zoomedIn = try axis.zoom(from: start, factor: 3, anchor: 77, viewport: phone)
        let back = try axis.zoom(from: zoomedIn, factor: 1.0 / 3, anchor: 77, viewport: phone)
        #expect(isClose(back.value, start.value) && isClose(back.scale, start.scale))
    }

    @Test(arguments: [0.0, -2, Double.nan, .infinity])
    func aFactorThatIsNotPositiveAndFiniteIsRefused(factor: Double) {
        #expect(throws: SliderInputError.self) {
            try Fixtures.percent.zoom(from: AxisPosition(value: 50, scale: 1), factor: factor, anchor: 0, viewport: phone)
        }
    }
}
