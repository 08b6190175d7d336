import Foundation
import Fotofolio

/// A photographer's next months as calendars (`partials/availability`): each day free, busy
/// (marked by hand) or booked, past days greyed. On the profile it is read only; on
/// `/profile/availability` each coming day is a checkbox, so the form works without a script.
struct AvailabilityView: ViewModel {
    struct Day: ViewModel {
        let number: String
        let date: String
        /// The day and its state, for the read-only months.
        let label: String
        /// The day alone: a checkbox says itself whether it is ticked (busy).
        let dayName: String
        let stateKey: String
        let busy: Bool
        let booked: Bool
        let past: Bool
        let editable: Bool
        /// Before the first or after the last of the month.
        let blank: Bool

        static let none = Day(number: "", date: "", label: "", dayName: "", stateKey: "", busy: false, booked: false, past: false, editable: false,
                              blank: true)
    }

    struct Week: ViewModel {
        let days: [Day]
    }

    struct Month: ViewModel {
        let title: String
        let weeks: [Week]
    }

    struct Weekday: ViewModel {
        let short: String
        let full: String
    }

    let months: [Month]
    let weekdays: [Weekday]
    let editable: Bool
    let freeDays: Int

    init(busy: [CalendarDay: Int64?], today: CalendarDay, editable: Bool, table: StringTable) {
        let locale = Locale(identifier: table.language == .cs ? "cs_CZ" : "en_GB")
        var style = Date.FormatStyle(locale: locale, calendar: Calendar(identifier: .gregorian), timeZone: CalendarDay.zone)
        style.timeZone = CalendarDay.zone
        let range = Bookings.availabilityRange(today: today)
        var months: [Month] = []
        var free = 0
        var first = range.first
        while first <= range.last {
            var weeks: [Week] = []
            var week: [Day] = Array(repeating: .none, count: first.weekday)
            var day = first
            while day.month == first.month, day.year == first.year {
                let mark = busy[day]
                let booked = mark.map { $0 != nil } ?? false
                let isBusy = mark != nil
                let past = day < today
                if !past, !isBusy { free += 1 }
                let stateKey = past ? "past" : booked ? "booked" : isBusy ? "busy" : "free"
                let noon = day.start.addingTimeInterval(12 * 3600)
                let dayName = noon.formatted(style.weekday(.wide).day().month(.wide))
                week.append(Day(number: String(day.day), date: day.text,
                                label: "\(dayName): \(table.string("bookings.availability.\(stateKey)"))", dayName: dayName,
                                stateKey: stateKey, busy: isBusy, booked: booked, past: past, editable: editable && !past && !booked,
                                blank: false))
                if week.count == 7 { weeks.append(Week(days: week)); week = [] }
                day = day.adding(days: 1)
            }
            if !week.isEmpty { weeks.append(Week(days: week + Array(repeating: .none, count: 7 - week.count))) }
            months.append(Month(title: first.start.addingTimeInterval(12 * 3600).formatted(style.month(.wide).year()), weeks: weeks))
            first = first.nextMonth
        }
        self.months = months
        // Monday first: 2027-03-01 was a Monday.
        let monday = CalendarDay(year: 2027, month: 3, day: 1)!
        weekdays = (0..<7).map { offset in
            let noon = monday.adding(days: offset).start.addingTimeInterval(12 * 3600)
            return Weekday(short: noon.formatted(style.weekday(.narrow)), full: noon.formatted(style.weekday(.wide)))
        }
        self.editable = editable
        freeDays = free
    }
}
