#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Streams a `multipart/form-data` body (RFC 7578) into text fields and temporary files.
///
/// Feed the body to `consume(_:)` chunk by chunk as it arrives and call `finish()` at its end.
/// Only about one chunk plus one boundary is held in memory: file content goes straight to a
/// temporary file, while text fields are buffered (they are bounded by `BodyLimits.formBytes`).
///
/// The body is a preamble, then parts, then an epilogue. Each part starts with a delimiter
/// line (`--boundary`), then a header block, a blank line and the content; `--boundary--`
/// closes the body. The CRLF before a delimiter belongs to the delimiter, not to the content
/// before it (RFC 2046 §5.1.1), which is why `delimiter` starts with CRLF.
struct MultipartFormParser {
    private enum State {
        /// Skipping whatever precedes the first delimiter.
        case preamble
        /// Just after a delimiter: `--` ends the body, anything else must end the line.
        case delimiterLineEnd
        /// Reading a part's header block, up to the blank line.
        case partHeaders
        /// Passing a part's content to its field or file, up to the next delimiter.
        case partContent
        /// After the closing delimiter; whatever follows is ignored.
        case epilogue
        /// A call threw; every later call throws the same error.
        case failed(HTTPFailure)
    }

    /// The part whose content is being read.
    private struct Part {
        let headers: MultipartPartHeaders
        /// The content of a text field (a file's content goes to `file` instead).
        var text: [UInt8] = []
        /// Opened at the first byte of content, so a skipped empty file input leaves no file.
        var file: TemporaryFile?
        var size = 0
    }

    /// Part header blocks larger than this are refused; real ones are a few hundred bytes.
    static let maxPartHeaderBytes = 8 << 10

    private let delimiter: [UInt8]
    private let limits: BodyLimits
    private let uploadsAllowed: Bool
    private let temporaryDirectory: String

    private var state = State.preamble
    /// Received bytes not handled yet start at `cursor`; the handled prefix is dropped after
    /// each chunk, so this holds about one chunk plus one delimiter.
    private var buffer: [UInt8]
    private var cursor = 0
    /// How much of the current header block was already searched for its end.
    private var scannedHeaderBytes = 0
    private var part: Part?

    private var fields: [QueryItems.Item] = []
    private var files: [UploadedFile] = []
    /// Every temporary file created so far; the server deletes them when the request ends,
    /// also after an error.
    private(set) var temporaryFiles: [String] = []

    private var receivedBytes = 0
    private var textBytes = 0
    private var partCount = 0

    /// `contentType` is the whole `Content-Type` header value, whose `boundary` parameter
    /// (quoted or not, 1–70 characters per RFC 2046) separates the parts.
    ///
    /// Without uploads, the whole body may carry at most `limits.formBytes`, file parts
    /// included. With uploads, each file may carry `limits.fileBytes` and the whole body
    /// `limits.uploadBytes`. Text fields together may carry `limits.formBytes` in both cases.
    /// Files are stored in `temporaryDirectory`, created (mode 0700) when missing.
    init(contentType: String, limits: BodyLimits, uploadsAllowed: Bool, temporaryDirectory: String) throws(HTTPFailure) {
        let boundary = try Self.boundary(fromContentType: contentType)
        delimiter = Array("\r\n--\(boundary)".utf8)
        self.limits = limits
        self.uploadsAllowed = uploadsAllowed
        self.temporaryDirectory = temporaryDirectory
        // The first delimiter may open the body without a CRLF before it; pretending one was
        // received lets a single search find every delimiter.
        buffer = Array("\r\n".utf8)
    }

    /// Takes the next chunk of the body, of any size; a delimiter may be split across chunks
    /// at any byte. Throws 413 as soon as a limit is passed and 400 for malformed input.
    mutating func consume(_ chunk: UnsafeRawBufferPointer) throws(HTTPFailure) {
        if case .failed(let failure) = state { throw failure }
        do throws(HTTPFailure) {
            try countReceivedBytes(chunk.count)
            buffer.append(contentsOf: chunk)
            try handleBufferedBytes()
        } catch {
            fail(with: error)
            throw error
        }
    }

    /// Ends the body and returns the form. Throws 400 if the closing delimiter was never seen.
    mutating func finish() throws(HTTPFailure) -> Form {
        switch state {
        case .epilogue:
            return Form(fields: QueryItems(fields), files: files)
        case .failed(let failure):
            throw failure
        case .preamble:
            let failure = HTTPFailure(.badRequest, "The form data does not contain the boundary given in its Content-Type.")
            fail(with: failure)
            throw failure
        case .delimiterLineEnd, .partHeaders, .partContent:
            let failure = HTTPFailure(.badRequest, "The upload ended before the form was complete.")
            fail(with: failure)
            throw failure
        }
    }

    /// Remembers the error for later calls and closes any open file (it stays listed in
    /// `temporaryFiles`, so the server still deletes it).
    private mutating func fail(with failure: HTTPFailure) {
        state = .failed(failure)
        part = nil
        buffer = []
        cursor = 0
    }

    // MARK: - State machine

    /// Runs the state machine until it needs more bytes, then drops what it handled.
    private mutating func handleBufferedBytes() throws(HTTPFailure) {
        var madeProgress = true
        while madeProgress {
            switch state {
            case .preamble: madeProgress = skipPreamble()
            case .delimiterLineEnd: madeProgress = try readDelimiterLineEnd()
            case .partHeaders: madeProgress = try readPartHeaders()
            case .partContent: madeProgress = try readPartContent()
            case .epilogue, .failed:
                cursor = buffer.count
                madeProgress = false
            }
        }
        buffer.removeSubrange(..<cursor)
        cursor = 0
    }

    private mutating func skipPreamble() -> Bool {
        let (preamble, foundDelimiter) = contentBeforeDelimiter()
        cursor = preamble.upperBound
        guard foundDelimiter else { return false }
        cursor += delimiter.count
        state = .delimiterLineEnd
        return true
    }

    /// After `--boundary`: either `--` (the body is complete) or optional whitespace (RFC 2046
    /// transport padding) and the CRLF ending the line. That CRLF is left in the buffer: the
    /// header block is then everything up to the next CRLF CRLF, even when it is empty.
    private mutating func readDelimiterLineEnd() throws(HTTPFailure) -> Bool {
        let rest = buffer[cursor...]
        guard rest.count >= 2 else { return false }
        if rest.starts(with: [UInt8(ascii: "-"), UInt8(ascii: "-")]) {
            cursor += 2
            state = .epilogue
            return true
        }
        guard let lineEnd = rest.firstIndex(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }) else {
            guard rest.count <= Self.maxPartHeaderBytes else { throw Self.malformedDelimiterLine }
            return false
        }
        guard buffer[lineEnd] == UInt8(ascii: "\r") else { throw Self.malformedDelimiterLine }
        guard lineEnd + 1 < buffer.count else { return false }
        guard buffer[lineEnd + 1] == UInt8(ascii: "\n") else { throw Self.malformedDelimiterLine }
        cursor = lineEnd
        scannedHeaderBytes = 0
        state = .partHeaders
        return true
    }

    private mutating func readPartHeaders() throws(HTTPFailure) -> Bool {
        let blankLine = Array("\r\n\r\n".utf8)
        guard let end = buffer.firstOccurrence(of: blankLine, from: cursor + scannedHeaderBytes) else {
            guard buffer.count - cursor <= Self.maxPartHeaderBytes else { throw Self.headersTooLarge }
            // The blank line may have begun in the last three bytes.
            scannedHeaderBytes = max(0, buffer.count - cursor - (blankLine.count - 1))
            return false
        }
        guard end - cursor <= Self.maxPartHeaderBytes else { throw Self.headersTooLarge }
        // `cursor` is at the CRLF ending the delimiter line; the block starts after it.
        let block = buffer[min(cursor + 2, end)..<end]
        let headers = try MultipartPartHeaders(block: block)
        cursor = end + blankLine.count
        try startPart(headers)
        state = .partContent
        return true
    }

    private mutating func readPartContent() throws(HTTPFailure) -> Bool {
        let (content, foundDelimiter) = contentBeforeDelimiter()
        try appendToPart(content)
        cursor = content.upperBound
        guard foundDelimiter else { return false }
        cursor += delimiter.count
        try finishPart()
        state = .delimiterLineEnd
        return true
    }

    /// The unread bytes that certainly come before the next delimiter, and whether that
    /// delimiter was found. Without one, the last bytes are held back in case they are the
    /// beginning of a delimiter split across chunks.
    private func contentBeforeDelimiter() -> (content: Range<Int>, foundDelimiter: Bool) {
        if let start = buffer.firstOccurrence(of: delimiter, from: cursor) {
            return (cursor..<start, true)
        }
        let safeEnd = max(cursor, buffer.count - (delimiter.count - 1))
        return (cursor..<safeEnd, false)
    }

    // MARK: - Parts

    private mutating func startPart(_ headers: MultipartPartHeaders) throws(HTTPFailure) {
        // Every part counts, even a skipped empty file input: the limit bounds the work done.
        partCount += 1
        guard partCount <= limits.fieldCount else {
            throw HTTPFailure(.contentTooLarge, "The form has more than \(limits.fieldCount) fields.")
        }
        part = Part(headers: headers)
    }

    private mutating func appendToPart(_ range: Range<Int>) throws(HTTPFailure) {
        guard !range.isEmpty, let headers = part?.headers else { return }
        if let filename = headers.filename {
            try appendToFile(range, filename: filename)
        } else {
            textBytes += range.count
            guard textBytes <= limits.formBytes else {
                let limit = ByteCount.describe(limits.formBytes)
                throw HTTPFailure(.contentTooLarge, "The text fields of the form together are larger than \(limit).")
            }
            part?.text.append(contentsOf: buffer[range])
        }
    }

    private mutating func appendToFile(_ range: Range<Int>, filename: String) throws(HTTPFailure) {
        let size = (part?.size ?? 0) + range.count
        guard size <= limits.fileBytes else {
            let file = filename.isEmpty ? "A file in the form" : "The file “\(filename)”"
            throw HTTPFailure(.contentTooLarge, "\(file) is larger than \(ByteCount.describe(limits.fileBytes)).")
        }
        let file: TemporaryFile
        if let open = part?.file {
            file = open
        } else {
            file = try createTemporaryFile()
            part?.file = file
        }
        part?.size = size
        try buffer.withUnsafeBufferPointer { (bytes) throws(HTTPFailure) in
            try file.append(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[range])))
        }
    }

    /// Turns the finished part into a field or a file; dropping it closes its file.
    private mutating func finishPart() throws(HTTPFailure) {
        guard let finished = part else { return }
        part = nil
        let name = finished.headers.name
        guard let filename = finished.headers.filename else {
            fields.append(QueryItems.Item(name: name, value: try Self.text(of: finished)))
            return
        }
        // A file input left empty: browsers send it with an empty filename and no content.
        if filename.isEmpty && finished.size == 0 { return }
        let file: TemporaryFile
        if let written = finished.file {
            file = written
        } else {
            file = try createTemporaryFile()
        }
        files.append(UploadedFile(
            fieldName: name, filename: filename,
            contentType: finished.headers.contentType ?? "application/octet-stream",
            path: file.path, size: finished.size))
    }

    private static func text(of part: Part) throws(HTTPFailure) -> String {
        let name = part.headers.name
        guard !part.text.contains(0) else {
            throw HTTPFailure(.badRequest, "The form field “\(name)” contains a NUL character.")
        }
        guard let value = String(validating: part.text, as: UTF8.self) else {
            throw HTTPFailure(.badRequest, "The form field “\(name)” is not valid UTF-8 text.")
        }
        return value
    }

    private mutating func createTemporaryFile() throws(HTTPFailure) -> TemporaryFile {
        let file = try TemporaryFile(in: temporaryDirectory)
        temporaryFiles.append(file.path)
        return file
    }

    // MARK: - Limits

    private mutating func countReceivedBytes(_ count: Int) throws(HTTPFailure) {
        receivedBytes += count
        let limit = uploadsAllowed ? limits.uploadBytes : limits.formBytes
        guard receivedBytes <= limit else {
            let what = uploadsAllowed ? "upload" : "form"
            throw HTTPFailure(.contentTooLarge, "The \(what) is larger than \(ByteCount.describe(limit)).")
        }
    }

    // MARK: - Errors

    private static let malformedDelimiterLine = HTTPFailure(
        .badRequest, "The form data is malformed: a boundary line is followed by unexpected characters.")
    private static let headersTooLarge = HTTPFailure(
        .badRequest,
        "The form data is malformed: the headers of a part are larger than \(ByteCount.describe(maxPartHeaderBytes)).")

    // MARK: - Boundary

    /// The `boundary` parameter of a `multipart/form-data` Content-Type.
    private static func boundary(fromContentType contentType: String) throws(HTTPFailure) -> String {
        guard let value = ParameterizedHeaderValue(contentType), value.type == "multipart/form-data" else {
            throw HTTPFailure(.unsupportedMediaType, "The request is not sent as multipart/form-data.")
        }
        guard let boundary = value.parameter("boundary") else {
            throw HTTPFailure(.badRequest, "The multipart form has no boundary in its Content-Type.")
        }
        guard isValidBoundary(boundary) else {
            throw HTTPFailure(
                .badRequest,
                "The boundary of the multipart form is not valid: it must be 1 to 70 letters, digits or punctuation.")
        }
        return boundary
    }

    /// RFC 2046 §5.1.1: 1–70 characters from a small ASCII set, not ending in a space.
    private static func isValidBoundary(_ boundary: String) -> Bool {
        let bytes = Array(boundary.utf8)
        guard (1...70).contains(bytes.count), bytes.last != UInt8(ascii: " ") else { return false }
        return bytes.allSatisfy(boundaryCharacters.contains)
    }

    private static let boundaryCharacters = Set(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'()+_,-./:=? ".utf8)
}

// MARK: - Temporary files
