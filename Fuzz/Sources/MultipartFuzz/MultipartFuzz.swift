// The streaming `multipart/form-data` parser (`MultipartFormParser`) and the part-header
// parser under it. The input's first line is the boundary (sent quoted or not, as a byte of
// the input picks), the rest the body, so the mutator works on bodies that use the boundary.
//
// Oracles: one piece or chunks of 1 to boundary + 10 bytes (delimiters split at every byte)
// give the same form or the same error; uploads lie in the upload directory and hold the
// bytes the form says; text fields are valid UTF-8 without NUL.
#if !FUZZ_CORPUS_REPLAY
import FuzzSupport
#endif
@testable import HTTPServer

private let limits: BodyLimits = {
    var limits = BodyLimits()
    limits.formBytes = 4096
    limits.fileBytes = 4096
    limits.uploadBytes = 16384
    limits.fieldCount = 16
    return limits
}()

#if !FUZZ_CORPUS_REPLAY
@main
enum MultipartFuzzMain {
    static func main() { runFuzzer(fuzzMultipartEntry) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMultipartEntry(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt { fuzzMultipart(data, size) }
#endif

/// The target: also replayed on its corpus by `swift test` (FuzzCorpusTests).
public func fuzzMultipart(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    let (line, body) = splitFirstLine(bytes)
    let boundary = fuzzText(line)
    var random = SplitMix64(hashing: bytes)
    let quoted = random.next() & 1 == 0 && !boundary.contains("\"") && !boundary.contains("\\")
    let contentType = quoted ? "multipart/form-data; boundary=\"\(boundary)\"" : "multipart/form-data; boundary=\(boundary)"

    let whole = parse(body, contentType: contentType, sizes: [])
    let chunked = parse(body, contentType: contentType,
                        sizes: chunkSizes(for: bytes, count: body.count, maximum: boundary.utf8.count + 10))
    FormOutcome.requireSame(whole, chunked, context: "Content-Type: \(visible(contentType))")
    if case .form(let fields, _, _) = whole {
        for field in fields {
            require(!field.value.utf8.contains(0), "field \(visible(field.name)) holds a NUL")
        }
    }
    return 0
}

private func parse(_ body: [UInt8], contentType: String, sizes: [Int]) -> FormOutcome {
    var parser: MultipartFormParser
    do {
        parser = try MultipartFormParser(contentType: contentType, limits: limits, uploadsAllowed: true,
                                         temporaryDirectory: FuzzScratch.directory + "/uploads")
    } catch {
        return .failure(error.status, error.message)
    }
    let result = Result { () throws(HTTPFailure) in
        try feed(body, sizes: sizes) { (chunk) throws(HTTPFailure) in try parser.consume(chunk) }
        return (form: try parser.finish(), raw: [UInt8]())
    }
    return FormOutcome.of(result, temporaryFiles: parser.temporaryFiles)
}
