import HTTPServer

/// A guest's bookmarks, kept in a cookie until they sign in and they move to the account.
enum GuestSelection {
    static let cookieName = "selection"
    /// Enough for any real shortlist; keeps the cookie far below browsers' 4 KB limit.
    static let limit = 60

    /// The bookmarked portfolio ids, oldest first; anything that is not an id is ignored.
    static func ids(in request: Request) -> [Int64] {
        guard let value = request.cookies[cookieName] else { return [] }
        var seen = Set<Int64>()
        return value.split(separator: ".").compactMap { Int64($0) }.filter { $0 > 0 && seen.insert($0).inserted }
    }

    /// The cookie holding `ids` (the most recent `limit`), or deleting it when empty.
    static func cookie(_ ids: [Int64]) -> SetCookie {
        guard !ids.isEmpty else { return .deleting(cookieName) }
        let kept = ids.suffix(limit).map(String.init).joined(separator: ".")
        return SetCookie(name: cookieName, value: kept, maxAge: 90 * 24 * 3600)
    }
}
