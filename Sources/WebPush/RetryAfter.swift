import Foundation

/// Retry-After (RFC 9110 §10.2.3): a number of seconds or an HTTP date.
enum RetryAfter {
    /// Seconds from `now`, never negative; nil for a value that is neither form. At most a day.
    static func seconds(_ value: String, now: Date) -> TimeInterval? {
        if !value.isEmpty, value.utf8.count <= 10, value.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }), let seconds = Int(value) {
            return TimeInterval(min(seconds, maxSeconds))
        }
        guard let date = httpDate(value) else { return nil }
        return min(max(0, date.timeIntervalSince(now)), TimeInterval(maxSeconds))
    }

    static let maxSeconds = 24 * 3600

    /// IMF-fixdate, the form every current server writes (`Sun, 06 Nov 1994 08:49:37 GMT`).
    private static func httpDate(_ value: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        // The formatter forgives a missing part; a date written back exactly is the one asked for.
        guard let date = formatter.date(from: value), formatter.string(from: date) == value else { return nil }
        return date
    }
}
