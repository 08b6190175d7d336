import PreciseSlider
import Testing

@Suite struct RubberBandTests {
    let sweep: [Double] = [1e-9, 1e-3, 0.1, 0.5, 1, 2, 5, 10, 50, 100, 390, 1000, 1e6]

    @Test func noFingerPastTheBoundShowsNoOvershoot() throws {
        #expect(try rubberBand(0) == 0)
    }

    @Test func theBandStartsAtTheFingersSpeed() throws {
        // f'(0) = 1: the first pixel past the bound still moves about a pixel, no jolt.
        #expect(isClose(try rubberBand(1e-6) / 1e-6, 1, 1e-5))
    }

    @Test func knownValues() throws {
        #expect(try rubberBand(2) == 1)  // √2.25 − ½
        #expect(isClose(try rubberBand(100), 100.25.squareRoot() - 0.5))
    }

    @Test func theOvershootGrowsWithTheFinger() throws {
        let shown = try sweep.map { try rubberBand($0) }
        #expect(zip(shown, shown.dropFirst()).allSatisfy { $0 < $1 })
    }

    @Test func theOvershootIsAlwaysLessThanTheFingerDistance() throws {
        for x in sweep { #expect(try rubberBand(x) < x) }
    }

    @Test func theBandIsSymmetricAboutZero() throws {
        for x in sweep { #expect(try rubberBand(-x) == -(try rubberBand(x))) }
    }

    @Test func theInverseUndoesTheBand() throws {
        for x in sweep + sweep.map({ -$0 }) { #expect(isClose(try rubberBandInverse(rubberBand(x)), x, 1e-9)) }
    }

    @Test func draggingPastTheLowerBoundShowsTheBandInPixels() throws {
        let axis = Fixtures.percent
        // From 50 at s = 1 (7.8 px per unit) the finger reaches 0 after 390 px; 110 px more is past it.
        let value = try axis.dragValue(from: 50, by: 500, scale: 1, viewport: Fixtures.phone)
        #expect(isClose(try axis.overscroll(value: value, scale: 1, viewport: Fixtures.phone), -(try rubberBand(110))))
        #expect(try axis.publicValue(value) == 0)
    }

    @Test func theBandFeelsTheSameAtEveryZoom() throws {
        let axis = Fixtures.percent
        for scale in [1.0, 10, 100] {
            let ppv = try axis.pixelsPerValue(scale: scale, viewport: Fixtures.phone)
            let value = try axis.dragValue(from: 100, by: -40, scale: scale, viewport: Fixtures.phone)
            #expect(isClose((value - 100) * ppv, try rubberBand(40)))
        }
    }

    @Test func draggingPastTheEndOfAReversedRangeIsBandedToo() throws {
        let axis = Fixtures.reversed
        let value = try axis.dragValue(from: 50, by: 500, scale: 1, viewport: Fixtures.phone)
        #expect(value > 100)
        #expect(isClose(try axis.overscroll(value: value, scale: 1, viewport: Fixtures.phone), try rubberBand(110)))
    }

    @Test func aDragStartingInAnOverscrollDoesNotJump() throws {
        let axis = Fixtures.percent
        let start = 101.0  // 7.8 px shown past 100, caught mid spring-back
        #expect(try axis.dragValue(from: start, by: 0, scale: 1, viewport: Fixtures.phone) == start)
        let nudged = try axis.dragValue(from: start, by: 0.01, scale: 1, viewport: Fixtures.phone)
        #expect(nudged < start && start - nudged < 0.01)
    }

    @Test func anInfiniteAxisHasNoBand() throws {
        let value = try Fixtures.hue.dragValue(from: 350, by: -2000, scale: 1, viewport: Fixtures.phone)
        // 923° further is 2 turns and 203°, which come off as whole periods.
        #expect(isClose(value, 350 + 2000 / (780.0 / 360) - 720 - 360))
        #expect(try Fixtures.hue.overscroll(value: value, scale: 1, viewport: Fixtures.phone) == 0)
    }

    @Test func overscrollIsSignedByTheBoundPassed() throws {
        let axis = Fixtures.percent
        #expect(isClose(try axis.overscroll(value: 101, scale: 1, viewport: Fixtures.phone), 7.8))
        #expect(isClose(try axis.overscroll(value: -1, scale: 1, viewport: Fixtures.phone), -7.8))
        #expect(try axis.overscroll(value: 50, scale: 1, viewport: Fixtures.phone) == 0)
    }
}
