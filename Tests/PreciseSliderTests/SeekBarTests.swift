import PreciseSlider
import Testing

@Suite struct SeekBarTests {
    let phone = Fixtures.phone

    @Test(arguments: [(0.5, 0.075, 0.075, 0.075), (7.3, 0.5, 1.095, 1), (60, 0.5, 9, 1), (180, 0.5, 27, 1)])
    func aFilmSpansTwentyUnitsAndZoomsUntilASecondIsThreeUnits(
        duration: Double, minScale: Double, maxScale: Double, defaultScale: Double
    ) throws {
        let bar = try SeekBar(duration: duration)
        #expect(bar.axis.min == 0 && bar.axis.max == duration && bar.axis.numberOfUnits == 20 && !bar.axis.isInfinite)
        #expect(isClose(bar.axis.maxScale, maxScale, 1e-15) && isClose(bar.axis.minScale, minScale, 1e-15))
        #expect(isClose(bar.defaultScale, defaultScale, 1e-15))
        #expect(bar.format == .duration)
        // At the deepest zoom a second is three major units of scale 1 (each 2W / 20 px wide).
        let second = try bar.axis.pixelsPerValue(scale: bar.axis.maxScale, viewport: phone)
        #expect(isClose(second, 3 * 2 * 390 / 20))
    }

    @Test(arguments: [0.5, 7.3, 60, 180])
    func theStartAndTheEndAlwaysHaveExactTicksMarkedAsEnds(duration: Double) throws {
        let bar = try SeekBar(duration: duration)
        var scale = bar.axis.minScale
        while scale <= bar.axis.maxScale {
            let atStart = try bar.axis.visibleTicks(value: 0, scale: scale, viewport: phone, format: .duration)
            let atEnd = try bar.axis.visibleTicks(value: duration, scale: scale, viewport: phone, format: .duration)
            #expect(atStart.first?.value == 0 && atStart.first?.isEnd == true && atStart.first?.x == 0)
            #expect(atEnd.last?.value == duration && atEnd.last?.isEnd == true && atEnd.last?.x == 0)
            scale *= 1.37
        }
    }

    @Test func atTheDeepestZoomLabelsAreRoundHundredths() throws {
        let minute = try SeekBar(duration: 60, frameDuration: 0.04)
        let labels = try minute.axis.visibleTicks(value: 30, scale: minute.axis.maxScale, viewport: phone,
                                                  format: .duration).compactMap(\.label)
        #expect(labels == ["0:29,60", "0:29,80", "0:30,00", "0:30,20", "0:30,40"])
        let clip = try SeekBar(duration: 7.3)
        let clipLabels = try clip.axis.visibleTicks(value: 7.3, scale: clip.axis.maxScale, viewport: phone,
                                                    format: .duration).compactMap(\.label)
        #expect(clipLabels == ["0:06,00", "0:06,50", "0:07,00"])  // majors every 0.5 s, not 0.365 s
    }

    /// A film's length is seldom round (3.015 s); its ruler's labels are round all the same:
    /// every tick but the end's is a whole number of milliseconds at every zoom.
    @Test(arguments: [3.015, 7.3, 16.04, 61.7, 600.12])
    func labelsLandOnRoundTimesWhateverTheLength(duration: Double) throws {
        let bar = try SeekBar(duration: duration, frameDuration: 0.04)
        var scale = bar.axis.minScale
        while scale <= bar.axis.maxScale {
            for value in [0, duration / 3, duration] {
                for tick in try bar.axis.visibleTicks(value: value, scale: scale, viewport: phone, format: .duration)
                where !tick.isEnd {
                    let milliseconds = tick.value * 1000
                    #expect(abs(milliseconds - milliseconds.rounded()) < 1e-6, "\(duration) s at ×\(scale): \(tick.value)")
                }
            }
            scale *= 1.37
        }
    }

    @Test(arguments: [(0.025, 0.05), (0.15, 0.2), (0.8, 1), (1, 1), (3, 5), (12, 15), (20, 30), (100, 120), (3000, 3600),
                      (4000, 7200), (20000, 36000)])
    func aMajorUnitIsTheFirstRoundTimeOfAtLeastATwentiethOfTheFilm(seconds: Double, unit: Double) {
        #expect(isClose(SeekBar.roundUnit(atLeast: seconds), unit, 1e-12))
    }

    /// The thesis's rule is the floor; a short film zooms on until one frame is 12 px wide on
    /// a phone's 320 px ruler (its span at scale 1 being twice that).
    @Test(arguments: [(16.0, 0.04, 7.5), (3, 0.04, 1.40625), (600, 0.04, 281.25), (600, 1, 90), (0.5, 0.04, 0.234375)])
    func withItsFrameRateAFilmZoomsUntilAFrameIsTwelvePixelsOnAPhone(
        duration: Double, frameDuration: Double, maxScale: Double
    ) throws {
        let bar = try SeekBar(duration: duration, frameDuration: frameDuration)
        #expect(isClose(bar.axis.maxScale, maxScale, 1e-12))
        let frame = try bar.axis.pixelsPerValue(scale: bar.axis.maxScale, viewport: .slider(length: 320)) * frameDuration
        #expect(frame >= 12 - 1e-9)
        #expect(bar.axis.maxScale >= duration / 20 * 3)
    }

    @Test(arguments: [0.0, -1, .nan, .infinity])
    func aFrameDurationThatIsNoNumberOfSecondsLeavesTheThesisRule(frameDuration: Double) throws {
        #expect(try SeekBar(duration: 16, frameDuration: frameDuration).axis.maxScale == 16 / 20 * 3)
    }

    @Test(arguments: [0.0, -5, .nan, .infinity])
    func aDurationMustBeAPositiveNumberOfSeconds(duration: Double) {
        #expect(throws: SliderConfigurationError.invalidDuration) { try SeekBar(duration: duration) }
    }
}
