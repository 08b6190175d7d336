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

    @Test func atTheDeepestZoomLabelsShowHundredthsOrThousandths() throws {
        let minute = try SeekBar(duration: 60)
        let labels = try minute.axis.visibleTicks(value: 30, scale: 9, viewport: phone, format: .duration).compactMap(\.label)
        #expect(labels.contains("0:30,00") && labels.contains("0:30,60"))
        let clip = try SeekBar(duration: 7.3)
        let clipLabels = try clip.axis.visibleTicks(value: 7.3, scale: clip.axis.maxScale, viewport: phone,
                                                    format: .duration).compactMap(\.label)
        #expect(clipLabels.last == "0:07,300")  // majors every 0.365 s need the third digit
        #expect(clipLabels.contains("0:06,935"))
    }

    @Test(arguments: [0.0, -5, .nan, .infinity])
    func aDurationMustBeAPositiveNumberOfSeconds(duration: Double) {
        #expect(throws: SliderConfigurationError.invalidDuration) { try SeekBar(duration: duration) }
    }
}
