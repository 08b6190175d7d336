import Foundation
import Testing
@testable import Fotofolio

/// A moment given in UTC, to say which instant a day's wall clock names.
private func utc(_ text: String) -> Date {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime]
    return formatter.date(from: text)!
}

private func day(_ text: String) -> CalendarDay { CalendarDay(text)! }

@Suite struct CalendarDayTests {
    @Test func aRealDayInTheFormYearMonthDayIsRead() throws {
        let read = try #require(CalendarDay("2027-06-12"))
        #expect(read.year == 2027 && read.month == 6 && read.day == 12)
        #expect(CalendarDay("2028-02-29") == CalendarDay(year: 2028, month: 2, day: 29))
        #expect(CalendarDay("2000-01-01") != nil && CalendarDay("2999-12-31") != nil)
    }

    @Test(arguments: [
        "2027-02-29", "2100-02-29", "2027-04-31", "2027-13-01", "2027-00-10", "2027-01-00", "2027-01-32",
        "2027-4-01", "2027-04-1", "+027-04-01", "-027-04-01", "2027/04/01", "2027-04-01T", " 2027-04-01", "2027-04-01 ",
        "27-04-01", "12345678901234567890", "", "----------", "2027-0a-01", "２０２７-04-01", "2027-٠٤-01",
        "1999-12-31", "0999-01-01", "3000-01-01", "9999-12-31", "0000-00-00",
    ])
    func anythingElseIsNoDay(text: String) {
        #expect(CalendarDay(text) == nil)
    }

    @Test func daysOutsideTheYearsTwoThousandToTwoThousandNineHundredNinetyNineAreNotMadeFromNumbersEither() {
        #expect(CalendarDay(year: 1999, month: 12, day: 31) == nil)
        #expect(CalendarDay(year: 3000, month: 1, day: 1) == nil)
        #expect(CalendarDay(year: 2027, month: 2, day: 29) == nil)
        #expect(CalendarDay(year: 2027, month: 6, day: 0) == nil)
        #expect(CalendarDay(year: Int.max, month: 1, day: 1) == nil)
    }

    @Test(arguments: ["2000-01-01", "2027-03-28", "2027-10-31", "2028-02-29", "2999-12-31", "2030-09-05"])
    func theTextOfADayReadsBackAsTheSameDay(text: String) throws {
        let read = try #require(CalendarDay(text))
        #expect(read.text == text && read.description == text)
        #expect(CalendarDay(read.text) == read)
    }

    @Test func aDayIsWrittenWithLeadingZeros() {
        #expect(CalendarDay(year: 2031, month: 1, day: 2)?.text == "2031-01-02")
    }

    @Test func addingDaysCountsCalendarDaysAcrossTheSummerTimeChangesInPrague() {
        // Summer time begins on 28 March 2027 (a 23-hour day) and ends on 31 October 2027 (25 hours).
        #expect(day("2027-03-27").adding(days: 1) == day("2027-03-28"))
        #expect(day("2027-03-27").adding(days: 2) == day("2027-03-29"))
        #expect(day("2027-03-28").adding(days: 1) == day("2027-03-29"))
        #expect(day("2027-03-29").adding(days: -1) == day("2027-03-28"))
        #expect(day("2027-03-29").adding(days: -2) == day("2027-03-27"))
        #expect(day("2027-10-30").adding(days: 1) == day("2027-10-31"))
        #expect(day("2027-10-31").adding(days: 1) == day("2027-11-01"))
        #expect(day("2027-11-01").adding(days: -1) == day("2027-10-31"))
        #expect(day("2027-11-01").adding(days: -2) == day("2027-10-30"))
        #expect(day("2027-01-01").adding(days: 365) == day("2028-01-01"))
        #expect(day("2028-01-01").adding(days: 366) == day("2029-01-01"))
        #expect(day("2027-03-01").adding(days: 0) == day("2027-03-01"))
    }

    @Test func daysBetweenTwoDaysAreWholeDaysWhateverTheClockDid() {
        #expect(day("2027-03-27").days(to: day("2027-03-29")) == 2)
        #expect(day("2027-10-30").days(to: day("2027-11-01")) == 2)
        #expect(day("2027-11-01").days(to: day("2027-10-30")) == -2)
        #expect(day("2027-01-01").days(to: day("2028-01-01")) == 365)
        // Every day of a year, one after the other.
        var walked = day("2027-01-01")
        for offset in 1...365 {
            let next = walked.adding(days: 1)
            #expect(walked.days(to: next) == 1 && next > walked, "\(walked)")
            #expect(day("2027-01-01").adding(days: offset) == next)
            walked = next
        }
        #expect(walked == day("2028-01-01"))
    }

    @Test func aTimeOfDayMeansThatTimeOnTheWallClockInPrague() {
        // Winter: UTC+1; summer: UTC+2, from the change on.
        #expect(day("2027-03-27").at(minutes: 14 * 60) == utc("2027-03-27T13:00:00Z"))
        #expect(day("2027-03-28").at(minutes: 14 * 60) == utc("2027-03-28T12:00:00Z"))
        #expect(day("2027-03-28").at(minutes: 60) == utc("2027-03-28T00:00:00Z"))
        #expect(day("2027-03-28").at(minutes: 3 * 60) == utc("2027-03-28T01:00:00Z"))
        #expect(day("2027-10-31").at(minutes: 14 * 60 + 30) == utc("2027-10-31T13:30:00Z"))
        #expect(day("2027-10-30").at(minutes: 14 * 60 + 30) == utc("2027-10-30T12:30:00Z"))
        #expect(day("2027-07-01").at(minutes: 23 * 60 + 59) == utc("2027-07-01T21:59:00Z"))
        #expect(day("2027-07-01").at(minutes: 0) == day("2027-07-01").start)
        #expect(day("2027-07-01").start == utc("2027-06-30T22:00:00Z"))
        #expect(day("2027-01-15").start == utc("2027-01-14T23:00:00Z"))
    }

    @Test func theDayOfAMomentIsTheDayInPrague() {
        // 23:30 UTC on 30 June is already 1 July in Prague.
        #expect(CalendarDay(utc("2027-06-30T23:30:00Z")) == day("2027-07-01"))
        #expect(CalendarDay(utc("2027-06-30T21:59:59Z")) == day("2027-06-30"))
        #expect(CalendarDay(utc("2027-12-31T23:00:00Z")) == day("2028-01-01"))
        #expect(CalendarDay(day("2027-03-28").start) == day("2027-03-28"))
        #expect(CalendarDay(day("2027-10-31").at(minutes: 23 * 60 + 59)) == day("2027-10-31"))
    }

    @Test func weekdaysRunFromMondayZeroToSundaySix() {
        #expect(day("2027-03-29").weekday == 0)
        #expect(day("2027-03-28").weekday == 6)
        #expect(day("2027-10-31").weekday == 6)
        #expect(day("2027-01-01").weekday == 4)
        #expect(day("2028-02-29").weekday == 1)
        #expect((0..<7).map { day("2027-03-29").adding(days: $0).weekday } == Array(0..<7))
    }

    @Test func theNextMonthStartsOnItsFirstDayAlsoAcrossDecember() {
        #expect(day("2027-12-31").nextMonth == day("2028-01-01"))
        #expect(day("2027-12-01").nextMonth == day("2028-01-01"))
        #expect(day("2028-01-31").nextMonth == day("2028-02-01"))
        #expect(day("2027-02-14").nextMonth == day("2027-03-01"))
        #expect(day("2027-02-14").firstOfMonth == day("2027-02-01"))
    }

    @Test func daysAreOrderedByYearThenMonthThenDay() {
        #expect(day("2027-12-31") < day("2028-01-01"))
        #expect(day("2027-02-28") < day("2027-03-01"))
        #expect(day("2027-03-09") < day("2027-03-10"))
        #expect(!(day("2027-03-10") < day("2027-03-10")))
        #expect([day("2028-01-01"), day("2027-01-02"), day("2027-01-01")].sorted().map(\.text) == [
            "2027-01-01", "2027-01-02", "2028-01-01",
        ])
    }

    @Test func theAvailabilityShowsThreeWholeMonthsFromTodaysMonth() {
        let range = Bookings.availabilityRange(today: day("2027-11-15"))
        #expect(range.first == day("2027-11-01") && range.last == day("2028-01-31"))
        let leap = Bookings.availabilityRange(today: day("2027-12-31"))
        #expect(leap.first == day("2027-12-01") && leap.last == day("2028-02-29"))
    }
}

@Suite struct TodayTests {
    /// Every 7 minutes and 13 seconds through a year (both summer-time changes, every
    /// midnight), forwards and then back: the kept day is the calendar's.
    @Test func todayIsTheCalendarsDayAtEveryMoment() throws {
        let start = try #require(CalendarDay(year: 2027, month: 1, day: 1)).start.timeIntervalSince1970
        let moments = stride(from: start, to: start + 366 * 86_400, by: 433).map { Date(timeIntervalSince1970: $0) }
        for date in moments + moments.reversed() {
            #expect(CalendarDay.today(at: date) == CalendarDay(date))
        }
    }

    @Test func theLastSecondBeforeMidnightInPragueIsStillThatDay() throws {
        let midnight = try #require(CalendarDay(year: 2027, month: 3, day: 28)).start
        let before = midnight.addingTimeInterval(-0.5)
        #expect(CalendarDay.today(at: before) == CalendarDay(year: 2027, month: 3, day: 27))
        #expect(CalendarDay.today(at: midnight) == CalendarDay(year: 2027, month: 3, day: 28))
        #expect(CalendarDay.today(at: before) == CalendarDay(year: 2027, month: 3, day: 27))
    }
}

@Suite struct ClockTimeTests {
    @Test func hoursAndMinutesAreReadAsMinutesAfterMidnight() {
        #expect(ClockTime.minutes("9:05") == 9 * 60 + 5)
        #expect(ClockTime.minutes("09:05") == 9 * 60 + 5)
        #expect(ClockTime.minutes("0:00") == 0)
        #expect(ClockTime.minutes("00:00") == 0)
        #expect(ClockTime.minutes("14:30") == 14 * 60 + 30)
        #expect(ClockTime.minutes("23:59") == 23 * 60 + 59)
    }

    @Test(arguments: [
        "24:00", "12:60", "1:5", "-1:00", "12:00:00", "", ":", "12:", ":30", "123:00", "12.30", "12 30", " 9:05", "9:05 ",
        "+9:05", "9:-5", "١٢:٣٠", "１２:３０", "9h05", "99:99", "12:3a", "00000000000000000009:05",
    ])
    func anythingElseIsNoTime(text: String) {
        #expect(ClockTime.minutes(text) == nil)
    }

    @Test func aTimeIsWrittenWithTwoDigitsOfMinutes() {
        #expect(ClockTime.text(9 * 60 + 5) == "9:05")
        #expect(ClockTime.text(0) == "0:00")
        #expect(ClockTime.text(23 * 60 + 59) == "23:59")
        for minutes in stride(from: 0, to: 24 * 60, by: 7) {
            #expect(ClockTime.minutes(ClockTime.text(minutes)) == minutes)
        }
    }
}
