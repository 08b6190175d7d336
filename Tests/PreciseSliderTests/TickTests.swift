import PreciseSlider
import Testing

@Suite struct ScaleDecompositionTests {
    @Test(arguments: [(125.0, 125.0), (5, 5), (0.2, 0.2), (1, 1), (0.04, 0.04), (25, 25), (3125, 3125)])
    func powersOfFiveAreTheirOwnBase(scale: Double, base: Double) throws {
        let parts = try ScaleDecomposition(scale: scale)
        #expect(isClose(parts.scaleBase, base, 1e-15))
        #expect(parts.truncScale == 1)
    }

    @Test func everyPowerOfFiveFromMinusEightToTwelveIsFound() throws {
        var power = 1.0
        for _ in 0...12 {
            #expect(try ScaleDecomposition(scale: power).scaleBase == power)
            #expect(try ScaleDecomposition(scale: power * 3).truncScale == 3)
            power *= 5
        }
        power = 1
        for _ in 0...8 {
            power /= 5
            #expect(try ScaleDecomposition(scale: power).scaleBase == power)
        }
    }

    @Test(arguments: [1.0, 4.99, 7.3, 24.99, 90, 0.3, 0.199, 123.4, 7777])
    func truncScaleLiesInOneToFive(scale: Double) throws {
        let parts = try ScaleDecomposition(scale: scale)
        #expect(parts.truncScale >= 1 && parts.truncScale < 5)
        #expect(isClose(parts.scaleBase * parts.truncScale, scale))
    }

    @Test func aHairBelowAPowerOfFiveCountsAsIt() throws {
        // 125 · (1 − 1e-15) is what arithmetic leaves of 125; it must not read as 25 · 4.999….
        let parts = try ScaleDecomposition(scale: 125 * (1 - 1e-15))
        #expect(parts.scaleBase == 125)
        #expect(parts.truncScale == 1)
    }

    @Test(arguments: [(1.0, 0.0), (2.5, 0.5), (4, 1), (4.9, 1), (1.46, 0.46 / 3)] as [(Double, Double)])
    func minorTicksGrowFromNothingToFullHeightAtFour(trunc: Double, height: Double) throws {
        #expect(isClose(try ScaleDecomposition(scale: trunc).minorTickHeight, height))
    }

    @Test func theMinorStepIsTheRangeOverFiveNTimesTheBase() throws {
        #expect(try Fixtures.percent.minorStep(scale: 1) == 1)  // 100 / (5 · 20 · 1)
        #expect(isClose(try Fixtures.percent.minorStep(scale: 7.3), 0.2))
        #expect(isClose(try Fixtures.video.minorStep(scale: 90), 0.24))  // 600 / (100 · 25)
        #expect(try SliderAxis(min: 0, max: 100, numberOfUnits: 10).minorStep(scale: 1) == 2)
    }
}

@Suite struct WorkedExampleTests {
    let axis = Fixtures.percent
    let phone = Fixtures.phone

    @Test func scaleOneShowsHalfTheRangeWithMajorsEveryFive() throws {
        let ticks = try axis.visibleTicks(value: 50, scale: 1, viewport: phone)
        #expect(ticks.map(\.index) == Array(25...75))
        #expect(ticks.first?.x == -195 && ticks.last?.x == 195)
        #expect(ticks.filter(\.isMajor).compactMap(\.label) == stride(from: 25, through: 75, by: 5).map { (number: Int) in String(number) })
        #expect(ticks.filter { !$0.isMajor }.allSatisfy { $0.heightRatio == 0 && $0.label == nil })
    }

    @Test func scaleTwoShowsAQuarterOfTheRangeWithThirdHeightMinors() throws {
        let ticks = try axis.visibleTicks(value: 50, scale: 2, viewport: phone)
        #expect(ticks.map(\.index) == Array(38...62))  // 50 ± 390 / (2 · 15.6) = 50 ± 12.5
        #expect(ticks.compactMap(\.label) == ["40", "45", "50", "55", "60"])
        #expect(ticks.filter { !$0.isMajor }.allSatisfy { isClose($0.heightRatio, 1.0 / 3) })
    }

    @Test func scaleFiveHandsOverToStepsOfOneFifth() throws {
        let ticks = try axis.visibleTicks(value: 50, scale: 5, viewport: phone)
        #expect(ticks.count == 51)
        #expect(ticks.filter(\.isMajor).compactMap(\.label) == (45...55).map { (number: Int) in String(number) })
        #expect(isClose(ticks[1].value - ticks[0].value, 0.2))
    }

    @Test func scaleSevenPointThreeHasMinorsAtFifteenPercentHeight() throws {
        let ticks = try axis.visibleTicks(value: 50, scale: 7.3, viewport: phone)
        #expect(ticks.count == 35)  // 50 ± 3.42: 46.6 … 53.4 in steps of 0.2
        #expect(isClose(ticks[0].value, 46.6))
        #expect(isClose(ticks[0].x, (46.6 - 50) * 56.94))
        #expect(ticks.filter { !$0.isMajor }.allSatisfy { isClose($0.heightRatio, 0.46 / 3) })
        #expect(ticks.compactMap(\.label) == (47...53).map { (number: Int) in String(number) })
    }

    @Test func aSixHundredSecondVideoAtScaleNinetyLabelsEveryQuarterSecondTick() throws {
        let ticks = try Fixtures.video.visibleTicks(value: 312.5, scale: 90, viewport: phone, format: .duration)
        #expect(try Fixtures.video.pixelsPerValue(scale: 90, viewport: phone) == 117)
        #expect(ticks.allSatisfy { $0.label != nil })  // truncScale 3.6 > 3
        #expect(ticks.contains { $0.label == "5:12,24" && $0.isMajor == false })
        #expect(ticks.contains { $0.label == "5:12,00" && $0.isMajor })
    }
}

@Suite struct TickLayoutTests {
    let phone = Fixtures.phone

    @Test func ticksCountFromZeroNotFromMin() throws {
        let axis = try SliderAxis(min: 3.5, max: 103.5)
        let ticks = try axis.visibleTicks(value: 10, scale: 1, viewport: phone).filter { !$0.isEnd }
        #expect(ticks.first?.value == 4)  // 3.5 is no grid tick (only the end's); 4 is the first multiple of 1 inside
        #expect(ticks.allSatisfy { $0.value == $0.value.rounded() })
        #expect(ticks.filter(\.isMajor).allSatisfy { $0.value.truncatingRemainder(dividingBy: 5) == 0 })
    }

    @Test func ticksOutsideAFiniteRangeAreNotDrawn() throws {
        let ticks = try Fixtures.percent.visibleTicks(value: 0, scale: 1, viewport: phone)
        #expect(ticks.map(\.value) == (0...25).map(Double.init))
    }

    @Test func anInfiniteAxisDrawsPastTheSeamAndLabelsModuloThePeriod() throws {
        let ticks = try Fixtures.hue.visibleTicks(value: 350, scale: 1, viewport: phone, format: .degrees)
        #expect(ticks.contains { $0.value == 360 && $0.displayValue == 0 && $0.label == "0°" })
        #expect(ticks.contains { isClose($0.value, 378) && isClose($0.displayValue, 18) && $0.label == "18°" })
    }

    @Test func aTickAHairBelowThePeriodReadsAsItsStart() throws {
        let ticks = try Fixtures.hue.visibleTicks(value: 3610, scale: 3.5, viewport: phone, format: .degrees)
        #expect(!ticks.contains { $0.label == "360,0°" })
        #expect(ticks.contains { $0.label == "0,0°" })
    }

    @Test func onAReversedRangeTicksRunRightToLeft() throws {
        let ticks = try Fixtures.reversed.visibleTicks(value: 30, scale: 1.5, viewport: phone)
        #expect(zip(ticks, ticks.dropFirst()).allSatisfy { $0.x > $1.x })
        #expect(ticks.first { $0.value == 30 }?.x == 0)
    }

    @Test(arguments: [1.0, 2, 7.3, 90, 600])
    func everyTickLiesWithinTheViewport(scale: Double) throws {
        let ticks = try Fixtures.percent.visibleTicks(value: 42.42, scale: scale, viewport: phone)
        #expect(!ticks.isEmpty)
        #expect(ticks.allSatisfy { abs($0.x) <= 195 + 1e-9 })
    }

    @Test(arguments: [5.0, 25, 125, 625])
    func atEachPowerOfFiveOldMinorsBecomeMajorsInPlace(power: Double) throws {
        let axis = Fixtures.percent
        let before = try axis.visibleTicks(value: 42.3, scale: power * (1 - 1e-9), viewport: phone)
        let after = try axis.visibleTicks(value: 42.3, scale: power, viewport: phone)
        let majors = after.filter(\.isMajor)
        for old in before {
            let same = majors.first { isClose($0.value, old.value, 1e-12) }
            #expect(same != nil, "tick at \(old.value) vanished")
            #expect(isClose(same?.x ?? .nan, old.x, 1e-6))
            #expect(old.heightRatio > 0.999_999 && same?.heightRatio == 1)
            #expect(same?.label == old.label)
        }
        #expect(after.filter { !$0.isMajor }.allSatisfy { $0.heightRatio == 0 && $0.label == nil })
    }

    @Test func onASliderMinorsGetLabelsAboveTruncScaleThree() throws {
        let at3 = try Fixtures.percent.visibleTicks(value: 50, scale: 3, viewport: phone)
        let above = try Fixtures.percent.visibleTicks(value: 50, scale: 3.01, viewport: phone)
        #expect(at3.filter { !$0.isMajor }.allSatisfy { $0.label == nil })
        #expect(above.allSatisfy { $0.label != nil })
    }

    @Test func onAPlaneMinorsGetLabelsAboveTruncScaleFour() throws {
        let at4 = try Fixtures.percent.visibleTicks(value: 50, scale: 4, viewport: Fixtures.planeX)
        let above = try Fixtures.percent.visibleTicks(value: 50, scale: 4.01, viewport: Fixtures.planeX)
        #expect(at4.filter { !$0.isMajor }.allSatisfy { $0.label == nil })
        #expect(above.allSatisfy { $0.label != nil })
    }

    @Test func anIdleAxisHasNoLabels() throws {
        let ticks = try Fixtures.percent.visibleTicks(value: 50, scale: 4.5, viewport: Fixtures.planeX, showLabels: false)
        #expect(!ticks.isEmpty && ticks.allSatisfy { $0.label == nil })
    }

    @Test func aRangeOfOneMillionthKeepsDistinctLabels() throws {
        let tiny = try SliderAxis(min: 0, max: 1e-6)
        for scale in [1.0, 40, 1000] {
            let labels = try tiny.visibleTicks(value: 5e-7, scale: scale, viewport: phone).compactMap(\.label)
            #expect(labels.count >= 2 && Set(labels).count == labels.count)
        }
        #expect(try tiny.visibleTicks(value: 5e-7, scale: 1, viewport: phone).first?.label == "0,00000025")
    }

    @Test func aRangeOfOneTrillionKeepsDistinctGroupedLabels() throws {
        let huge = try SliderAxis(min: 0, max: 1e12)
        for scale in [1.0, 40, 1000] {
            let labels = try huge.visibleTicks(value: 123_456_789_012, scale: scale, viewport: phone).compactMap(\.label)
            #expect(labels.count >= 2 && Set(labels).count == labels.count)
        }
        let first = try huge.visibleTicks(value: 5e11, scale: 1, viewport: phone, language: .english).first?.label
        #expect(first == "250,000,000,000")
    }

    @Test func aTinyContentInAHugeViewportIsRefusedNotAllocated() throws {
        let axis = try SliderAxis(min: 0, max: 1, numberOfUnits: 1000)
        let viewport = try AxisViewport.plane(length: 100_000, content: 1)
        #expect(throws: SliderInputError.tooManyTicks) { try axis.visibleTicks(value: 0.5, scale: 1, viewport: viewport) }
    }
}

@Suite struct EndTickTests {
    let phone = Fixtures.phone

    @Test func aBoundOnTheGridHasItsTickExactlyOnIt() throws {
        let axis = try SliderAxis(min: 0, max: 7.3)
        for scale in [0.5, 1, 4.2, 9, 37] {
            let ticks = try axis.visibleTicks(value: 7.3, scale: scale, viewport: phone, format: .duration)
            let end = try #require(ticks.last)
            #expect(end.value == 7.3 && end.isEnd && end.heightRatio == 1 && end.x == 0)
            #expect(ticks.dropLast().allSatisfy { !$0.isEnd })
        }
    }

    @Test func aBoundOffTheGridGetsAnUnlabelledTickOfItsOwn() throws {
        let axis = try SliderAxis(min: 3.5, max: 103.5)
        let ticks = try axis.visibleTicks(value: 10, scale: 1, viewport: phone)
        let end = ticks[0]
        #expect(end.index == 3 && end.value == 3.5 && end.displayValue == 3.5 && isClose(end.x, -6.5 * 7.8))
        #expect(end.isEnd && end.heightRatio == 1 && !end.isMajor && end.label == nil)
        #expect(ticks[1].value == 4 && !ticks[1].isEnd)
        #expect(Set(ticks.map(\.index)).count == ticks.count)
        let top = try axis.visibleTicks(value: 100, scale: 2, viewport: phone)
        #expect(top.last?.value == 103.5 && top.last?.isEnd == true && top.last?.index == 104)
    }

    @Test func aReversedRangeHasItsEndsToo() throws {
        let axis = try SliderAxis(min: 103.5, max: 3.5)
        let ticks = try axis.visibleTicks(value: 8, scale: 1, viewport: phone)
        #expect(ticks.first?.value == 3.5 && ticks.first?.isEnd == true && ticks.first!.x > 0)
    }

    @Test func anInfiniteAxisHasNoEnds() throws {
        #expect(try Fixtures.hue.visibleTicks(value: 0, scale: 1, viewport: phone).allSatisfy { !$0.isEnd })
    }

    @Test func boundsOutOfViewHaveNoTick() throws {
        #expect(try Fixtures.percent.visibleTicks(value: 50, scale: 1, viewport: phone).allSatisfy { !$0.isEnd })
    }
}
