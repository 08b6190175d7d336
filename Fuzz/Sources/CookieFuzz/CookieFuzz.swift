// The Cookie header parser (`Request.parseCookies`), with each input line one Cookie header.
//
// Oracles: every name and value is cut at `;` and `=` as the grammar says (a name holds no
// `;` or `=`, a value no `;`) and a name has no spaces or tabs around it; `Request` reads the
// same cookies as the parser.
#if !FUZZ_CORPUS_REPLAY
import FuzzSupport
#endif
@testable import HTTPServer

#if !FUZZ_CORPUS_REPLAY
@main
enum CookieFuzzMain {
    static func main() { runFuzzer(fuzzCookiesEntry) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCookiesEntry(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt { fuzzCookies(data, size) }
#endif

/// The target: also replayed on its corpus by `swift test` (FuzzCorpusTests).
public func fuzzCookies(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = fuzzText(fuzzBytes(data, size))
    var headers = HTTPHeaders()
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
        headers.add("Cookie", String(line))
    }
    let cookies = Request.parseCookies(headers)
    let request = Request(method: .get, path: RequestPath(segments: []), headers: headers)
    require(request.cookies == cookies, "Request.cookies differs from parseCookies")

    let isSpace = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
    for (name, value) in cookies {
        require(!name.utf8.contains(UInt8(ascii: ";")) && !name.utf8.contains(UInt8(ascii: "=")),
                "cookie name \(visible(name)) holds ; or =")
        require(!value.utf8.contains(UInt8(ascii: ";")), "cookie value \(visible(value)) holds ;")
        require(!(name.utf8.first.map(isSpace) ?? false) && !(name.utf8.last.map(isSpace) ?? false),
                "cookie name \(visible(name)) is not trimmed")
    }
    return 0
}
