import PreciseSlider
import Testing

private let nbsp = "\u{00A0}"

@Suite struct NumberLabelTests {
    @Test(arguments: [(1.0, 0), (5, 0), (125, 0), (0.1, 1), (0.2, 1), (0.5, 1), (0.04, 2), (0.008, 3), (1e-8, 8)])
    func decimalsFollowTheStep(step: Double, decimals: Int) throws {
        #expect(try labelDecimals(step: step) == decimals)
    }

    @Test(arguments: [(0.25, 2), (2.5, 1), (0.0016, 4), (0.24, 2)])
    func stepsThatAreNotRoundGetTheDigitsTheyNeed(step: Double, decimals: Int) throws {
        // −floor(log10 0.0016) = 3 would print 0.0016 and 0.0032 as 0.002 and 0.003.
        #expect(try labelDecimals(step: step) == decimals)
    }

    @Test func czechUsesADecimalCommaAndEnglishAPoint() throws {
        #expect(try formatLabel(12.5, step: 0.5, format: .number, language: .czech) == "12,5")
        #expect(try formatLabel(12.5, step: 0.5, format: .number, language: .english) == "12.5")
    }

    @Test func fiveDigitNumbersAreGroupedFourDigitOnesAreNot() throws {
        #expect(try formatLabel(1250, step: 50, format: .number, language: .czech) == "1250")
        #expect(try formatLabel(12_345, step: 5, format: .number, language: .czech) == "12\(nbsp)345")
        #expect(try formatLabel(12_345, step: 5, format: .number, language: .english) == "12,345")
        #expect(try formatLabel(1_234_567.891, step: 0.001, format: .number, language: .czech) == "1\(nbsp)234\(nbsp)567,891")
    }

    @Test func negativeNumbersUseTheMinusSignAndZeroHasNoSign() throws {
        #expect(try formatLabel(-3.25, step: 0.25, format: .number, language: .english) == "\u{2212}3.25")
        #expect(try formatLabel(-0.0001, step: 0.1, format: .number, language: .czech) == "0,0")
        #expect(try formatLabel(-0.0, step: 1, format: .number, language: .czech) == "0")
    }

    @Test func roundingIsHalfUpOnTheMagnitude() throws {
        #expect(try formatNumber(0.125, decimals: 2, language: .english) == "0.13")
        #expect(try formatNumber(-2.5, decimals: 0, language: .english) == "\u{2212}3")
    }

    @Test func hugeValuesKeepEveryDigit() throws {
        #expect(try formatNumber(1e15, decimals: 0, language: .english) == "1,000,000,000,000,000")
    }
}

@Suite struct UnitLabelTests {
    @Test func czechCrownsAreGroupedFromFourDigitsWithNoBreakSpaces() throws {
        #expect(try formatLabel(1250, step: 50, format: .currency, language: .czech) == "1\(nbsp)250\(nbsp)Kč")
        #expect(try formatLabel(999, step: 1, format: .currency, language: .czech) == "999\(nbsp)Kč")
        #expect(try formatLabel(12.5, step: 0.5, format: .currency, language: .czech) == "12,5\(nbsp)Kč")
    }

    @Test func englishCrownsLeadWithTheCode() throws {
        #expect(try formatLabel(1250, step: 50, format: .currency, language: .english) == "CZK\(nbsp)1,250")
    }

    @Test func percentIsSpacedInCzechOnly() throws {
        #expect(try formatLabel(12.5, step: 0.5, format: .percent, language: .czech) == "12,5\(nbsp)%")
        #expect(try formatLabel(12.5, step: 0.5, format: .percent, language: .english) == "12.5%")
    }

    @Test func degreesFollowTheNumberDirectly() throws {
        #expect(try formatLabel(45, step: 5, format: .degrees, language: .czech) == "45°")
        #expect(try formatLabel(12.5, step: 0.5, format: .degrees, language: .czech) == "12,5°")
    }
}

@Suite struct DurationLabelTests {
    @Test(arguments: [(0.0, 1.0, "0:00"), (65, 5, "1:05"), (599.999, 1, "10:00"), (312.24, 0.24, "5:12,24"),
                      (312.245, 0.001, "5:12,245"), (3600, 60, "1:00:00"), (4523.5, 0.5, "1:15:23,50"), (-7, 1, "\u{2212}0:07")])
    func durationsShowMinutesSecondsAndTheFractionTheStepNeeds(seconds: Double, step: Double, label: String) throws {
        #expect(try formatLabel(seconds, step: step, format: .duration, language: .czech) == label)
    }

    /// Labels never drop a digit their step needs: a step of 2.5 s does not read 0:03 for 2.5.
    static let fineSteps: [(Double, Double, String)] = [
        (7.5, 2.5, "0:07,50"), (3.6, 1.2, "0:03,60"), (1.0 / 3, 1.0 / 3, "0:00,333"), (2.0 / 3, 1.0 / 3, "0:00,667"),
        (0.04, 0.04, "0:00,04"), (1.0 / 30, 1.0 / 30, "0:00,033"), (1.095, 0.365, "0:01,095"), (59.9, 0.1, "0:59,90"),
        (3599.9996, 0.001, "1:00:00,000"),
    ]

    @Test(arguments: fineSteps)
    func durationsKeepTheDigitsTheirStepNeeds(seconds: Double, step: Double, label: String) throws {
        #expect(try formatDuration(seconds, step: step, language: .czech) == label)
    }

    @Test func englishDurationsUseADecimalPoint() throws {
        #expect(try formatDuration(312.24, step: 0.24, language: .english) == "5:12.24")
        #expect(try formatDuration(0.0625, step: 0.0005, language: .english) == "0:00.063")
    }
}

@Suite struct DateLabelTests {
    let instant = 1_709_647_200.0  // 2024-03-05 14:00:00 UTC

    @Test func coarseStepsShowYearsThenMonths() throws {
        #expect(try formatDate(instant, step: 400 * 86_400, language: .czech) == "2024")
        #expect(try formatDate(instant, step: 30 * 86_400, language: .czech) == "bře 2024")
        #expect(try formatDate(instant, step: 30 * 86_400, language: .english) == "Mar 2024")
    }

    @Test func daysThenHoursWithTheirDay() throws {
        #expect(try formatDate(instant, step: 86_400, language: .czech) == "5. bře")
        #expect(try formatDate(instant, step: 86_400, language: .english) == "Mar 5")
        #expect(try formatDate(instant, step: 3600, language: .czech) == "5. bře 14:00")
        #expect(try formatDate(instant, step: 3600, language: .english) == "Mar 5 14:00")
    }

    @Test func minutesThenSeconds() throws {
        #expect(try formatDate(instant + 330, step: 60, language: .czech) == "14:05")
        #expect(try formatDate(instant + 337, step: 5, language: .english) == "14:05:37")
    }

    @Test func theFirstFineLabelOfADayNamesTheDay() throws {
        let midnight = 1_709_596_800.0  // 2024-03-05 00:00 UTC
        #expect(try formatDate(midnight + 30, step: 60, language: .czech) == "5. bře")
        #expect(try formatDate(midnight + 90, step: 60, language: .czech) == "00:01")
    }

    @Test func everyMonthHasItsCzechAndEnglishName() {
        #expect(monthAbbreviations(.czech) == ["led", "úno", "bře", "dub", "kvě", "čvn", "čvc", "srp", "zář", "říj", "lis", "pro"])
        #expect(monthAbbreviations(.english).last == "Dec")
    }

    @Test func datesAreUTC() throws {
        #expect(try formatDate(0, step: 60, language: .english) == "Jan 1")  // the epoch's first label names its day
        #expect(try formatDate(3600 * 23 + 60 * 59, step: 60, language: .english) == "23:59")
    }

    @Test(arguments: [0.0, 951_782_400, -86_400, 4_102_444_800, -62_135_596_800, 1_709_647_200])
    func civilDatesRoundTrip(seconds: Double) throws {
        let date = try CivilDateTime(unixSeconds: seconds)
        #expect(date.isValid)
        #expect(date.unixSeconds == seconds)
    }

    @Test func leapDaysAreKnown() throws {
        #expect(try CivilDateTime(unixSeconds: 951_782_400) == CivilDateTime(year: 2000, month: 2, day: 29))
        #expect(!CivilDateTime(year: 1900, month: 2, day: 29).isValid)
        #expect(CivilDateTime(year: 2024, month: 2, day: 29).isValid)
    }
}
