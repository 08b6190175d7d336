import Foundation
import Fotofolio

/// Bookings as an iCalendar document (RFC 5545): one `VEVENT` per booking, times in UTC,
/// text escaped (§3.3.11) and lines folded at 75 octets without splitting a character
/// (§3.1), every line ended by CRLF. A cancelled booking stays in the feed as
/// `STATUS:CANCELLED` with a higher `SEQUENCE`, so subscribed calendars take it away.
struct ICalendar {
    struct Event {
        let booking: Booking
        /// "Svatba – Vojtěch Foti": what the person's calendar shows.
        let summary: String
        let description: String
        let url: String
    }

    static func document(_ events: [Event], name: String, at now: Date) -> String {
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Fotofolio//Bookings//EN", "CALSCALE:GREGORIAN",
                     "METHOD:PUBLISH", "X-WR-CALNAME:\(text(name))"]
        for event in events {
            let booking = event.booking
            let cancelled = booking.cancellation != nil
            lines += [
                "BEGIN:VEVENT",
                "UID:booking-\(booking.id)@fotofolio",
                "DTSTAMP:\(utc(now))",
                "LAST-MODIFIED:\(utc(booking.cancellation?.at ?? booking.createdAt))",
                "SEQUENCE:\(cancelled ? 1 : 0)",
                "DTSTART:\(utc(booking.startsAt))",
                "DTEND:\(utc(booking.endsAt))",
                "SUMMARY:\(text(event.summary))",
                "LOCATION:\(text(booking.place))",
                "DESCRIPTION:\(text(event.description))",
                "URL:\(event.url)",
                "STATUS:\(cancelled ? "CANCELLED" : "CONFIRMED")",
                "TRANSP:OPAQUE",
                "END:VEVENT",
            ]
        }
        lines.append("END:VCALENDAR")
        return lines.map(folded).joined(separator: "\r\n") + "\r\n"
    }

    /// `20270612T120000Z`.
    static func utc(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func two(_ value: Int?) -> String { let value = value ?? 0; return value < 10 ? "0\(value)" : String(value) }
        return "\(parts.year ?? 1970)\(two(parts.month))\(two(parts.day))T\(two(parts.hour))\(two(parts.minute))\(two(parts.second))Z"
    }

    /// A TEXT value: backslash, semicolon and comma escaped, line breaks as `\n`, other
    /// control characters left out (they may not appear in a content line).
    static func text(_ value: String) -> String {
        var result = ""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case ";": result += "\\;"
            case ",": result += "\\,"
            case "\n": result += "\\n"
            case "\t": result.unicodeScalars.append(scalar)
            default:
                if scalar.properties.generalCategory == .control { continue }
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// The line cut into pieces of at most 75 octets, each after the first starting with a
    /// space; cuts fall between characters' UTF-8 sequences.
    static func folded(_ line: String) -> String {
        guard line.utf8.count > 75 else { return line }
        var pieces: [String] = []
        var piece = String.UnicodeScalarView()
        var octets = 0
        for scalar in line.unicodeScalars {
            let size = String(scalar).utf8.count
            let limit = pieces.isEmpty ? 75 : 74
            if octets + size > limit {
                pieces.append(String(piece))
                piece = String.UnicodeScalarView()
                octets = 0
            }
            piece.append(scalar)
            octets += size
        }
        pieces.append(String(piece))
        return pieces.joined(separator: "\r\n ")
    }
}
