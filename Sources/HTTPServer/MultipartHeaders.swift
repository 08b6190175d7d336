/// The headers of one part of a `multipart/form-data` body that matter to a form (RFC 7578 §4).
struct MultipartPartHeaders: Sendable, Equatable {
    /// The form field the part belongs to.
    var name: String
    /// Present, possibly empty, when the part is a file.
    var filename: String?
    /// The part's own `Content-Type`, when it sent one.
    var contentType: String?

    /// Parses a header block: the lines between a delimiter line and the blank line.
    init(block: ArraySlice<UInt8>) throws(HTTPFailure) {
        var disposition: ParameterizedHeaderValue?
        var contentType: String?
        for line in try Self.lines(of: block) {
            guard let colon = line.firstIndex(of: ":"),
                  let first = line.first, first != " ", first != "\t" else {
                throw Self.malformed("a part has a malformed header line")
            }
            let value = String(line[line.index(after: colon)...].trimmingLinearWhitespace())
            switch line[..<colon].trimmingLinearWhitespace().lowercased() {
            case "content-disposition" where disposition == nil:
                guard let parsed = ParameterizedHeaderValue(value) else {
                    throw Self.malformed("a part has a malformed Content-Disposition header")
                }
                disposition = parsed
            case "content-type" where contentType == nil:
                contentType = value.isEmpty ? nil : value
            default:
                continue // Other headers (Content-Transfer-Encoding…) mean nothing to a form.
            }
        }
        guard let disposition, disposition.type == "form-data" else {
            throw Self.malformed("a part has no “Content-Disposition: form-data” header")
        }
        guard let name = disposition.parameter("name") else {
            throw Self.malformed("a part has no field name")
        }
        self.name = Self.decodingFormEscapes(name)
        self.filename = try Self.filename(in: disposition)
        self.contentType = contentType
    }

    /// `filename*` (RFC 8187, e.g. `UTF-8''caf%C3%A9.jpg`) wins over `filename` when both are sent.
    private static func filename(in disposition: ParameterizedHeaderValue) throws(HTTPFailure) -> String? {
        if let extended = disposition.parameter("filename*") {
            let parts = extended.split(separator: "'", maxSplits: 2, omittingEmptySubsequences: false)
            guard parts.count == 3, parts[0].lowercased() == "utf-8",
                  let decoded = PercentDecoding.decode(parts[2].utf8) else {
                throw malformed("a file name is not UTF-8 encoded as RFC 8187 describes")
            }
            return decoded
        }
        return disposition.parameter("filename").map(decodingFormEscapes)
    }

    /// Splits the block at CRLF, requiring UTF-8 without NUL. A bare CR or LF inside a line
    /// is refused rather than guessed at.
    private static func lines(of block: ArraySlice<UInt8>) throws(HTTPFailure) -> [Substring] {
        guard !block.isEmpty else { return [] }
        guard !block.contains(0) else {
            throw malformed("the headers of a part contain a NUL character")
        }
        guard let text = String(validating: block, as: UTF8.self) else {
            throw malformed("the headers of a part are not valid UTF-8")
        }
        // Swift reads CRLF as one Character, so this splits at CRLF only.
        let lines = text.split(separator: "\r\n", omittingEmptySubsequences: false)
        guard lines.allSatisfy({ !$0.contains("\r") && !$0.contains("\n") }) else {
            throw malformed("a part header has a line break that is not CRLF")
        }
        return lines
    }

    /// Browsers escape `"`, CR and LF in field names and file names as `%22`, `%0D` and `%0A`
    /// and leave every other `%` alone (HTML Standard, multipart/form-data encoding
    /// algorithm), so only those three escapes are decoded.
    static func decodingFormEscapes(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return text }
        let escapes: [(escape: [UInt8], byte: UInt8)] = [
            (Array("%22".utf8), UInt8(ascii: "\"")),
            (Array("%0D".utf8), UInt8(ascii: "\r")), (Array("%0d".utf8), UInt8(ascii: "\r")),
            (Array("%0A".utf8), UInt8(ascii: "\n")), (Array("%0a".utf8), UInt8(ascii: "\n")),
        ]
        var bytes = text.utf8[...]
        var decoded: [UInt8] = []
        while let byte = bytes.first {
            if let match = escapes.first(where: { bytes.starts(with: $0.escape) }) {
                decoded.append(match.byte)
                bytes = bytes.dropFirst(3)
            } else {
                decoded.append(byte)
                bytes = bytes.dropFirst()
            }
        }
        // Only ASCII bytes were replaced by ASCII bytes, so the result is still valid UTF-8.
        return String(decoding: decoded, as: UTF8.self)
    }

    private static func malformed(_ problem: String) -> HTTPFailure {
        HTTPFailure(.badRequest, "The form data is malformed: \(problem).")
    }
}

/// A header value with parameters, `type; name=token; name="quoted \"string\""`
/// (RFC 9110 §5.6.6), as in `Content-Type` and `Content-Disposition`.
struct ParameterizedHeaderValue: Sendable {
    /// The part before the first `;`, lower-cased: `multipart/form-data`, `form-data`.
    let type: String
    /// Names lower-cased, in the order sent.
    private let parameters: [(name: String, value: String)]

    /// Nil when the value is malformed: no type, a parameter without `=`, an unclosed quote.
    init?(_ text: String) {
        var scanner = ByteScanner(Array(text.utf8))
        let type = scanner.take { $0 != UInt8(ascii: ";") }.trimmingLinearWhitespace()
        guard !type.isEmpty else { return nil }
        var parameters: [(name: String, value: String)] = []
        while scanner.skip(UInt8(ascii: ";")) {
            scanner.skipWhitespace()
            if scanner.isAtEnd { break } // A trailing `;` is harmless.
            let name = scanner.take { $0 != UInt8(ascii: "=") && $0 != UInt8(ascii: ";") }.trimmingLinearWhitespace()
            guard !name.isEmpty, scanner.skip(UInt8(ascii: "=")) else { return nil }
            scanner.skipWhitespace()
            let value: ArraySlice<UInt8>
            if scanner.next == UInt8(ascii: "\"") {
                guard let quoted = scanner.takeQuotedString() else { return nil }
                value = quoted[...]
                scanner.skipWhitespace()
            } else {
                value = scanner.take { $0 != UInt8(ascii: ";") }.trimmingLinearWhitespace()
            }
            guard scanner.isAtEnd || scanner.next == UInt8(ascii: ";") else { return nil }
            // The text was valid UTF-8 and was only cut at ASCII bytes, so this is lossless.
            parameters.append((String(decoding: name, as: UTF8.self).lowercased(), String(decoding: value, as: UTF8.self)))
        }
        self.type = String(decoding: type, as: UTF8.self).lowercased()
        self.parameters = parameters
    }

    /// The first value of the parameter; `name` must be lower-case.
    func parameter(_ name: String) -> String? {
        parameters.first { $0.name == name }?.value
    }
}

/// Reads a header value byte by byte.
private struct ByteScanner {
    private let bytes: [UInt8]
    private var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var isAtEnd: Bool { index >= bytes.count }
    var next: UInt8? { isAtEnd ? nil : bytes[index] }

    mutating func skip(_ byte: UInt8) -> Bool {
        guard next == byte else { return false }
        index += 1
        return true
    }

    mutating func skipWhitespace() {
        while let byte = next, byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") { index += 1 }
    }

    mutating func take(while predicate: (UInt8) -> Bool) -> ArraySlice<UInt8> {
        let start = index
        while let byte = next, predicate(byte) { index += 1 }
        return bytes[start..<index]
    }

    /// The content of a quoted string, the scanner being at its opening quote; nil when it
    /// never closes. `\"` and `\\` are quoted pairs; any other backslash is kept, because old
    /// browsers sent Windows paths (`C:\photos\a.jpg`) without escaping them.
    mutating func takeQuotedString() -> [UInt8]? {
        index += 1
        var content: [UInt8] = []
        while let byte = next {
            index += 1
            if byte == UInt8(ascii: "\"") { return content }
            if byte == UInt8(ascii: "\\"), let escaped = next,
               escaped == UInt8(ascii: "\"") || escaped == UInt8(ascii: "\\") {
                content.append(escaped)
                index += 1
            } else {
                content.append(byte)
            }
        }
        return nil
    }
}

private extension ArraySlice<UInt8> {
    func trimmingLinearWhitespace() -> ArraySlice<UInt8> {
        let isWhitespace = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        guard let first = firstIndex(where: { !isWhitespace($0) }),
              let last = lastIndex(where: { !isWhitespace($0) }) else { return [] }
        return self[first...last]
    }
}

private extension Substring {
    func trimmingLinearWhitespace() -> Substring {
        let isWhitespace = { (character: Character) in character == " " || character == "\t" }
        guard let first = firstIndex(where: { !isWhitespace($0) }),
              let last = lastIndex(where: { !isWhitespace($0) }) else { return "" }
        return self[first...last]
    }
}
