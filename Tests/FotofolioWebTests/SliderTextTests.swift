import PreciseSlider
import Testing
@testable import FotofolioWeb

/// The server's slider texts; `Tests/JS/precise-slider-view.test.mjs` expects the same strings
/// from the script, so a value reads the same before and after the script takes over.
@Suite struct SliderTextTests {
    static let november22Noon = 1_795_348_800.0

    @Test func formControlsGetPlainDigitsDurationsAndLocalDateTimes() {
        #expect(SliderText.machine(12.5, format: .number, precision: 0.1) == "12.5")
        #expect(SliderText.machine(37, format: .number, precision: 0.1) == "37")
        #expect(SliderText.machine(-0.00001, format: .number, precision: 0.1) == "0")
        #expect(SliderText.machine(125.5, format: .duration, precision: 0.6) == "2:05.50")
        #expect(SliderText.machine(Self.november22Noon, format: .date, precision: 52560) == "2026-11-22T12:00")
        #expect(SliderText.machine(Self.november22Noon + 7, format: .date, precision: 6) == "2026-11-22T12:00:07")
        #expect(SliderText.plain(1_234_567.891, 0.01) == "1234567.89")
    }

    @Test func readOutsAreLabelsWrittenAsFinelyAsThePrecision() {
        #expect(SliderText.readout(12.5, format: .number, precision: 0.1, language: .czech) == "12,5")
        #expect(SliderText.readout(350, format: .degrees, precision: 0.6, language: .czech) == "350,0°")
        #expect(SliderText.readout(Self.november22Noon, format: .date, precision: 52560, language: .czech)
                == "22. 11. 2026 12:00 UTC")
        #expect(SliderText.readout(Self.november22Noon, format: .date, precision: 52560, language: .english)
                == "22 Nov 2026, 12:00 UTC")
    }

    @Test func thePrecisionIsATenthOfTheMinorStepOrTheSnappingStep() throws {
        #expect(SliderText.precision(of: try SliderAxis(min: 0, max: 100), scale: 1) == 0.1)
        #expect(SliderText.precision(of: try SliderAxis(min: 0, max: 100, snapStep: 5), scale: 1) == 5)
    }

    @Test func theFirstFrameLabelsOnlyWhatFitsOnANarrowPhone() throws {
        // The video slider at 1:30: majors every 30 s would be 34 px apart on a 340 px ruler.
        let field = SliderField(name: "video", axis: try SliderAxis(min: 0, max: 600), format: .duration, value: 90)
        let frame = SliderFrame.slider(field, id: "v", label: "Video", hint: "", language: .czech)
        let labels = frame.ticks.compactMap(\.label)
        #expect(labels == ["0:00", "1:00", "2:00", "3:00", "4:00"])
    }
}
