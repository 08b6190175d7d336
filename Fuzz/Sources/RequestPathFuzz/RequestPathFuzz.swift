// The request path decoder, `RequestPath(encoded:)`, on any text a client can send.
//
// Oracles, for a path it accepts: the normalized form starts with `/`; no segment is empty,
// `.` or `..`, holds a `/` or a NUL; and writing the segments back percent-encoded gives the
// same path again (the decoder is the inverse of the encoder).
#if !FUZZ_CORPUS_REPLAY
import FuzzSupport
#endif
@testable import HTTPServer

#if !FUZZ_CORPUS_REPLAY
@main
enum RequestPathFuzzMain {
    static func main() { runFuzzer(fuzzRequestPathEntry) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRequestPathEntry(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt { fuzzRequestPath(data, size) }
#endif

/// The target: also replayed on its corpus by `swift test` (FuzzCorpusTests).
public func fuzzRequestPath(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let raw = fuzzText(fuzzBytes(data, size))
    check(raw)
    // Most inputs the mutator makes do not start with "/"; try them as a path too.
    if raw.utf8.first != UInt8(ascii: "/") { check("/" + raw) }
    return 0
}

private func check(_ raw: String) {
    guard let path = try? RequestPath(encoded: raw) else { return }
    require(path.description.utf8.first == UInt8(ascii: "/"), "\(visible(path.description)) does not start with /")
    for segment in path.segments {
        require(!segment.isEmpty && segment != "." && segment != "..",
                "segment \(visible(segment)) of \(visible(raw)) survived normalization")
        require(!segment.utf8.contains(UInt8(ascii: "/")) && !segment.utf8.contains(0),
                "segment \(visible(segment)) of \(visible(raw)) holds a slash or NUL")
    }
    let encoded = "/" + path.segments.map(QueryItems.escape).joined(separator: "/")
    let again: RequestPath
    do {
        again = try RequestPath(encoded: encoded)
    } catch {
        require(false, "\(visible(encoded)), the encoding of \(visible(raw)), is refused: \(error)")
        return
    }
    require(again == path, "\(visible(raw)) → \(visible(path.segments)) but its encoding gives \(visible(again.segments))")
}
