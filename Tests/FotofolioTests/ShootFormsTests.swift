import Foundation
import Testing
@testable import Fotofolio

/// The problems a form's validation reports, or none when it passes.
func shootProblems(_ body: () throws -> Void) -> [ShootField: ShootProblem] {
    do {
        try body()
        return [:]
    } catch let error as ShootProblems {
        return error.fields
    } catch {
        Issue.record("not a form's problems: \(error)")
        return [:]
    }
}

extension ShootRequestForm {
    /// A request that passes, for a shoot from `first` (through `last` when given).
    static func valid(first: CalendarDay, last: CalendarDay? = nil) -> ShootRequestForm {
        var form = ShootRequestForm()
        form.kind = "Svatba"
        form.firstDay = first.text
        form.lastDay = last?.text ?? ""
        form.town = "Praha"
        form.hours = "6"
        form.budget = "1 500"
        form.message = "Dobrý den,\nbereme se v létě."
        return form
    }
}

extension ShootOfferForm {
    /// An offer that passes, for a shoot on `day` at 10:00 for two hours.
    static func valid(day: CalendarDay, validUntil: CalendarDay? = nil) -> ShootOfferForm {
        var form = ShootOfferForm()
        form.day = day.text
        form.start = "10:00"
        form.hours = "2"
        form.place = "Letná"
        form.price = "4 800"
        form.included = "40 upravených fotografií"
        form.validUntil = (validUntil ?? day).text
        return form
    }
}

@Suite struct ShootRequestFormTests {
    let today = CalendarDay("2027-03-10")!

    private func problems(_ change: (inout ShootRequestForm) -> Void) -> [ShootField: ShootProblem] {
        var form = ShootRequestForm.valid(first: today.adding(days: 20))
        change(&form)
        return shootProblems { _ = try form.validated(today: today) }
    }

    @Test func aFilledFormGivesItsValuesTrimmedAndAsNumbers() throws {
        var form = ShootRequestForm.valid(first: today.adding(days: 20), last: today.adding(days: 22))
        form.kind = "  Svatba  "
        form.town = "\tBrno "
        form.hours = " 12 "
        form.message = "  Dobrý den,\r\nbereme se.  \n"
        let draft = try form.validated(today: today)
        #expect(draft == ShootRequestDraft(kind: "Svatba", firstDay: CalendarDay("2027-03-30")!, lastDay: CalendarDay("2027-04-01")!,
                                           town: "Brno", hours: 12, budget: 1500, message: "Dobrý den,\nbereme se."))
    }

    @Test func anEmptyLastDayMeansTheFirstDayAlone() throws {
        let draft = try ShootRequestForm.valid(first: today.adding(days: 3)).validated(today: today)
        #expect(draft.firstDay == today.adding(days: 3) && draft.lastDay == today.adding(days: 3))
        var spaces = ShootRequestForm.valid(first: today.adding(days: 3))
        spaces.lastDay = "   "
        #expect(try spaces.validated(today: today).lastDay == today.adding(days: 3))
    }

    @Test func theMessageMayBeLeftOut() throws {
        #expect(problems { $0.message = "" }.isEmpty)
        #expect(problems { $0.message = " \n " }.isEmpty)
    }

    @Test func everyRequiredFieldLeftEmptyIsMissing() {
        #expect(problems {
            $0.kind = " "
            $0.firstDay = ""
            $0.town = "\n"
            $0.hours = ""
            $0.budget = "  "
        } == [.kind: .missing, .firstDay: .missing, .town: .missing, .hours: .missing, .budget: .missing])
    }

    @Test func everyProblemIsReportedAtOnce() {
        #expect(problems {
            $0.kind = String(repeating: "a", count: 61)
            $0.firstDay = "2027-02-30"
            $0.lastDay = "zítra"
            $0.town = "Praha\u{0}"
            $0.hours = "0"
            $0.budget = "1e3"
            $0.message = String(repeating: "b", count: 2001)
        } == [.kind: .tooLong, .firstDay: .notADay, .lastDay: .notADay, .town: .invalidText, .hours: .outOfRange,
              .budget: .notANumber, .message: .tooLong])
    }

    @Test func textsFitTheirLimitsExactlyAndOneCharacterMoreIsTooLong() {
        #expect(problems {
            $0.kind = String(repeating: "ř", count: 60)
            $0.town = String(repeating: "ž", count: 120)
            // 1,024 characters of eight bytes: eight kibibytes exactly.
            $0.message = String(repeating: "👍🏽", count: 1024)
        }.isEmpty)
        #expect(problems { $0.message = String(repeating: "👍🏽", count: 1024) + "a" } == [.message: .tooLong])
        #expect(problems {
            $0.kind = String(repeating: "ř", count: 61)
            $0.town = String(repeating: "ž", count: 121)
            $0.message = String(repeating: "m", count: 2001)
        } == [.kind: .tooLong, .town: .tooLong, .message: .tooLong])
    }

    @Test func aTextWithinTheCharacterLimitButBeyondTheByteLimitIsTooLong() {
        // One character each: a letter under hundreds of combining accents.
        let stacked = "a" + String(repeating: "\u{301}", count: 300)
        #expect(stacked.count == 1)
        #expect(problems {
            $0.kind = stacked
            $0.town = "a" + String(repeating: "\u{301}", count: 250)
            $0.message = String(repeating: "e\u{301}\u{302}\u{303}\u{304}", count: 1700)
        } == [.kind: .tooLong, .town: .tooLong, .message: .tooLong])
    }

    @Test func aTenMegabyteMessageIsTooLong() {
        #expect(problems { $0.message = String(repeating: "a", count: 10 * 1024 * 1024) } == [.message: .tooLong])
        #expect(problems { $0.kind = String(repeating: "a", count: 10 * 1024 * 1024) } == [.kind: .tooLong])
    }

    @Test(arguments: ["Svatba\u{7}", "\u{1B}[31mSvatba", "Sva\u{0}tba", "Sva\u{85}tba", "Sva\rtba", "Sva\u{7F}tba"])
    func controlCharactersAreInvalidText(text: String) {
        #expect(problems {
            $0.kind = text
            $0.town = text
            $0.message = text
        } == [.kind: .invalidText, .town: .invalidText, .message: .invalidText])
    }

    @Test func theMessageKeepsLineBreaksAndTabsButTheOneLineFieldsDoNot() {
        #expect(problems { $0.message = "řádek\nřádek\ttab\r\nkonec" }.isEmpty)
        #expect(problems {
            $0.kind = "Svatba\nportrét"
            $0.town = "Praha\tBrno"
        } == [.kind: .invalidText, .town: .invalidText])
    }

    @Test func aDayInThePastIsRefusedAndTodayIsNot() {
        #expect(problems { $0.firstDay = today.adding(days: -1).text } == [.firstDay: .inThePast])
        #expect(problems {
            $0.firstDay = today.text
            $0.lastDay = today.adding(days: -1).text
        } == [.lastDay: .inThePast])
        #expect(problems { $0.firstDay = today.text }.isEmpty)
    }

    @Test func theLastDayMayNotComeBeforeTheFirst() {
        #expect(problems {
            $0.firstDay = today.adding(days: 10).text
            $0.lastDay = today.adding(days: 9).text
        } == [.lastDay: .endBeforeStart])
        #expect(problems {
            $0.firstDay = today.adding(days: 10).text
            $0.lastDay = today.adding(days: 10).text
        }.isEmpty)
    }

    @Test func aRangeSpansAtMostNinetyTwoDays() {
        #expect(problems {
            $0.firstDay = today.adding(days: 10).text
            $0.lastDay = today.adding(days: 10 + Bookings.longestRange).text
        }.isEmpty)
        #expect(problems {
            $0.firstDay = today.adding(days: 10).text
            $0.lastDay = today.adding(days: 11 + Bookings.longestRange).text
        } == [.lastDay: .rangeTooLong])
    }

    @Test func aDayMoreThanTwoYearsAheadIsTooFar() {
        #expect(problems { $0.firstDay = today.adding(days: Bookings.horizon).text }.isEmpty)
        #expect(problems { $0.firstDay = today.adding(days: Bookings.horizon + 1).text } == [.firstDay: .tooFar])
        #expect(problems {
            $0.firstDay = today.adding(days: Bookings.horizon).text
            $0.lastDay = today.adding(days: Bookings.horizon + 1).text
        } == [.lastDay: .tooFar])
        #expect(problems { $0.firstDay = "2999-12-31" } == [.firstDay: .tooFar])
    }

    @Test(arguments: ["2027-04-31", "2027-4-01", "+027-04-01", "12345678901234567890", "zítra", "1. 4. 2027", "1999-12-31"])
    func aDayThatIsNoDayIsSaidSo(text: String) {
        #expect(problems { $0.firstDay = text } == [.firstDay: .notADay])
        #expect(problems { $0.lastDay = text } == [.lastDay: .notADay])
    }

    @Test func hoursAreOneToTwentyFour() {
        #expect(problems { $0.hours = "1" }.isEmpty)
        #expect(problems { $0.hours = "24" }.isEmpty)
        #expect(problems { $0.hours = "0" } == [.hours: .outOfRange])
        #expect(problems { $0.hours = "25" } == [.hours: .outOfRange])
        #expect(problems { $0.hours = "999999999" } == [.hours: .outOfRange])
    }

    @Test func theBudgetIsWithinTheSlidersRange() {
        #expect(problems { $0.budget = "0" }.isEmpty)
        #expect(problems { $0.budget = "10 000" }.isEmpty)
        #expect(problems { $0.budget = "10001" } == [.budget: .outOfRange])
        #expect(problems { $0.budget = "10 001" } == [.budget: .outOfRange])
    }

    @Test(arguments: ["1e3", "-5", "+5", "٣", "５", "1.5", "1,5", "0x10", "Ⅻ", "1234567890", "99999999999999999999999", "6h"])
    func numbersAreDigitsOnly(text: String) {
        #expect(problems {
            $0.hours = text
            $0.budget = text
        } == [.hours: .notANumber, .budget: .notANumber])
    }
}

@Suite struct ShootOfferFormTests {
    let today = CalendarDay("2027-03-10")!

    private func problems(_ change: (inout ShootOfferForm) -> Void) -> [ShootField: ShootProblem] {
        var form = ShootOfferForm.valid(day: today.adding(days: 20), validUntil: today.adding(days: 5))
        change(&form)
        return shootProblems { _ = try form.validated(today: today) }
    }

    @Test func aFilledFormGivesItsValues() throws {
        var form = ShootOfferForm.valid(day: today.adding(days: 20), validUntil: today.adding(days: 5))
        form.start = " 9:05 "
        form.included = " 40 fotografií\r\n+ album "
        let draft = try form.validated(today: today)
        #expect(draft == ShootOfferDraft(day: CalendarDay("2027-03-30")!, startMinutes: 9 * 60 + 5, hours: 2, place: "Letná",
                                         price: 4800, included: "40 fotografií\n+ album", validUntil: CalendarDay("2027-03-15")!))
    }

    @Test func everyRequiredFieldLeftEmptyIsMissingAndWhatIsIncludedMayBeLeftOut() {
        #expect(problems {
            $0.day = ""
            $0.start = " "
            $0.hours = ""
            $0.place = ""
            $0.price = ""
            $0.included = ""
            $0.validUntil = ""
        } == [.day: .missing, .start: .missing, .hours: .missing, .place: .missing, .price: .missing, .validUntil: .missing])
    }

    @Test func everyProblemIsReportedAtOnce() {
        #expect(problems {
            $0.day = today.adding(days: -1).text
            $0.start = "24:00"
            $0.hours = "25"
            $0.place = "a" + String(repeating: "\u{301}", count: 500)
            $0.price = "-5"
            $0.included = "\u{1B}"
            $0.validUntil = today.adding(days: Bookings.horizon + 1).text
        } == [.day: .inThePast, .start: .notATime, .hours: .outOfRange, .place: .tooLong, .price: .notANumber,
              .included: .invalidText, .validUntil: .tooFar])
    }

    @Test(arguments: ["24:00", "12:60", "1:5", "-1:00", "12:00:00", "poledne"])
    func aStartThatIsNoTimeIsSaidSo(text: String) {
        #expect(problems { $0.start = text } == [.start: .notATime])
    }

    @Test func theOfferMayBeAcceptedUntilTheDayOfTheShootButNotAfter() {
        #expect(problems { $0.validUntil = today.adding(days: 20).text }.isEmpty)
        #expect(problems { $0.validUntil = today.adding(days: 21).text } == [.validUntil: .afterShoot])
        #expect(problems { $0.validUntil = today.adding(days: -1).text } == [.validUntil: .inThePast])
        #expect(problems { $0.validUntil = today.text }.isEmpty)
    }

    @Test func thePriceIsUpToTenMillionAndHoursOneToTwentyFour() {
        #expect(problems { $0.price = "0" }.isEmpty)
        #expect(problems { $0.price = "10 000 000" }.isEmpty)
        #expect(problems { $0.price = "10000001" } == [.price: .outOfRange])
        #expect(problems { $0.hours = "0" } == [.hours: .outOfRange])
        #expect(problems { $0.hours = "24" }.isEmpty)
    }

    @Test func textsFitTheirLimits() {
        #expect(problems {
            $0.place = String(repeating: "ů", count: 120)
            $0.included = String(repeating: "ů", count: 1000)
        }.isEmpty)
        #expect(problems {
            $0.place = String(repeating: "ů", count: 121)
            $0.included = String(repeating: "ů", count: 1001)
        } == [.place: .tooLong, .included: .tooLong])
        #expect(problems { $0.included = String(repeating: "a", count: 10 * 1024 * 1024) } == [.included: .tooLong])
    }
}

@Suite struct ShootReasonTests {
    @Test func aReasonIsRequiredWithinFiveHundredCharactersAndWithoutControlCharacters() throws {
        #expect(try Bookings.validatedReason("  Jsem nemocná.\r\nOmlouvám se. ") == "Jsem nemocná.\nOmlouvám se.")
        #expect(throws: BookingError.reason(.missing)) { try Bookings.validatedReason(" \n ") }
        #expect(throws: BookingError.reason(.tooLong)) { try Bookings.validatedReason(String(repeating: "a", count: 501)) }
        #expect(throws: BookingError.reason(.tooLong)) { try Bookings.validatedReason("a" + String(repeating: "\u{301}", count: 2000)) }
        #expect(throws: BookingError.reason(.invalidText)) { try Bookings.validatedReason("ne\u{7}") }
        #expect(try Bookings.validatedReason(String(repeating: "ř", count: 500)).count == 500)
    }
}
