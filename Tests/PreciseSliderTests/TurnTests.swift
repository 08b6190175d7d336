import PreciseSlider
import Testing

/// An infinite axis loses whole periods as it turns (the precise-slider thesis shifts the
/// offset by whole spans), so no number of turns costs a digit.
@Suite struct TurnTests {
    let hue = Fixtures.hue
    /// 360 px for 360° at scale 1: a turn is a whole number of pixels.
    let degreePerPixel = try! AxisViewport.slider(length: 180)

    @Test(arguments: [1e9, 1e12])
    func dragsOfWholeTurnsBringTheValueBackExactly(turns: Double) throws {
        for direction in [-1.0, 1] {
            let value = try hue.dragValue(from: 10.3, by: direction * turns * 360, scale: 1, viewport: degreePerPixel)
            #expect(value == 10.3)
            #expect(try hue.publicValue(value) == 10.3)
        }
        let past = try hue.dragValue(from: 10.3, by: -turns * 360 - 20, scale: 1, viewport: degreePerPixel)
        #expect(try hue.publicValue(past) == 30.3)
    }

    @Test func aHundredThousandTurnsOneByOneLeaveTheValueWhereItWas() throws {
        var value = 10.3
        for _ in 0..<100_000 { value = try hue.dragValue(from: value, by: -360, scale: 1, viewport: degreePerPixel) }
        #expect(value == 10.3)
    }

    @Test func valuesStayWithinOnePeriodOfZero() throws {
        var random = SeededGenerator(seed: 7)
        var value = 350.0
        for _ in 0..<10_000 {
            value = try hue.dragValue(from: value, by: Double.random(in: -5000...5000, using: &random), scale: 0.5,
                                      viewport: Fixtures.phone)
            #expect(abs(value) < 360)
        }
    }

    @Test(arguments: [1e9, 1e12])
    func ticksAfterManyTurnsAreTheTicksOfTheSamePoint(turns: Double) throws {
        let far = try hue.visibleTicks(value: turns * 360 + 10, scale: 1000, viewport: Fixtures.phone, format: .degrees)
        let near = try hue.visibleTicks(value: 10, scale: 1000, viewport: Fixtures.phone, format: .degrees)
        #expect(!far.isEmpty && far == near)
    }

    @Test func tilesAfterManyTurnsAreTheTilesOfTheSamePoint() throws {
        let far = try hue.tileOrigins(value: 360e12 + 10, scale: 0.3, viewport: Fixtures.planeX)
        #expect(far == (try hue.tileOrigins(value: 10, scale: 0.3, viewport: Fixtures.planeX)))
    }

    @Test func aFlingFarOutGlidesFromTheSamePointOfTheRing() throws {
        let far = try hue.releaseAnimation(value: 360e12 + 350, velocity: -3000, scale: 1, viewport: Fixtures.phone)
        let near = try hue.releaseAnimation(value: 350, velocity: -3000, scale: 1, viewport: Fixtures.phone)
        #expect(far == near)
    }

    @Test func wholePeriodsComeOffExactlyAndAFiniteAxisKeepsItsValue() throws {
        #expect(try hue.shiftedByWholePeriods(360e12 + 10) == 10)
        #expect(try hue.shiftedByWholePeriods(-360e12 - 10) == -10)
        #expect(try hue.shiftedByWholePeriods(-360).sign == .plus)
        #expect(try Fixtures.percent.shiftedByWholePeriods(1e12) == 1e12)
    }
}
