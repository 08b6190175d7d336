import Fotofolio
import HTTPServer

/// How a required wait is told: in words for the person, in `Retry-After` for their browser.
enum WaitAnswer {
    /// "Try again in …": seconds under a minute, else minutes rounded up, so nobody who
    /// follows it comes back too early. Either key is a plural with `{count}`.
    static func text(_ wait: Duration, table: StringTable, seconds: String? = nil, minutes: String) -> String {
        let total = max(1, Int(wait.components.seconds))
        if let seconds, total < 60 { return table.plural(seconds, count: total) }
        return table.plural(minutes, count: (total + 59) / 60)
    }
}

extension Response {
    mutating func retryAfter(_ wait: Duration) {
        headers.set("Retry-After", String(max(1, wait.components.seconds)))
    }
}
