// The feed's address (`FeedAddress(QueryItems)`): tags, maxRate, free, sort and after, read
// leniently from the query of `/`. The input is the query; when it is not valid
// urlencoded text its `&`-separated `name=value` pairs are taken undecoded (NUL bytes
// dropped, invalid UTF-8 replaced, as decoding guarantees), so the mutator reaches the
// address reader with any text at all.
//
// Oracles: the canonical link (`url(after:)`) does not trap and its query parses; read
// again, it gives the same tags, rate, order and cursor, with no problems noted; at most
// `FeedQuery.maximumTags` tags are kept.
#if !FUZZ_CORPUS_REPLAY
import FuzzSupport
#endif
import Fotofolio
@testable import FotofolioWeb
@testable import HTTPServer

#if !FUZZ_CORPUS_REPLAY
@main
enum FeedAddressFuzzMain {
    static func main() { runFuzzer(fuzzFeedAddressEntry) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFeedAddressEntry(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt { fuzzFeedAddress(data, size) }
#endif

/// The target: also replayed on its corpus by `swift test` (FuzzCorpusTests).
public func fuzzFeedAddress(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    // The fallback keeps to what a decoded query can hold: valid UTF-8 without NUL.
    let query = (try? QueryItems(encoded: bytes)) ?? QueryItems(
        fuzzText(bytes.filter { $0 != 0 }).split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return QueryItems.Item(name: String(parts[0]), value: parts.count > 1 ? String(parts[1]) : "")
        })
    // One day for both readings: a free day read as today must read back the same after midnight.
    let today = CalendarDay.today()
    let address = FeedAddress(query, today: today)
    require(address.tags.count <= FeedQuery.maximumTags, "\(address.tags.count) tags kept")
    _ = address.query
    _ = address.tagsAttribute

    let link = address.url(after: address.after)
    require(link == "/" || link.hasPrefix("/?"), "the link \(visible(link)) is not a query of /")
    let linkQuery: QueryItems
    do {
        linkQuery = try QueryItems(encoded: String(link.dropFirst(2)))
    } catch {
        require(false, "the link \(visible(link)) does not parse: \(error)")
        return 0
    }
    let again = FeedAddress(linkQuery, today: today)
    let context = "query \(visible(Array(query)))\nlink \(visible(link))"
    require(again.problems.isEmpty, "the canonical link has problems \(again.problems)\n\(context)")
    require(again.tags.map(\.label) == address.tags.map(\.label),
            "tags \(visible(address.tags.map(\.label))) read back as \(visible(again.tags.map(\.label)))\n\(context)")
    require(again.maxRate == address.maxRate, "maxRate \(String(describing: address.maxRate)) read back as \(String(describing: again.maxRate))\n\(context)")
    require(again.sort == address.sort, "sort read back differently\n\(context)")
    require(again.freeOn == address.freeOn, "the free day read back differently\n\(context)")
    require(again.after == address.after, "the cursor reads back differently\n\(context)")
    return 0
}
