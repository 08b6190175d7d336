import Foundation

/// Turns dates into the MS-DOS date and time of ZIP headers: local wall-clock time (Prague's,
/// where the photographers are) in two-second steps, 1980 to 2107.
struct DOSClock {
    struct Time {
        let dosTime: UInt16
        let dosDate: UInt16
        /// Seconds since 1970 in UTC, for the extended timestamp; nil outside 32 bits.
        let unix: Int32?
    }

    private let calendar: Calendar

    init(timeZone: TimeZone = TimeZone(identifier: "Europe/Prague") ?? .gmt) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        self.calendar = calendar
    }

    func time(of date: Date) -> Time {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        let unix = seconds >= Double(Int32.min) && seconds <= Double(Int32.max) ? Int32(seconds) : nil
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        guard let year = parts.year, let month = parts.month, let day = parts.day,
              let hour = parts.hour, let minute = parts.minute, let second = parts.second else {
            return Time(dosTime: 0, dosDate: Self.earliestDate, unix: unix)
        }
        // Outside DOS's years the nearest end is written.
        if year < 1980 { return Time(dosTime: 0, dosDate: Self.earliestDate, unix: unix) }
        if year > 2107 { return Time(dosTime: 23 << 11 | 59 << 5 | 29, dosDate: 127 << 9 | 12 << 5 | 31, unix: unix) }
        let dosDate = UInt16(year - 1980) << 9 | UInt16(month) << 5 | UInt16(day)
        let dosTime = UInt16(hour) << 11 | UInt16(minute) << 5 | UInt16(second / 2)
        return Time(dosTime: dosTime, dosDate: dosDate, unix: unix)
    }

    /// 1 January 1980.
    private static let earliestDate: UInt16 = 1 << 5 | 1
}
