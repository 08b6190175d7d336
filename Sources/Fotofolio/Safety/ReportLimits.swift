import Foundation

/// How many reports one person may file: a few a minute and a few dozen a day. Someone
/// reporting what they came across never gets near; a script filing reports to bury the
/// operators' queue stops at once. The stores read the reporter's recent reports inside the
/// transaction that would file the next, so two nodes cannot both let one over the limit in.
public struct ReportLimits: Sendable, Equatable {
    public var perMinute = 5
    public var perDay = 50

    public init() {}

    public static let standard = ReportLimits()

    /// Since when filed reports count: the last day.
    public func counted(at date: Date) -> Date { date.addingTimeInterval(-86_400) }

    /// `filed`: when the person filed reports since `counted(at:)`, oldest first. Throws
    /// `ReportError.tooMany` with the wait until the oldest report that counts leaves its window.
    public func check(filed: [Date], at date: Date) throws(ReportError) {
        var wait: TimeInterval?
        if filed.count >= perDay {
            wait = filed[filed.count - perDay].timeIntervalSince(date) + 86_400
        }
        let lastMinute = filed.filter { $0 > date.addingTimeInterval(-60) }
        if lastMinute.count >= perMinute {
            wait = max(wait ?? 0, lastMinute[lastMinute.count - perMinute].timeIntervalSince(date) + 60)
        }
        if let wait { throw .tooMany(retryAfter: .seconds(max(1, Int(wait.rounded(.up))))) }
    }
}
