import Foundation

/// Parsing of the request headers static files answer to: validators, codings, dates.
extension StaticFiles {
    /// Entity-tag lists as sent in `If-None-Match` (RFC 9110 §8.8.3).
    enum EntityTag {
        /// Weak comparison (the `W/` prefix is ignored), as `If-None-Match` requires; `*`
        /// matches any current representation. A malformed list matches nothing after the flaw.
        static func list(_ text: String, weaklyMatches etag: String) -> Bool {
            if text.trimmingCharacters(in: .whitespaces) == "*" { return true }
            let wanted = opaque(etag)
            return tags(in: text).contains { opaque($0) == wanted }
        }

        /// The tags of a comma-separated list, each with its quotes and any `W/`. Tags are
        /// read quote to quote, since a comma is a legal character inside one.
        static func tags(in text: String) -> [Substring] {
            var tags: [Substring] = []
            var rest = Substring(text)
            while true {
                rest = rest.drop { $0 == " " || $0 == "\t" || $0 == "," }
                guard !rest.isEmpty else { return tags }
                let body = rest.hasPrefix("W/") ? rest.dropFirst(2) : rest
                guard body.hasPrefix("\""), let close = body.dropFirst().firstIndex(of: "\"") else { return tags }
                tags.append(rest[..<body.index(after: close)])
                rest = body[body.index(after: close)...]
            }
        }

        private static func opaque(_ tag: some StringProtocol) -> Substring {
            let text = Substring(tag)
            return text.hasPrefix("W/") ? text.dropFirst(2) : text
        }
    }

    /// `Accept-Encoding` negotiation (RFC 9110 §12.5.3), for gzip only.
    enum ContentCoding {
        /// Whether gzip is acceptable: named (or `x-gzip`) with a non-zero q-value, or covered
        /// by `*` when not named. Absent header: no (identity is always safe).
        static func acceptsGzip(_ fields: [String]) -> Bool {
            var gzip: Double?
            var wildcard: Double?
            for element in fields.joined(separator: ",").split(separator: ",") {
                let parameters = element.split(separator: ";")
                guard let coding = parameters.first?.trimmingCharacters(in: .whitespaces).lowercased() else { continue }
                let weight = quality(parameters.dropFirst())
                switch coding {
                case "gzip", "x-gzip": gzip = gzip ?? weight
                case "*": wildcard = wildcard ?? weight
                default: continue
                }
            }
            return (gzip ?? wildcard ?? 0) > 0
        }

        /// The q-value of an element: 1 when absent, 0 when malformed (the safe reading).
        private static func quality(_ parameters: ArraySlice<Substring>) -> Double {
            for parameter in parameters {
                let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                guard pair.count == 2, pair[0].lowercased() == "q" else { continue }
                guard let value = Double(pair[1]), (0...1).contains(value) else { return 0 }
                return value
            }
            return 1
        }
    }

    /// HTTP dates (RFC 9110 §5.6.7) as whole seconds since 1970, UTC.
    enum HTTPDate {
        private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                     "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

        /// IMF-fixdate, the only form to send: `Sun, 06 Nov 1994 08:49:37 GMT`.
        static func format(_ seconds: Int) -> String {
            var time = time_t(seconds)
            var parts = tm()
            gmtime_r(&time, &parts)
            let day = weekdays[Int(parts.tm_wday) % 7]
            let month = months[Int(parts.tm_mon) % 12]
            return "\(day), \(two(parts.tm_mday)) \(month) \(parts.tm_year + 1900) "
                + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) GMT"
        }

        /// Reads IMF-fixdate and the two obsolete forms recipients must still accept:
        /// RFC 850 (`Sunday, 06-Nov-94 08:49:37 GMT`) and asctime (`Sun Nov  6 08:49:37 1994`).
        static func parse(_ text: String) -> Int? {
            let tokens = text.split { $0 == " " || $0 == "," || $0 == "-" }
            switch tokens.count {
            case 6 where tokens[5] == "GMT":
                return make(day: tokens[1], month: tokens[2], year: tokens[3], time: tokens[4])
            case 5:
                return make(day: tokens[2], month: tokens[1], year: tokens[4], time: tokens[3])
            default:
                return nil
            }
        }

        private static func make(day: Substring, month: Substring, year: Substring, time: Substring) -> Int? {
            let clock = time.split(separator: ":", omittingEmptySubsequences: false).compactMap { Int32($0) }
            guard let day = Int32(day), (1...31).contains(day),
                  let month = months.firstIndex(of: String(month)),
                  var year = Int32(year), clock.count == 3,
                  (0...23).contains(clock[0]), (0...59).contains(clock[1]), (0...60).contains(clock[2])
            else { return nil }
            if year < 100 { year = fullYear(twoDigits: year) }
            var parts = tm()
            parts.tm_year = year - 1900
            parts.tm_mon = Int32(month)
            parts.tm_mday = day
            parts.tm_hour = clock[0]
            parts.tm_min = clock[1]
            parts.tm_sec = clock[2]
            return Int(timegm(&parts))
        }

        /// RFC 850's two-digit years: a year more than 50 years ahead is taken as the most
        /// recent past year with the same last two digits (RFC 9110 §5.6.7).
        private static func fullYear(twoDigits: Int32) -> Int32 {
            var now = time_t(Date().timeIntervalSince1970)
            var parts = tm()
            gmtime_r(&now, &parts)
            let current = parts.tm_year + 1900
            let candidate = current - current % 100 + twoDigits
            return candidate > current + 50 ? candidate - 100 : candidate
        }

        private static func two(_ value: Int32) -> String {
            value < 10 ? "0\(value)" : "\(value)"
        }
    }
}
