import Foundation
import HTTPServer

/// Times and days of messages as a reader reads them: in their time zone (the browser tells
/// it in the `tz` cookie; Prague until it has), "Today" and "Yesterday" instead of dates.
struct MessageDates: Sendable {
    static let cookieName = "tz"
    static let defaultZone = TimeZone(identifier: "Europe/Prague")!

    let zone: TimeZone
    let locale: Locale
    let now: Date
    let today: String
    let yesterday: String
    /// "Viděno {time}", "Viděno včera v {time}", "Viděno {date} v {time}".
    private let seenToday: String
    private let seenYesterday: String
    private let seenEarlier: String
    private let calendar: Calendar

    init(zone: TimeZone, language: Language, table: StringTable, now: Date = Date()) {
        self.zone = zone
        self.now = now
        locale = Locale(identifier: language == .cs ? "cs_CZ" : "en_GB")
        today = table.string("messages.today")
        yesterday = table.string("messages.yesterday")
        seenToday = table.string("messages.seen.today")
        seenYesterday = table.string("messages.seen.yesterday")
        seenEarlier = table.string("messages.seen.earlier")
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        self.calendar = calendar
    }

    init(for request: Request, table: StringTable, now: Date? = nil) {
        self.init(zone: Self.zone(of: request), language: table.language, table: table, now: now ?? request.now)
    }

    /// The zone the browser named, if it is one this machine knows.
    static func zone(of request: Request) -> TimeZone {
        guard let value = request.cookies[cookieName], value.utf8.count <= 100,
              let name = value.removingPercentEncoding, let zone = TimeZone(identifier: name) else { return defaultZone }
        return zone
    }

    /// The day and time in full, for moments that are not messages' (a suspension's end):
    /// "3. prosince 2026 14:05", "3 December 2026 at 14:05".
    func moment(_ date: Date) -> String {
        date.formatted(style.day().month(.wide).year().hour(.twoDigits(amPM: .omitted)).minute(.twoDigits))
    }

    /// "14:05".
    func clock(_ date: Date) -> String {
        date.formatted(style.hour(.twoDigits(amPM: .omitted)).minute(.twoDigits))
    }

    /// When the other person read as far as a message: "Viděno 14:05", "Seen yesterday at
    /// 14:05", "Seen 3 Nov at 14:05".
    func seenLabel(_ date: Date) -> String {
        let (form, day): (String, String) = switch daysAgo(date) {
        case 0: (seenToday, "")
        case 1: (seenYesterday, "")
        default: (seenEarlier, calendar.isDate(date, equalTo: now, toGranularity: .year)
            ? date.formatted(style.day().month(.abbreviated)) : date.formatted(style.day().month(.abbreviated).year()))
        }
        return form.replacingOccurrences(of: "{date}", with: day).replacingOccurrences(of: "{time}", with: clock(date))
    }

    /// The day as `yyyy-mm-dd` in the reader's zone: what groups messages.
    func dayKey(_ date: Date) -> String {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }

    /// For a conversation in the list: the time today, "Yesterday", else the date.
    func listLabel(_ date: Date) -> String {
        switch daysAgo(date) {
        case 0: clock(date)
        case 1: yesterday
        default: calendar.isDate(date, equalTo: now, toGranularity: .year)
            ? date.formatted(style.day().month(.abbreviated)) : date.formatted(style.day().month(.abbreviated).year())
        }
    }

    /// Above a day's messages: "Today", "Yesterday", else the weekday and date.
    func dayHeader(_ date: Date) -> String {
        switch daysAgo(date) {
        case 0: today
        case 1: yesterday
        default: calendar.isDate(date, equalTo: now, toGranularity: .year)
            ? date.formatted(style.weekday(.wide).day().month(.wide))
            : date.formatted(style.weekday(.wide).day().month(.wide).year())
        }
    }

    /// Whole calendar days between the date and now (0: today, negative: a future day).
    private func daysAgo(_ date: Date) -> Int {
        calendar.dateComponents([.day], from: calendar.startOfDay(for: date), to: calendar.startOfDay(for: now)).day ?? 0
    }

    private var style: Date.FormatStyle {
        Date.FormatStyle(locale: locale, calendar: calendar, timeZone: zone)
    }
}
