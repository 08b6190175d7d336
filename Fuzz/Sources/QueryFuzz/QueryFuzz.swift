// Query parsing, `QueryItems(encoded:)`, and the percent decoder under it.
//
// Oracles: the text and byte initializers agree on valid UTF-8; a parsed query encodes
// (`QueryItems.encoded`) to text that parses to the same items; the fast path for path
// segments decodes exactly like the general decoder; and decoding the escaped form of any
// text without NUL gives that text back.
#if !FUZZ_CORPUS_REPLAY
import FuzzSupport
#endif
@testable import HTTPServer

#if !FUZZ_CORPUS_REPLAY
@main
enum QueryFuzzMain {
    static func main() { runFuzzer(fuzzQueryEntry) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzQueryEntry(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt { fuzzQuery(data, size) }
#endif

/// The target: also replayed on its corpus by `swift test` (FuzzCorpusTests).
public func fuzzQuery(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    let fromBytes = try? QueryItems(encoded: bytes)
    if let text = String(validating: bytes, as: UTF8.self) {
        let fromText = try? QueryItems(encoded: text)
        require(fromText == fromBytes, "text and byte parsing of \(visible(text)) differ")
    }
    if let query = fromBytes {
        let encoded = query.encoded
        let again = try? QueryItems(encoded: encoded)
        require(again == query, "\(visible(Array(query))) encodes to \(visible(encoded)), which parses differently")
        for item in query {
            require(!item.name.utf8.contains(0) && !item.value.utf8.contains(0), "a NUL got through in \(visible(item))")
        }
    }

    let decoded = PercentDecoding.decode(bytes, plusIsSpace: false)
    let segment = bytes.withUnsafeBufferPointer { PercentDecoding.decodeSegment($0) }
    require(segment == decoded, "decodeSegment gives \(visible(segment as Any)), decode gives \(visible(decoded as Any))")
    if let decoded {
        let roundTrip = PercentDecoding.decode(QueryItems.escape(decoded), plusIsSpace: true)
        require(roundTrip == decoded, "\(visible(decoded)) does not survive escape + decode")
    }

    let text = fuzzText(bytes)
    if !text.utf8.contains(0) {
        let escaped = QueryItems.escape(text)
        require(escaped.utf8.allSatisfy { $0 < 0x80 && $0 != UInt8(ascii: "&") && $0 != UInt8(ascii: "=") && $0 != UInt8(ascii: "+") },
                "escape(\(visible(text))) leaves a reserved byte: \(visible(escaped))")
        require(PercentDecoding.decode(escaped, plusIsSpace: true) == text, "escape/decode of \(visible(text)) is not exact")
    }
    return 0
}
