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

    @Test func aKeptFrameIsTheFrameDrawnAnewForThoseInputsOnly() throws {
        let axis = try SliderAxis(min: 0, max: 5000, snapStep: 50)
        for language in SliderLanguage.allCases {
            for value in [0.0, 1250, 4999.5] {
                let field = SliderField(name: "maxRate", axis: axis, format: .number, value: value)
                let fresh = String(describing: SliderFrame.drawSlider(field, id: "rate", label: "Rate", hint: "h",
                                                                      optional: true, language: language))
                for _ in 0..<2 {
                    let kept = SliderFrame.slider(field, id: "rate", label: "Rate", hint: "h", optional: true, language: language)
                    #expect(String(describing: kept) == fresh)
                }
            }
        }
        // What differs in any input is drawn for it: the language writes the read-out.
        let field = SliderField(name: "share", axis: try SliderAxis(min: 0, max: 100), format: .number, value: 12.5)
        let czech = SliderFrame.slider(field, id: "rate", label: "Rate", hint: "h", language: .czech)
        let english = SliderFrame.slider(field, id: "rate", label: "Rate", hint: "h", language: .english)
        #expect(czech.readout != english.readout)
        let other = SliderFrame.slider(field, id: "rate", label: "Sazba", hint: "h", language: .czech)
        #expect(other.label == "Sazba" && czech.label == "Rate")
    }

    @Test func framesOfRefusedTextAreNotKeptAndTheKeptOnesStayBounded() throws {
        let axis = try SliderAxis(min: 0, max: 1_000_000)
        var refused = SliderField(name: "n", axis: axis, format: .number, value: 1, refusesOutOfRange: true)
        refused.submit("abc", language: .english)
        let first = SliderFrame.slider(refused, id: "n", label: "N", hint: "", language: .english)
        refused.submit("xyz", language: .english)
        let second = SliderFrame.slider(refused, id: "n", label: "N", hint: "", language: .english)
        #expect(first.text == "abc" && second.text == "xyz")
        for value in 0..<(SliderFrame.keptFrameLimit + 20) {
            let field = SliderField(name: "n", axis: axis, format: .number, value: Double(value))
            _ = SliderFrame.slider(field, id: "n", label: "N", hint: "", language: .english)
            #expect(SliderFrame.keptFrameCount <= SliderFrame.keptFrameLimit)
        }
    }
}
