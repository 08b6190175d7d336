import PreciseSlider
import Testing

@Suite struct PlaneGeometryTests {
    let geometry = try! PlaneGeometry(width: 800, height: 600, contentWidth: 1200, contentHeight: 900)

    @Test func axesAreFivePercentOfTheShorterSideAndTwiceThatWhenActive() throws {
        #expect(geometry.axisThickness == 30)
        #expect(geometry.thickness(active: false) == 30)
        #expect(geometry.thickness(active: true) == 60)
        #expect(try PlaneGeometry(width: 390, height: 700, contentWidth: 1, contentHeight: 1).axisThickness == 19.5)
    }

    @Test func theCrosshairIsTheCentreWhateverTheAxesDo() {
        #expect(geometry.crosshair == PlanePoint(x: 400, y: 300))
    }

    @Test func theRulersOverlayTheBottomAndRightEdges() {
        #expect(geometry.xAxisFrame(xActive: false, yActive: false) == PlaneRect(x: 0, y: 570, width: 770, height: 30))
        #expect(geometry.yAxisFrame(xActive: false, yActive: true) == PlaneRect(x: 740, y: 0, width: 60, height: 570))
    }

    @Test func pointsLandOnTheContentARulerOrTheCorner() {
        #expect(geometry.region(at: PlanePoint(x: 400, y: 300)) == .content)
        #expect(geometry.region(at: PlanePoint(x: 400, y: 590)) == .xAxis)
        #expect(geometry.region(at: PlanePoint(x: 790, y: 300)) == .yAxis)
        #expect(geometry.region(at: PlanePoint(x: 790, y: 590)) == .corner)
        #expect(geometry.region(at: PlanePoint(x: -1, y: 300)) == .outside)
        #expect(geometry.region(at: PlanePoint(x: 800, y: 300)) == .outside)
        #expect(geometry.region(at: PlanePoint(x: .nan, y: 300)) == .outside)
    }

    /// The thesis: a ruler's touch area is its active size (2a = 60 px here) even while it is
    /// drawn thin (30 px), and it does not grow further when the ruler wakes.
    @Test func eachRulerCatchesFingersOverItsActiveSizeEvenWhileThin() {
        #expect(geometry.xAxisFrame(xActive: false, yActive: false).height == 30)
        #expect(geometry.region(at: PlanePoint(x: 400, y: 540)) == .xAxis)
        #expect(geometry.region(at: PlanePoint(x: 400, y: 539.9)) == .content)
        #expect(geometry.region(at: PlanePoint(x: 740, y: 300)) == .yAxis)
        #expect(geometry.region(at: PlanePoint(x: 739.9, y: 300)) == .content)
        #expect(geometry.region(at: PlanePoint(x: 745, y: 545)) == .corner)
    }

    @Test func eachAxisSpansItsContentSide() throws {
        #expect(try Fixtures.percent.pixelsPerValue(scale: 1, viewport: geometry.xViewport) == 12)
        #expect(try Fixtures.percent.pixelsPerValue(scale: 1, viewport: geometry.yViewport) == 9)
    }

    @Test func atScaleOneTheContentIsThePlaneLessItsRulers() throws {
        let phone = try PlaneGeometry.fitting(width: 390, height: 260)
        #expect(phone.axisThickness == 13)
        #expect(phone.contentWidth == 377 && phone.contentHeight == 247)
        #expect(try Fixtures.percent.pixelsPerValue(scale: 1, viewport: phone.xViewport) == 3.77)
        let portrait = try PlaneGeometry.fitting(width: 390, height: 700)
        #expect(portrait.contentWidth == 390 - 19.5 && portrait.contentHeight == 700 - 19.5)
    }

    @Test func contentOfOtherProportionsScalesThePlaneLessItsRulers() throws {
        let framed = try PlaneGeometry.fitting(width: 600, height: 600, span: PlanePoint(x: 1.2, y: 0.8))
        #expect(isClose(framed.contentWidth, 570 * 1.2) && isClose(framed.contentHeight, 570 * 0.8))
    }

    @Test(arguments: [0.0, -1, .nan, .infinity])
    func sizesMustBePositiveAndFinite(size: Double) {
        #expect(throws: SliderConfigurationError.invalidViewport) { try PlaneGeometry.fitting(width: size, height: 600) }
        #expect(throws: SliderConfigurationError.invalidViewport) {
            try PlaneGeometry.fitting(width: 800, height: 600, span: PlanePoint(x: 1, y: size))
        }
        #expect(throws: SliderConfigurationError.invalidViewport) {
            try PlaneGeometry(width: size, height: 600, contentWidth: 1, contentHeight: 1)
        }
        #expect(throws: SliderConfigurationError.invalidViewport) {
            try PlaneGeometry(width: 800, height: 600, contentWidth: 1, contentHeight: size)
        }
    }

    @Test func anAxisStaysActiveForTwoSecondsAfterAGesture() {
        #expect(isAxisActive(lastGestureTime: 10, now: 10))
        #expect(isAxisActive(lastGestureTime: 10, now: 11.999))
        #expect(!isAxisActive(lastGestureTime: 10, now: 12))
        #expect(!isAxisActive(lastGestureTime: nil, now: 12))
        #expect(!isAxisActive(lastGestureTime: 10, now: 9))
        #expect(!isAxisActive(lastGestureTime: .nan, now: 10))
    }
}

@Suite struct PlaneGestureTests {
    let plane = Plane(x: Fixtures.percent, y: Fixtures.percent,
                      geometry: try! PlaneGeometry(width: 800, height: 600, contentWidth: 1200, contentHeight: 900))
    let start = PlanePosition(x: AxisPosition(value: 50, scale: 1), y: AxisPosition(value: 50, scale: 1))

    @Test func draggingThePictureMovesBothAxesWithTheFinger() throws {
        let moved = try plane.dragContent(from: start, by: PlanePoint(x: 120, y: -60))
        #expect(isClose(moved.x.value, 40))  // 120 px at 12 px per unit
        #expect(isClose(moved.y.value, 50 + 60.0 / 9))
        #expect(moved.x.scale == 1 && moved.y.scale == 1)
    }

    @Test func eachAxisZoomsByTheFingersSpreadAlongIt() throws {
        let factors = try pinchFactors(start: TouchPair(PlanePoint(x: 300, y: 200), PlanePoint(x: 500, y: 400)),
                                       current: TouchPair(PlanePoint(x: 280, y: 150), PlanePoint(x: 560, y: 420)))
        #expect(isClose(factors.x, 1.4) && isClose(factors.y, 1.35))
    }

    @Test func fingersInAVerticalLineDoNotZoomTheHorizontalAxis() throws {
        let factors = try pinchFactors(start: TouchPair(PlanePoint(x: 400, y: 200), PlanePoint(x: 402, y: 400)),
                                       current: TouchPair(PlanePoint(x: 400, y: 100), PlanePoint(x: 404, y: 500)))
        #expect(factors.x == 1)
        #expect(factors.y == 2)
    }

    @Test func aPinchZoomsAboutTheCrosshairWhereverTheFingersAre() throws {
        let touches = TouchPair(PlanePoint(x: 500, y: 350), PlanePoint(x: 700, y: 450))
        let spread = TouchPair(PlanePoint(x: 400, y: 330), PlanePoint(x: 800, y: 470))
        let zoomed = try plane.pinchContent(from: start, startTouches: touches, currentTouches: spread)
        #expect(isClose(zoomed.x.scale, 2) && isClose(zoomed.y.scale, 1.4))
        // The fingers' midpoint (600, 400) is off the crosshair; the point under the crosshair stays.
        #expect(zoomed.x.value == start.x.value && zoomed.y.value == start.y.value)
    }

    /// 150 pinches with fingers anywhere on the picture, moving anywhere: neither value moves.
    @Test func randomPinchesOnThePictureNeverMoveThePoint() throws {
        var random = SeededGenerator(seed: 2)
        func point() -> PlanePoint {
            PlanePoint(x: Double.random(in: 0...800, using: &random), y: Double.random(in: 0...600, using: &random))
        }
        for _ in 0..<150 {
            let from = PlanePosition(x: AxisPosition(value: Double.random(in: 0...100, using: &random), scale: 1.3),
                                     y: AxisPosition(value: Double.random(in: 0...100, using: &random), scale: 0.8))
            let zoomed = try plane.pinchContent(from: from, startTouches: TouchPair(point(), point()),
                                                currentTouches: TouchPair(point(), point()))
            #expect(zoomed.x.value.bitPattern == from.x.value.bitPattern)
            #expect(zoomed.y.value.bitPattern == from.y.value.bitPattern)
        }
    }

    @Test func draggingARulerChangesOnlyItsAxis() throws {
        let moved = try plane.dragAxis(.x, from: start, by: 80)
        #expect(isClose(moved.x.value, 50 - 80.0 / 12))
        #expect(moved.y == start.y)
    }

    @Test func zoomingARulerChangesOnlyItsAxissScale() throws {
        let zoomed = try plane.zoomAxis(.y, from: start, factor: 3)
        #expect(zoomed.y == AxisPosition(value: 50, scale: 3))
        #expect(zoomed.x == start.x)
    }

    @Test func eachAxisGetsItsOwnReleaseAnimation() throws {
        let position = PlanePosition(x: AxisPosition(value: 50, scale: 1), y: AxisPosition(value: 101, scale: 1))
        let animations = try plane.releaseAnimations(at: position, velocity: PlanePoint(x: -900, y: 0))
        #expect(animations.x == .easeOut(EaseOutAnimation(from: 50, to: 75, duration: 1)))
        guard case .spring(let spring) = animations.y else { Issue.record("y should spring back"); return }
        #expect(spring.to == 100 && spring.dampingRatio == 1)
    }
}

@Suite struct TileTests {
    @Test func aFiniteAxisNeedsOneCopy() throws {
        #expect(try Fixtures.percent.tileCount(scale: 0.1) == 1)
        #expect(try Fixtures.percent.tileOrigins(value: 50, scale: 1, viewport: Fixtures.planeX) == [-600])
    }

    @Test(arguments: [(1.0, 3), (0.5, 3), (7, 3), (0.49, 5), (0.3, 7), (0.25, 7), (0.2, 7), (0.1, 13), (0.01, 103)])
    func anInfiniteAxisNeedsThreeCopiesOrMoreBelowHalfScale(scale: Double, count: Int) throws {
        #expect(try Fixtures.hue.tileCount(scale: scale) == count)
        #expect(count % 2 == 1)
    }

    @Test(arguments: [(350.0, 1.0), (725, 0.3), (-30, 0.2), (10, 0.49)])
    func theMiddleCopyHoldsTheValueAndCopiesAbut(value: Double, scale: Double) throws {
        let viewport = Fixtures.planeX
        let origins = try Fixtures.hue.tileOrigins(value: value, scale: scale, viewport: viewport)
        let width = viewport.span * scale
        let middle = origins[origins.count / 2]
        #expect(middle <= 0 && 0 < middle + width)
        #expect(zip(origins, origins.dropFirst()).allSatisfy { isClose($1 - $0, width) })
    }
}
