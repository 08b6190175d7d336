// Request bodies as the server reads them (`BodyCollector`): the input's first line is the
// Content-Type header, the rest the body. `application/x-www-form-urlencoded` goes through
// `QueryItems(encoded:)`, `multipart/form-data` through the streaming multipart parser (files
// land in a scratch directory removed at exit), anything else stays raw.
//
// Oracles: reading the body in one piece and in chunks of 1–80 bytes gives the same form
// (fields, file names, types and contents) or the same error; an urlencoded body gives
// exactly what `QueryItems(encoded:)` gives; uploads lie in the upload directory and hold
// the bytes the form says.
#if !FUZZ_CORPUS_REPLAY
import FuzzSupport
#endif
@testable import HTTPServer

private let limits: BodyLimits = {
    // Small limits, so that inputs of a few kilobytes reach every limit check.
    var limits = BodyLimits()
    limits.formBytes = 2048
    limits.fileBytes = 3072
    limits.uploadBytes = 6144
    limits.fieldCount = 24
    return limits
}()

#if !FUZZ_CORPUS_REPLAY
@main
enum FormBodyFuzzMain {
    static func main() { runFuzzer(fuzzFormBodyEntry) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFormBodyEntry(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt { fuzzFormBody(data, size) }
#endif

/// The target: also replayed on its corpus by `swift test` (FuzzCorpusTests).
public func fuzzFormBody(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    let (header, body) = splitFirstLine(bytes)
    let contentType = fuzzText(header)
    let headers: HTTPHeaders = ["Content-Type": contentType]

    let whole = read(body, headers: headers, sizes: [])
    let chunked = read(body, headers: headers, sizes: chunkSizes(for: bytes, count: body.count, maximum: 80))
    FormOutcome.requireSame(whole, chunked, context: "Content-Type: \(visible(contentType))")

    let mediaType = contentType.split(separator: ";").first.map { $0.trimmingSpaces.lowercased() } ?? ""
    if mediaType == "application/x-www-form-urlencoded", body.count <= limits.formBytes {
        let direct: FormOutcome
        do {
            direct = .form(fields: try QueryItems(encoded: body), files: [], raw: [])
        } catch {
            direct = .failure(error.status, error.message)
        }
        require(direct == whole, "urlencoded body read as \(whole), QueryItems gives \(direct)")
    }
    return 0
}

private func read(_ body: [UInt8], headers: HTTPHeaders, sizes: [Int]) -> FormOutcome {
    var collector: BodyCollector
    do {
        collector = try BodyCollector(headers: headers, limits: limits, acceptsUploads: true,
                                      temporaryDirectory: FuzzScratch.directory + "/uploads")
    } catch {
        return .failure(error.status, error.message)
    }
    let result = Result { () throws(HTTPFailure) in
        try feed(body, sizes: sizes) { (chunk) throws(HTTPFailure) in try collector.consume(chunk) }
        return try collector.finish()
    }
    return FormOutcome.of(result, temporaryFiles: collector.temporaryFiles)
}
