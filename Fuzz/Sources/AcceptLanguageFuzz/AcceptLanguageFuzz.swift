// Language negotiation: `Language.bestMatch(acceptLanguage:)` on any Accept-Language value,
// and `Language.preferred(by:)` with it and a `lang` cookie. The input's first line is the
// cookie's value, the rest the Accept-Language header.
//
// Oracles: a match is a language whose code begins one of the header's entries; a valid
// cookie always wins; without a match the fallback (Czech) is chosen; and the negotiation
// does not depend on the case of the header.
#if !FUZZ_CORPUS_REPLAY
import FuzzSupport
#endif
@testable import FotofolioWeb
import HTTPServer

#if !FUZZ_CORPUS_REPLAY
@main
enum AcceptLanguageFuzzMain {
    static func main() { runFuzzer(fuzzAcceptLanguageEntry) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAcceptLanguageEntry(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt { fuzzAcceptLanguage(data, size) }
#endif

/// The target: also replayed on its corpus by `swift test` (FuzzCorpusTests).
public func fuzzAcceptLanguage(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    let (cookieLine, headerBytes) = splitFirstLine(bytes)
    let header = fuzzText(headerBytes)
    let cookie = fuzzText(cookieLine)

    let match = Language.bestMatch(acceptLanguage: header)
    if let match {
        require(contains(Array(header.lowercased().utf8), Array(match.rawValue.utf8)), "\(match) chosen from \(visible(header))")
    }
    let upper = Language.bestMatch(acceptLanguage: header.uppercased())
    if header.unicodeScalars.allSatisfy(\.isASCII) {
        require(upper == match, "\(visible(header)) gives \(String(describing: match)), upper-cased \(String(describing: upper))")
    }

    var headers: HTTPHeaders = ["Accept-Language": header]
    let request = Request(method: .get, path: RequestPath(segments: []), headers: headers)
    require(Language.preferred(by: request) == (match ?? .fallback), "preferred differs from bestMatch for \(visible(header))")

    headers.add("Cookie", "\(Language.cookieName)=\(cookie)")
    let withCookie = Request(method: .get, path: RequestPath(segments: []), headers: headers)
    let chosen = Language.preferred(by: withCookie)
    if let fromCookie = withCookie.cookies[Language.cookieName].flatMap(Language.init(rawValue:)) {
        require(chosen == fromCookie, "the cookie \(visible(cookie)) does not win")
    } else {
        require(chosen == (match ?? .fallback), "the cookie \(visible(cookie)) changes the choice")
    }
    return 0
}
