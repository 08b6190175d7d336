// Tag parsing, `TagParsing.tags(in:)`, on what a person types into the tags field or the
// feed filter, and the checks made on the tags (`TagParsing.problem(with:)`).
//
// Oracles: every tag is non-empty, carries its folded form, and no two fold alike; the
// tags written back as the editor and the filter write them (labels joined by a space, or by
// a comma) read as the same tags.
#if !FUZZ_CORPUS_REPLAY
import FuzzSupport
#endif
@testable import Fotofolio

#if !FUZZ_CORPUS_REPLAY
@main
enum TagsFuzzMain {
    static func main() { runFuzzer(fuzzTagsEntry) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTagsEntry(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt { fuzzTags(data, size) }
#endif

/// The target: also replayed on its corpus by `swift test` (FuzzCorpusTests).
public func fuzzTags(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = fuzzText(fuzzBytes(data, size))
    let tags = TagParsing.tags(in: text)
    _ = TagParsing.problem(with: tags)
    var folded = Set<String>()
    for tag in tags {
        require(!tag.label.isEmpty, "an empty tag from \(visible(text))")
        require(tag.folded == Tag.fold(tag.label), "tag \(visible(tag.label)) has a stale folded form")
        require(folded.insert(tag.folded).inserted, "two tags fold to \(visible(tag.folded)) in \(visible(text))")
    }
    let labels = tags.map(\.label)
    for separator in [" ", ","] {
        let written = labels.joined(separator: separator)
        let again = TagParsing.tags(in: written).map(\.label)
        require(again == labels, "\(visible(text)) gives \(visible(labels)); written as \(visible(written)) they read as \(visible(again))")
    }
    return 0
}
