import Foundation
import HTTPServer

/// The moment pages are drawn at: what the feed's "today" (the first day its free-day field
/// offers) and the messenger's "today" and "yesterday" are counted from. The present, unless
/// the app is given a clock: a test pins one, so that two pages it compares are drawn on the
/// same day in Prague even when midnight passes between them.
public struct PageClock: Sendable {
    private let read: @Sendable () -> Date

    public init(_ now: @escaping @Sendable () -> Date) {
        read = now
    }

    /// Always `date`.
    public static func fixed(_ date: Date) -> PageClock {
        PageClock { date }
    }

    public var now: Date { read() }
}

/// Puts the app's clock's moment in each request's context (only for an app given a clock:
/// without one, `Request.now` is the present).
struct PageClocking: Middleware {
    let clock: PageClock

    func handle(_ request: Request, next: (Request) throws -> Response) throws -> Response {
        var request = request
        request.context[PageClockKey.self] = clock.now
        return try next(request)
    }
}

enum PageClockKey: RequestContextKey {
    typealias Value = Date
}

extension Request {
    /// The moment this request's page is drawn at (`PageClock`).
    var now: Date { context[PageClockKey.self] ?? Date() }
}
