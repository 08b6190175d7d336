import Fotofolio
import HTTPServer
import Synchronization

/// Feed pages as sent, kept by everything their bytes are made of: a reader asking for a
/// page another reader got gets those bytes with their own values put in, copied once into
/// the memory libmicrohttpd sends from, instead of the cards being filled, the page put
/// together and copied again.
///
/// What differs between readers of the same page is put in where the page was cut: the CSRF
/// token for everyone, and for a signed-in reader their name, the unread badge and the live
/// log's position it was read at (`Slot`). Everything else a page shows is in its key.
///
/// The feed is still read on every request, and what is kept is found by what that read
/// found (`FeedCaches.PageKey`): each card's portfolio, the count and the next page (the
/// page's memo), the demands among the cards, with the address as asked (the language
/// switch returns to it), the language, the fragment, today, whether the reader is signed
/// in and which of the cards are in their selection. A change to the feed changes the key,
/// so nothing kept is ever served stale; pages nobody asks for any more are let go all at
/// once when the kept bytes pass their budget.
final class KeptFeedPages: Sendable {
    /// Where a kept page was cut: what goes there differs between readers.
    enum Slot: Int, CaseIterable, Sendable {
        case csrf, username, unreadBadge, liveAfter
    }

    /// What one reader's page puts in the slots, already escaped for HTML.
    struct Values: Sendable {
        var csrf: String
        var username = ""
        var unreadBadge = ""
        var liveAfter = ""

        subscript(slot: Slot) -> String {
            switch slot {
            case .csrf: csrf
            case .username: username
            case .unreadBadge: unreadBadge
            case .liveAfter: liveAfter
            }
        }
    }

    /// A page cut at its slots: `slots[i]` goes between `pieces[i]` and `pieces[i + 1]`.
    private struct Page {
        let pieces: [[UInt8]]
        let slots: [Slot]
        let bytes: Int
        let status: HTTPStatus
        let headers: HTTPHeaders
    }

    /// Put where each slot's value goes while a page is made to be kept: ASCII (so every way
    /// of writing a token, HTML or URL, writes it unchanged) and random per process, so no
    /// text anyone writes can contain it.
    let marks: [Slot: String] = Dictionary(uniqueKeysWithValues: Slot.allCases.map { slot in
        (slot, "kept" + (0..<20).map { _ in String(UInt8.random(in: 0...255), radix: 16) }.joined())
    })

    /// The mark of the CSRF token.
    var marker: String { marks[.csrf]! }

    private let pages = Mutex<(kept: [FeedCaches.PageKey: Page], bytes: Int)>(([:], 0))
    private let answered = Atomic<Int>(0)
    private let budget: Int

    /// `budget`: the bytes of pages kept at most (about 250 feed pages by default).
    init(budget: Int = 24 * 1024 * 1024) {
        self.budget = budget
    }

    /// The kept page for `key` with `values` put in, or nil when none is kept.
    func response(for key: FeedCaches.PageKey, values: Values) -> Response? {
        guard let page = pages.withLock({ $0.kept[key] }) else { return nil }
        answered.add(1, ordering: .relaxed)
        return Self.fill(page, values: values)
    }

    /// Keeps `made` (a page made with `marks` for its slots' values) for `key` and answers
    /// it with `values` put in; nil when the page cannot be kept (not an HTML page in memory).
    func keep(_ made: Response, for key: FeedCaches.PageKey, values: Values) -> Response? {
        guard case .shared(let shared) = made.body else { return nil }
        let bytes = shared.bytes
        let (pieces, slots) = cut(bytes)
        let page = Page(pieces: pieces, slots: slots, bytes: bytes.count, status: made.status, headers: made.headers)
        pages.withLock { pages in
            if pages.bytes + page.bytes > budget {
                pages.kept.removeAll(keepingCapacity: true)
                pages.bytes = 0
            }
            if pages.kept.updateValue(page, forKey: key) == nil { pages.bytes += page.bytes }
        }
        return Self.fill(page, values: values)
    }

    /// How many requests a kept page answered.
    var served: Int { answered.load(ordering: .relaxed) }

    private static func fill(_ page: Page, values: Values) -> Response {
        let filling = Slot.allCases.map { Array(values[$0].utf8) }
        let length = page.pieces.reduce(0) { $0 + $1.count }
            + page.slots.reduce(0) { $0 + filling[$1.rawValue].count }
        let body = SharedBytes(count: length) { out in
            var offset = 0
            func copy(_ bytes: [UInt8]) {
                bytes.withUnsafeBytes { source in
                    guard let base = source.baseAddress else { return }
                    out.baseAddress!.advanced(by: offset).copyMemory(from: base, byteCount: source.count)
                }
                offset += bytes.count
            }
            for (index, piece) in page.pieces.enumerated() {
                if index > 0 { copy(filling[page.slots[index - 1].rawValue]) }
                copy(piece)
            }
        }
        return Response(status: page.status, headers: page.headers, body: .shared(body))
    }

    /// `bytes` split at every slot's mark, and which slot each cut was.
    private func cut(_ bytes: [UInt8]) -> (pieces: [[UInt8]], slots: [Slot]) {
        let marks = Slot.allCases.map { (slot: $0, bytes: Array(self.marks[$0]!.utf8)) }
        return bytes.withUnsafeBytes { text in
            var pieces: [[UInt8]] = []
            var slots: [Slot] = []
            var start = 0
            // Where each slot's mark is next; only the one just cut is searched for again.
            var next = marks.map { ByteSearch.firstIndex(of: $0.bytes, in: text, from: 0) }
            while let nearest = next.indices.filter({ next[$0] != nil }).min(by: { next[$0]! < next[$1]! }) {
                let at = next[nearest]!
                pieces.append(Array(text[start..<at]))
                slots.append(marks[nearest].slot)
                start = at + marks[nearest].bytes.count
                next[nearest] = ByteSearch.firstIndex(of: marks[nearest].bytes, in: text, from: start)
            }
            pieces.append(Array(text[start...]))
            return (pieces, slots)
        }
    }
}
