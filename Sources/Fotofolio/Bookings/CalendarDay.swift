import Foundation
import Synchronization

/// A day as people name one, with no time and no zone: `2027-06-12`. Shoots, offers, busy
/// days and the feed's "free on" are days in Fotofolio's calendar (`CalendarDay.zone`).
///
/// The text comes from forms and addresses anyone can type, so it is read digit by digit
/// with bounds (years 2000–2999) and checked to be a real day (no 31 April).
public struct CalendarDay: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// Where Fotofolio's people live and shoot: days begin and end at midnight in Prague.
    public static let zone = TimeZone(identifier: "Europe/Prague")!
    static let years = 2000...2999

    private static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar
    }()

    /// `yyyy-mm-dd` exactly; nil for anything else or a day the calendar does not have.
    public init?(_ text: some StringProtocol) {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
              let year = Self.number(bytes[0..<4]), let month = Self.number(bytes[5..<7]), let day = Self.number(bytes[8..<10])
        else { return nil }
        self.init(year: year, month: month, day: day)
    }

    public init?(year: Int, month: Int, day: Int) {
        guard Self.years.contains(year), (1...12).contains(month), (1...31).contains(day),
              let date = Self.calendar.date(from: DateComponents(year: year, month: month, day: day)),
              Self.calendar.component(.day, from: date) == day else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// The day in Prague at `date`, from the calendar at most once a minute: a day in Prague
    /// begins on a whole minute, so every moment of a minute has the day of its first second.
    /// Pages ask for today on every request.
    public static func today(at date: Date = Date()) -> CalendarDay {
        let minute = (date.timeIntervalSince1970 / 60).rounded(.down)
        if let known = lastToday.withLock({ $0 }), known.minute == minute { return known.day }
        let day = CalendarDay(date)
        lastToday.withLock { $0 = (minute, day) }
        return day
    }

    private static let lastToday = Mutex<(minute: Double, day: CalendarDay)?>(nil)

    /// The day in Prague at that moment.
    public init(_ date: Date) {
        let parts = Self.calendar.dateComponents([.year, .month, .day], from: date)
        year = parts.year!
        month = parts.month!
        day = parts.day!
    }

    private static func number(_ digits: ArraySlice<UInt8>) -> Int? {
        var value = 0
        for digit in digits {
            guard (0x30...0x39).contains(digit) else { return nil }
            value = value * 10 + Int(digit - 0x30)
        }
        return value
    }

    public var text: String {
        func padded(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))"
    }

    public var description: String { text }

    /// Midnight that begins the day, in Prague.
    public var start: Date { Self.calendar.date(from: DateComponents(year: year, month: month, day: day))! }

    /// The moment `minutes` after the day's midnight by the clock (a summer-time change moves
    /// the clock, not the meaning: "14:00" is 14:00 on the wall).
    public func at(minutes: Int) -> Date {
        Self.calendar.date(from: DateComponents(year: year, month: month, day: day, hour: minutes / 60, minute: minutes % 60))!
    }

    public func adding(days: Int) -> CalendarDay {
        CalendarDay(Self.calendar.date(byAdding: .day, value: days, to: start.addingTimeInterval(12 * 3600))!)
    }

    /// Whole days from this day to `other` (negative when `other` is earlier).
    public func days(to other: CalendarDay) -> Int {
        Self.calendar.dateComponents([.day], from: start, to: other.start).day!
    }

    /// Monday 0 … Sunday 6.
    public var weekday: Int { (Self.calendar.component(.weekday, from: start) + 5) % 7 }

    /// The first day of the month.
    public var firstOfMonth: CalendarDay { CalendarDay(year: year, month: month, day: 1)! }

    /// The first day of the next month.
    public var nextMonth: CalendarDay {
        month == 12 ? CalendarDay(year: year + 1, month: 1, day: 1) ?? self : CalendarDay(year: year, month: month + 1, day: 1)!
    }

    public static func < (left: CalendarDay, right: CalendarDay) -> Bool {
        (left.year, left.month, left.day) < (right.year, right.month, right.day)
    }
}

/// A time of day as a wall clock shows it: `14:30`, minutes after midnight.
public enum ClockTime {
    /// `h:mm` or `hh:mm`, 00:00–23:59; nil otherwise.
    public static func minutes(_ text: some StringProtocol) -> Int? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].utf8.count), parts[1].utf8.count == 2,
              parts.allSatisfy({ $0.utf8.allSatisfy { (0x30...0x39).contains($0) } }),
              let hours = Int(parts[0]), let minutes = Int(parts[1]), hours < 24, minutes < 60 else { return nil }
        return hours * 60 + minutes
    }

    public static func text(_ minutes: Int) -> String {
        let minute = minutes % 60
        return "\(minutes / 60):\(minute < 10 ? "0" : "")\(minute)"
    }
}
