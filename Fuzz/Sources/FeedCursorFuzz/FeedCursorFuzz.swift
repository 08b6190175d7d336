// The feed's page cursor, `FeedCursor(_:sort:)`, read from the `after` parameter that anyone
// can type, for both sort orders.
//
// Oracles: for a text it accepts, `text(for:)` does not trap (for either order) and what it
// writes is accepted again; written again, it is the same text (the written form is a
// fixed point), and for realistic numbers (below 2^50) it reads back as the same cursor.
#if !FUZZ_CORPUS_REPLAY
import FuzzSupport
#endif
@testable import Fotofolio

#if !FUZZ_CORPUS_REPLAY
@main
enum FeedCursorFuzzMain {
    static func main() { runFuzzer(fuzzFeedCursorEntry) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFeedCursorEntry(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt { fuzzFeedCursor(data, size) }
#endif

/// The target: also replayed on its corpus by `swift test` (FuzzCorpusTests).
public func fuzzFeedCursor(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = fuzzText(fuzzBytes(data, size))
    for sort in FeedQuery.Sort.allCases {
        guard let cursor = FeedCursor(text, sort: sort) else { continue }
        for order in FeedQuery.Sort.allCases {
            let written = cursor.text(for: order)
            guard let again = FeedCursor(written, sort: order) else {
                require(false, "\(visible(text)) (\(sort)) is written as \(visible(written)), which is refused (\(order))")
                return 0
            }
            let rewritten = again.text(for: order)
            require(rewritten == written, "\(visible(text)): \(visible(written)) is written again as \(visible(rewritten))")
            if order == sort, isRealistic(cursor) {
                require(again == cursor, "\(visible(text)) reads back from \(visible(written)) as another cursor")
            }
        }
    }
    return 0
}

/// Every number of the cursor well inside the range where a Double holds milliseconds exactly.
private func isRealistic(_ cursor: FeedCursor) -> Bool {
    let limit = Double(1 << 50)
    let milliseconds = cursor.createdAt.timeIntervalSince1970 * 1000
    return milliseconds.magnitude < limit && (cursor.authorRating * 1000).magnitude < limit
}
