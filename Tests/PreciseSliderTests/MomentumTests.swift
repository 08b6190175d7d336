import PreciseSlider
import Testing

@Suite struct VelocityEstimatorTests {
    func samples(_ pairs: [(Double, Double)]) -> [PointerSample] {
        pairs.map { PointerSample(time: $0.0, position: $0.1) }
    }

    @Test func aSteadyFingerGivesItsSpeed() throws {
        let steady = samples((0...6).map { (step: Int) -> (Double, Double) in (Double(step) * 0.016, Double(step) * 16) })
        #expect(isClose(try estimateVelocity(steady), 1000))
    }

    @Test func onlyTheLastHundredMillisecondsCount() throws {
        let turned = samples([(0, 500), (0.05, 400), (0.3, 0), (0.35, 25), (0.4, 50)])
        #expect(isClose(try estimateVelocity(turned), 500))
    }

    @Test func aFingerThatStoppedBeforeLiftingGivesZero() throws {
        #expect(try estimateVelocity(samples([(0, 0), (0.05, 50), (0.2, 100), (0.25, 100), (0.3, 100)])) == 0)
    }

    @Test func fewerThanTwoSamplesOrNoTimeSpreadGiveZero() throws {
        #expect(try estimateVelocity([]) == 0)
        #expect(try estimateVelocity(samples([(1, 10)])) == 0)
        #expect(try estimateVelocity(samples([(1, 10), (1, 20)])) == 0)
    }

    @Test func leastSquaresAveragesJitter() throws {
        let jittery = samples([(10.0, 100), (10.02, 121), (10.04, 139), (10.06, 162), (10.08, 178)])
        let velocity = try estimateVelocity(jittery)
        #expect(velocity > 950 && velocity < 1020)
    }

    @Test func largeTimestampsLoseNoPrecision() throws {
        let late = samples((0...6).map { (step: Int) -> (Double, Double) in (1.7e9 + Double(step) * 0.015625, Double(step) * -12.5) })
        #expect(isClose(try estimateVelocity(late), -800, 1e-6))
    }
}

@Suite struct ReleaseDecisionTests {
    let axis = Fixtures.percent
    let phone = Fixtures.phone  // 7.8 px per unit at s = 1

    @Test func theGlideDistanceIsVelocityTimesDurationOverThree() throws {
        #expect(isClose(try projectedTravel(velocity: 600, duration: 0.5), 100))
        #expect(isClose(try projectedTravel(velocity: -900, duration: 1), -300))
    }

    @Test func aReleaseProjectedToTravelAtMostTwentyPixelsDoesNothing() throws {
        #expect(try axis.releaseAnimation(value: 50, velocity: 50, scale: 1, viewport: phone) == SliderAnimation.none)
        // 120 px/s · 0.5 s / 3 = 20 px exactly: still nothing.
        #expect(try axis.releaseAnimation(value: 50, velocity: -120, scale: 1, viewport: phone) == SliderAnimation.none)
    }

    @Test func aFlingGlidesAgainstTheFingerWithAnEaseOutOfHalfASecond() throws {
        let animation = try axis.releaseAnimation(value: 50, velocity: 600, scale: 1, viewport: phone)
        guard case .easeOut(let glide) = animation else { Issue.record("expected a glide, got \(animation)"); return }
        #expect(glide.duration == 0.5)
        #expect(isClose(glide.to, 50 - 100 / 7.8))  // the finger moved right: the values below come in
    }

    @Test func theGlideLeavesAtTheReleaseSpeed() throws {
        let animation = try axis.releaseAnimation(value: 50, velocity: -600, scale: 1, viewport: phone)
        guard case .easeOut(let glide) = animation else { Issue.record("expected a glide"); return }
        let dt = 1e-6
        let pixelsPerSecond = (try glide.value(at: dt) - glide.value(at: 0)) / dt * 7.8
        #expect(isClose(pixelsPerSecond, 600, 1e-4))  // the ruler keeps the finger's 600 px/s
    }

    @Test func onAPlaneTheGlideLastsOneSecond() throws {
        let animation = try axis.releaseAnimation(value: 50, velocity: 900, scale: 1, viewport: Fixtures.planeX)
        guard case .easeOut(let glide) = animation else { Issue.record("expected a glide"); return }
        #expect(glide.duration == 1)
        #expect(isClose(glide.to, 25))  // 300 px at 12 px per unit
    }

    @Test func aGlideThatWouldCrossABoundBecomesABouncySpringToIt() throws {
        let animation = try axis.releaseAnimation(value: 5, velocity: 600, scale: 1, viewport: phone)
        guard case .spring(let spring) = animation else { Issue.record("expected a spring"); return }
        #expect(spring.to == 0)
        #expect(spring.dampingRatio == 0.75)
        #expect(isClose(spring.initialVelocity, -600 / 7.8))  // continues at the release speed
        #expect(spring.duration > 0)
    }

    @Test func anOverscrollSpringsBackCriticallyDampedIgnoringTheFling() throws {
        for (value, bound) in [(-2.0, 0.0), (103, 100)] {
            let animation = try axis.releaseAnimation(value: value, velocity: 800, scale: 1, viewport: phone)
            guard case .spring(let spring) = animation else { Issue.record("expected a spring"); continue }
            #expect(spring.to == bound && spring.from == value)
            #expect(spring.dampingRatio == 1 && spring.initialVelocity == 0)
        }
    }

    @Test func anInfiniteAxisNeverSpringsAndAimsPastThePeriod() throws {
        let animation = try Fixtures.hue.releaseAnimation(value: 350, velocity: -3000, scale: 1, viewport: phone)
        guard case .easeOut(let glide) = animation else { Issue.record("expected a glide"); return }
        #expect(glide.to > 360)  // unwrapped, so the glide does not jump back a period
    }

    @Test func withSnappingEvenASlowReleaseSettlesOnTheGrid() throws {
        let snapping = try SliderAxis(min: 0, max: 10, snapStep: 3)
        let settle = try snapping.releaseAnimation(value: 4.4, velocity: 0, scale: 1, viewport: phone)
        #expect(settle == .easeOut(EaseOutAnimation(from: 4.4, to: 3, duration: 0.5)))
        let onGrid = try snapping.releaseAnimation(value: 6, velocity: 0, scale: 1, viewport: phone)
        #expect(onGrid == SliderAnimation.none)
    }
}

@Suite struct InterpolationTests {
    @Test func theEaseOutCurveRunsFromZeroToOneAndIsClamped() throws {
        #expect(try easeOut(0) == 0 && easeOut(1) == 1)
        #expect(try easeOut(-1) == 0 && easeOut(2) == 1)
        #expect(try easeOut(0.5) == 0.875)
        let values = try stride(from: 0.0, through: 1, by: 0.05).map { try easeOut($0) }
        #expect(zip(values, values.dropFirst()).allSatisfy { $0 < $1 })
    }

    @Test(arguments: [0.5, 0.75, 1, 1.5])
    func aSpringStartsWhereItWasReleasedAtTheGivenSpeed(damping: Double) throws {
        #expect(try springDisplacement(initial: 3, velocity: -7, dampingRatio: damping, response: 0.5, time: 0) == 3)
        let dt = 1e-7
        let slope = (try springDisplacement(initial: 3, velocity: -7, dampingRatio: damping, response: 0.5, time: dt) - 3) / dt
        #expect(isClose(slope, -7, 1e-4))
    }

    @Test func aCriticallyDampedSpringFromRestNeverCrossesItsTarget() throws {
        for t in stride(from: 0.0, through: 3, by: 0.01) {
            #expect(try springDisplacement(initial: -2, velocity: 0, dampingRatio: 1, response: 0.5, time: t) <= 0)
        }
    }

    @Test func anUnderDampedSpringOvershoots() throws {
        let path = try stride(from: 0.0, through: 2, by: 0.01).map {
            try springDisplacement(initial: -2, velocity: 0, dampingRatio: 0.75, response: 0.5, time: $0)
        }
        #expect(path.contains { $0 > 0 })
    }

    @Test(arguments: [0.75, 1, 1.5])
    func afterItsSettleTimeASpringStaysWithinTolerance(damping: Double) throws {
        let settle = try springSettleTime(initial: 10, velocity: -50, dampingRatio: damping, response: 0.5, tolerance: 0.01)
        #expect(settle > 0 && settle < SliderConstants.maxSpringDuration)
        for step in 0...200 {
            let t = settle + Double(step) * 0.01
            let x = try springDisplacement(initial: 10, velocity: -50, dampingRatio: damping, response: 0.5, time: t)
            #expect(abs(x) <= 0.01 + 1e-12)
        }
    }

    @Test func animationsEndExactlyOnTheirTarget() throws {
        let spring = try Fixtures.percent.releaseAnimation(value: -2, velocity: 0, scale: 1, viewport: Fixtures.phone)
        #expect(try spring.value(at: 0) == -2)
        #expect(try spring.value(at: spring.duration) == 0)
        #expect(try SliderAnimation.none.value(at: 0) == nil)
        #expect(SliderAnimation.none.duration == 0)
    }

    @Test func theLastFrameOfASpringJumpsLessThanHalfAPixel() throws {
        let animation = try Fixtures.percent.releaseAnimation(value: 5, velocity: 600, scale: 1, viewport: Fixtures.phone)
        guard case .spring(let spring) = animation else { Issue.record("expected a spring"); return }
        let justBefore = try spring.value(at: spring.duration - 1e-9)
        #expect(abs(justBefore - spring.to) * 7.8 <= 0.5)
    }
}
