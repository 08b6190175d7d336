import Fotofolio
import HTTPServer
import Synchronization

/// Guests' feed pages as sent, kept by everything their bytes are made of: a guest asking
/// for a page another guest got gets those bytes with their own CSRF token put in, copied
/// once into the memory libmicrohttpd sends from, instead of the cards being filled, the
/// page put together and copied again.
///
/// The feed is still read on every request, and what is kept is found by what that read
/// found (`FeedCaches.PageKey`): each card's portfolio, the count and the next page (the
/// page's memo), with the address as asked (the language switch returns to it), the
/// language, the fragment, today and which of the cards are in the guest's selection. A change to the feed changes
/// the key, so nothing kept is ever served stale; pages nobody asks for any more are let go
/// all at once when the kept bytes pass their budget.
final class KeptFeedPages: Sendable {
    /// A page cut where the CSRF token goes: the token goes between consecutive pieces.
    private struct Page {
        let pieces: [[UInt8]]
        let bytes: Int
        let status: HTTPStatus
        let headers: HTTPHeaders
    }

    /// Put where the token goes while a page is made to be kept: ASCII (so every way of
    /// writing a token, HTML or URL, writes it unchanged) and random per process, so no text
    /// anyone writes can contain it.
    let marker: String = "kept" + (0..<20).map { _ in String(UInt8.random(in: 0...255), radix: 16) }.joined()

    private let pages = Mutex<(kept: [FeedCaches.PageKey: Page], bytes: Int)>(([:], 0))
    private let answered = Atomic<Int>(0)
    private let budget: Int

    /// `budget`: the bytes of pages kept at most (about 250 feed pages by default).
    init(budget: Int = 24 * 1024 * 1024) {
        self.budget = budget
    }

    /// The kept page for `key` with `token` put in, or nil when none is kept.
    func response(for key: FeedCaches.PageKey, token: String) -> Response? {
        guard let page = pages.withLock({ $0.kept[key] }) else { return nil }
        answered.add(1, ordering: .relaxed)
        return Self.fill(page, token: token)
    }

    /// Keeps `made` (a page made with `marker` for its token) for `key` and answers it with
    /// `token` put in; nil when the page cannot be kept (not an HTML page in memory).
    func keep(_ made: Response, for key: FeedCaches.PageKey, token: String) -> Response? {
        guard case .shared(let shared) = made.body else { return nil }
        let bytes = shared.bytes
        let page = Page(pieces: Self.cut(bytes, at: Array(marker.utf8)), bytes: bytes.count, status: made.status,
                        headers: made.headers)
        pages.withLock { pages in
            if pages.bytes + page.bytes > budget {
                pages.kept.removeAll(keepingCapacity: true)
                pages.bytes = 0
            }
            if pages.kept.updateValue(page, forKey: key) == nil { pages.bytes += page.bytes }
        }
        return Self.fill(page, token: token)
    }

    /// How many requests a kept page answered.
    var served: Int { answered.load(ordering: .relaxed) }

    private static func fill(_ page: Page, token: String) -> Response {
        let token = Array(token.utf8)
        let length = page.pieces.reduce(0) { $0 + $1.count } + token.count * (page.pieces.count - 1)
        let body = SharedBytes(count: length) { out in
            var offset = 0
            for (index, piece) in page.pieces.enumerated() {
                if index > 0 {
                    token.withUnsafeBytes { source in
                        guard let base = source.baseAddress else { return }
                        out.baseAddress!.advanced(by: offset).copyMemory(from: base, byteCount: source.count)
                    }
                    offset += token.count
                }
                piece.withUnsafeBytes { source in
                    guard let base = source.baseAddress else { return }
                    out.baseAddress!.advanced(by: offset).copyMemory(from: base, byteCount: source.count)
                }
                offset += piece.count
            }
        }
        return Response(status: page.status, headers: page.headers, body: .shared(body))
    }

    /// `bytes` split at every `marker`.
    private static func cut(_ bytes: [UInt8], at marker: [UInt8]) -> [[UInt8]] {
        bytes.withUnsafeBytes { text in
            var pieces: [[UInt8]] = []
            var start = 0
            while let found = ByteSearch.firstIndex(of: marker, in: text, from: start) {
                pieces.append(Array(text[start..<found]))
                start = found + marker.count
            }
            pieces.append(Array(text[start...]))
            return pieces
        }
    }
}
