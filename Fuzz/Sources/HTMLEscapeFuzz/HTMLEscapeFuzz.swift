// The HTML escaper, `HTMLText.escape(_:)`, which every `{{value}}` and the shell's own slots
// go through, on any text (the input decoded as UTF-8).
//
// Oracle: the output holds no `<`, `>`, `"` or `'` byte; every `&` in it starts one of
// `&amp; &lt; &gt; &quot; &#39;`; and replacing those gives the input back byte for byte.
#if !FUZZ_CORPUS_REPLAY
import FuzzSupport
#endif
@testable import FotofolioWeb

#if !FUZZ_CORPUS_REPLAY
@main
enum HTMLEscapeFuzzMain {
    static func main() { runFuzzer(fuzzHTMLEscapeEntry) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTMLEscapeEntry(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt { fuzzHTMLEscape(data, size) }
#endif

/// The target: also replayed on its corpus by `swift test` (FuzzCorpusTests).
public func fuzzHTMLEscape(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = fuzzText(fuzzBytes(data, size))
    let escaped = HTMLText.escape(text)
    if let problem = htmlEscapingProblem(original: text, escaped: escaped) {
        require(false, "\(problem)\ninput:  \(visible(text))\noutput: \(visible(escaped))")
    }
    return 0
}
