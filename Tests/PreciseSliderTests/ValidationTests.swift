import PreciseSlider
import Testing

@Suite struct ValidationTests {
    let axis = Fixtures.percent

    func value(_ result: Result<Double, SliderValueError>) -> Double? { try? result.get() }
    func error(_ result: Result<Double, SliderValueError>) -> SliderValueError? {
        if case .failure(let error) = result { return error }
        return nil
    }

    @Test(arguments: ["12.5", "12,5", " 12,5 ", "\u{00A0}12.5\u{202F}", "+12.5", "12,50"])
    func decimalPointsAndCzechCommasAreAccepted(text: String) {
        #expect(value(axis.validate(text)) == 12.5)
    }

    @Test func groupSpacesSignsAndBareSeparatorsAreAccepted() {
        let wide = Fixtures.percent
        #expect(value(parseNumber("1 250")) == 1250)
        #expect(value(parseNumber("1\u{00A0}250,5")) == 1250.5)
        #expect(value(parseNumber("−3")) == -3)
        #expect(value(parseNumber("–3")) == -3)
        #expect(value(parseNumber(".5")) == 0.5)
        #expect(value(parseNumber("12.")) == 12)
        #expect(value(wide.validate("-0")) == 0)
    }

    @Test func valuesAreClampedWrappedAndSnappedThroughTheAxis() throws {
        #expect(value(axis.validate("150")) == 100)
        #expect(value(axis.validate("-3")) == 0)
        #expect(value(Fixtures.hue.validate("3610")) == 10)
        #expect(value(try SliderAxis(min: 0, max: 10, snapStep: 3).validate("4,4")) == 3)
    }

    @Test func emptyTextAsksForANumber() {
        for text in ["", "   ", "\u{00A0}"] {
            #expect(error(axis.validate(text)) == .empty)
        }
        #expect(SliderValueError.empty.message(in: .czech) == "Zadejte číslo, například 12,5.")
    }

    @Test(arguments: ["NaN", "nan", "inf", "Infinity", "-inf", "∞", "−∞"])
    func nanAndInfinityAreRefused(text: String) {
        #expect(error(axis.validate(text)) == .notFinite(text))
    }

    @Test(arguments: ["abc", "1e5", "1,2,3", "12 .5", "0x10", "12.5.", "--1", "1 2,3 4", "5 %"])
    func garbageIsRefusedAsNotANumber(text: String) {
        #expect(error(axis.validate(text)) == .notANumber(text))
    }

    @Test func numbersBeyondTheLimitAreRefusedAsTooLarge() {
        #expect(error(axis.validate("1 000 000 000 000 000 000")) == .tooLarge("1 000 000 000 000 000 000"))
        #expect(error(axis.validate(String(repeating: "9", count: 400))) != nil)
    }

    @Test func messagesEchoTheTextAndShowWhatToTypeInBothLanguages() {
        let refusal = SliderValueError.notANumber("abc")
        #expect(refusal.message(in: .czech) == "„abc“ není číslo. Zadejte číslice s desetinnou čárkou, například 12,5.")
        #expect(refusal.message(in: .english) == "“abc” is not a number. Enter digits with a decimal point, for example 12.5.")
        let all: [SliderValueError] = [.empty, .notANumber("x"), .notFinite("x"), .tooLarge("x"), .notADuration("x"), .notADate("x")]
        for item in all {
            #expect(item.message(in: .czech).contains("například"), "\(item.code) shows no example in Czech")
            #expect(item.message(in: .english).contains("for example"), "\(item.code) shows no example in English")
        }
    }

    @Test func aLongTextIsShortenedInTheMessage() {
        let text = String(repeating: "x", count: 100)
        guard case .notANumber(let shown) = error(axis.validate(text)) else { Issue.record("expected notANumber"); return }
        #expect(shown.count == 40 && shown.hasSuffix("…"))
    }

    @Test func labelsTypedBackAreAccepted() throws {
        #expect(value(try SliderAxis(min: 0, max: 100_000).validate("1\u{00A0}250\u{00A0}Kč", format: .currency)) == 1250)
        #expect(value(try SliderAxis(min: 0, max: 100_000).validate("1 250,- Kč", format: .currency)) == 1250)
        #expect(value(try SliderAxis(min: 0, max: 100_000).validate("CZK 1 250", format: .currency)) == 1250)
        #expect(value(axis.validate("12,5 %", format: .percent)) == 12.5)
        #expect(value(Fixtures.hue.validate("45°", format: .degrees)) == 45)
    }

    @Test func durationsAcceptMinutesAndSecondsOrHours() throws {
        let axis = try SliderAxis(min: 0, max: 7200)
        #expect(value(axis.validate("1:30", format: .duration)) == 90)
        #expect(value(axis.validate("1:30,5", format: .duration)) == 90.5)
        #expect(value(axis.validate("1:02:03", format: .duration)) == 3723)
        #expect(value(axis.validate("90", format: .duration)) == 90)
        for bad in ["1:75", "a:b", "1::2", "1:02:75", "1:30.25.1", "1:-5"] {
            #expect(error(axis.validate(bad, format: .duration)) == .notADuration(bad))
        }
    }

    @Test func datesAreISOAndUTC() throws {
        let axis = try SliderAxis(min: 1_704_067_200, max: 1_735_689_600)
        #expect(value(axis.validate("2024-03-05", format: .date)) == 1_709_596_800)
        #expect(value(axis.validate("2024-03-05 14:30", format: .date)) == 1_709_649_000)
        #expect(value(axis.validate("2024-03-05T14:30:15Z", format: .date)) == 1_709_649_015)
        for bad in ["2024-02-30", "2024-13-01", "2024-3-5", "2024-03-05 25:00", "2024-03-05x", "zítra", "next week"] {
            #expect(error(axis.validate(bad, format: .date)) == .notADate(bad))
        }
    }
}
