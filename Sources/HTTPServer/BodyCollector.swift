/// Reads a request body as it arrives, within the limits that apply to it, and turns it
/// into form fields, files or raw bytes.
struct BodyCollector {
    private enum Kind {
        case urlEncodedForm
        case multipartForm(MultipartFormParser)
        case raw
    }

    private var kind: Kind
    private var bytes: [UInt8] = []
    private let limit: Int

    /// Picks the reader for the body's content type and rejects a declared length that is
    /// already over the limit, so nothing needs to be read.
    init(headers: HTTPHeaders, limits: BodyLimits, acceptsUploads: Bool, temporaryDirectory: String) throws(HTTPFailure) {
        let contentType = headers["content-type"] ?? ""
        let mediaType = contentType.split(separator: ";").first.map { $0.trimmingSpaces.lowercased() } ?? ""
        switch mediaType {
        case "multipart/form-data":
            kind = .multipartForm(try MultipartFormParser(
                contentType: contentType, limits: limits, uploadsAllowed: acceptsUploads,
                temporaryDirectory: temporaryDirectory))
            limit = acceptsUploads ? limits.uploadBytes : limits.formBytes
        case "application/x-www-form-urlencoded":
            kind = .urlEncodedForm
            limit = limits.formBytes
        default:
            kind = .raw
            limit = limits.formBytes
        }
        if let declared = headers["content-length"].flatMap(Int.init), declared > limit {
            throw Self.tooLarge(limit)
        }
    }

    /// Temporary files written so far; deleted by the server when the request ends.
    var temporaryFiles: [String] {
        if case .multipartForm(let parser) = kind { return parser.temporaryFiles }
        return []
    }

    mutating func consume(_ chunk: UnsafeRawBufferPointer) throws(HTTPFailure) {
        switch kind {
        case .multipartForm(var parser):
            // Reassign after mutating so the parser is not copied on every chunk.
            kind = .raw
            defer { kind = .multipartForm(parser) }
            try parser.consume(chunk)
        case .urlEncodedForm, .raw:
            guard bytes.count + chunk.count <= limit else { throw Self.tooLarge(limit) }
            bytes.append(contentsOf: chunk)
        }
    }

    /// The body as a form (for form content types) and as raw bytes (for the rest).
    mutating func finish() throws(HTTPFailure) -> (form: Form, raw: [UInt8]) {
        switch kind {
        case .multipartForm(var parser):
            return (try parser.finish(), [])
        case .urlEncodedForm:
            return (Form(fields: try QueryItems(encoded: bytes)), [])
        case .raw:
            return (Form(), bytes)
        }
    }

    private static func tooLarge(_ limit: Int) -> HTTPFailure {
        HTTPFailure(.contentTooLarge, "The request is larger than the \(ByteCount.describe(limit)) this address accepts.")
    }
}
