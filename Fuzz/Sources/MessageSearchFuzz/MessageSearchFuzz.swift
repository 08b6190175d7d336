// Message search on what a person types into the search field and what a message says:
// `SearchWords.of`, `MessageSearch` (its FTS5 and tsquery texts), `marks(in:)`, and the hit's
// marked snippet (`MessageSearchView.snippet`). The input is one text, both the search and
// the message.
//
// Oracles: every word is non-empty, at most `maxWordBytes` bytes, and holds no space and no
// ASCII but letters and digits (so no query text can be syntax); the index text splits back
// into the same words at its spaces; a search has at most 8 distinct words and finds the
// text it was typed from; the FTS5 and tsquery texts are exactly the quoted words; marks are
// in order, apart, and within the text; the snippet holds no markup but `<mark>`.
#if !FUZZ_CORPUS_REPLAY
import FuzzSupport
#endif
@testable import Fotofolio
@testable import FotofolioWeb

#if !FUZZ_CORPUS_REPLAY
@main
enum MessageSearchFuzzMain {
    static func main() { runFuzzer(fuzzMessageSearchEntry) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMessageSearchEntry(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt { fuzzMessageSearch(data, size) }
#endif

/// The target: also replayed on its corpus by `swift test` (FuzzCorpusTests).
public func fuzzMessageSearch(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = fuzzText(fuzzBytes(data, size))
    let words = SearchWords.of(text)
    for word in words {
        require(!word.isEmpty && word.utf8.count <= SearchWords.maxWordBytes, "word \(visible(word)) of \(visible(text))")
        require(!word.unicodeScalars.contains { $0 == " " || ($0.isASCII && !$0.properties.isAlphabetic && !("0"..."9").contains($0)) },
                "word \(visible(word)) of \(visible(text)) holds a separator")
    }
    let split = SearchWords.indexText(text).unicodeScalars.split(separator: " ").map { String(String.UnicodeScalarView($0)) }
    require(split == words, "the index text of \(visible(text)) splits into \(visible(split)), not \(visible(words))")

    let search = MessageSearch(text)
    require(search.words.count <= MessageSearch.maxWords && Set(search.words).count == search.words.count,
            "search words \(visible(search.words))")
    require(search.isEmpty || search.matches(text), "\(visible(text)) does not find itself")
    require(search.ftsQuery == search.words.map { "\"\($0)\"*" }.joined(separator: " "), "fts query \(visible(search.ftsQuery))")
    require(search.tsQuery == search.words.map { "'\($0)':*" }.joined(separator: " & "), "tsquery \(visible(search.tsQuery))")

    var end = text.unicodeScalars.startIndex
    for mark in search.marks(in: text) {
        require(mark.lowerBound >= end && mark.lowerBound < mark.upperBound && mark.upperBound <= text.unicodeScalars.endIndex,
                "marks out of order in \(visible(text))")
        end = mark.upperBound
    }
    let snippet = MessageSearchView.snippet(text, search: search)
    let bare = snippet.replacingOccurrences(of: "<mark>", with: "").replacingOccurrences(of: "</mark>", with: "")
    require(!bare.utf8.contains(UInt8(ascii: "<")) && !bare.utf8.contains(UInt8(ascii: ">")) && !bare.utf8.contains(UInt8(ascii: "\"")),
            "the snippet of \(visible(text)) holds markup: \(visible(snippet))")
    return 0
}
