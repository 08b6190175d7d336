/// A received mail read back for the operator page: headers decoded (RFC 2047), the text and
/// HTML parts decoded (quoted-printable/base64; UTF-8, US-ASCII or ISO-8859-1, anything
/// else read as UTF-8), line ends as "\n". It needs to understand only what
/// `MailMessage.bytes()` writes, but reads any bytes without trapping, and in time linear in
/// their size times the nesting it follows (at most `MIMEEntity.maximumDepth` levels).
public struct ReadMail: Sendable {
    public let subject: String
    public let from: String
    public let to: String
    /// As the Date header has it.
    public let date: String
    public let text: String?
    public let html: String?
    /// The attachments' file names.
    public let attachments: [String]

    /// nil when the bytes start with no header at all.
    public init?(bytes: [UInt8]) {
        let message = MIMEEntity(bytes[...])
        guard !message.headers.isEmpty else { return nil }
        subject = EncodedWords.decoded(message.header("subject") ?? "")
        from = EncodedWords.decoded(message.header("from") ?? "")
        to = EncodedWords.decoded(message.header("to") ?? "")
        date = message.header("date") ?? ""
        var found = Found()
        var budget = MIMEEntity.maximumParts
        message.collect(into: &found, depth: 0, budget: &budget)
        text = found.text
        html = found.html
        attachments = found.attachments
    }

    struct Found {
        var text: String?
        var html: String?
        var attachments: [String] = []
    }
}

/// One MIME entity: header fields and a body.
struct MIMEEntity {
    static let maximumDepth = 8
    static let maximumParts = 200
    static let maximumHeaders = 300

    let headers: [(name: String, value: String)]
    let body: ArraySlice<UInt8>

    init(_ bytes: ArraySlice<UInt8>) {
        var headers: [(name: String, value: String)] = []
        var position = bytes.startIndex
        while position < bytes.endIndex {
            let (line, next) = Self.line(in: bytes, from: position)
            if line.isEmpty { position = next; break }
            if line.first == 0x20 || line.first == 0x09, !headers.isEmpty {
                headers[headers.count - 1].value += String(decoding: line, as: UTF8.self)
            } else if let colon = line.firstIndex(of: UInt8(ascii: ":")), headers.count < Self.maximumHeaders {
                let name = String(decoding: line[..<colon], as: UTF8.self).trimmingWhitespace.lowercased()
                headers.append((name, String(decoding: line[(colon + 1)...], as: UTF8.self).trimmingWhitespace))
            } else if headers.isEmpty {
                break
            }
            position = next
        }
        self.headers = headers
        self.body = headers.isEmpty ? bytes : bytes[position...]
    }

    func header(_ name: String) -> String? { headers.first { $0.name == name }?.value }

    /// The line starting at `start` without its line end, and where the next line starts.
    static func line(in bytes: ArraySlice<UInt8>, from start: Int) -> (ArraySlice<UInt8>, Int) {
        guard let newline = bytes[start...].firstIndex(of: 0x0A) else { return (bytes[start...], bytes.endIndex) }
        let end = newline > start && bytes[newline - 1] == 0x0D ? newline - 1 : newline
        return (bytes[start..<end], newline + 1)
    }

    func collect(into found: inout ReadMail.Found, depth: Int, budget: inout Int) {
        guard budget > 0 else { return }
        budget -= 1
        let type = HeaderParameters(header("content-type") ?? "text/plain")
        let disposition = HeaderParameters(header("content-disposition") ?? "")
        if type.value.hasPrefix("multipart/") {
            guard depth < Self.maximumDepth, let boundary = type["boundary"], !boundary.isEmpty else { return }
            for part in Self.parts(of: body, boundary: Array(boundary.utf8)) {
                MIMEEntity(part).collect(into: &found, depth: depth + 1, budget: &budget)
            }
            return
        }
        if let filename = disposition["filename"] ?? type["name"] {
            found.attachments.append(filename)
            return
        }
        if disposition.value == "attachment" {
            found.attachments.append("")
            return
        }
        guard type.value == "text/plain" || type.value == "text/html" else { return }
        let decoded = TransferDecoding.decoded(body, encoding: (header("content-transfer-encoding") ?? "").lowercased())
        let text = Charsets.text(decoded, charset: type["charset"] ?? "utf-8")
        if type.value == "text/plain", found.text == nil { found.text = text }
        if type.value == "text/html", found.html == nil { found.html = text }
    }

    /// The bodies between `--boundary` lines, up to `--boundary--`; the line end before a
    /// delimiter belongs to the delimiter.
    static func parts(of body: ArraySlice<UInt8>, boundary: [UInt8]) -> [ArraySlice<UInt8>] {
        let delimiter = [UInt8(ascii: "-"), UInt8(ascii: "-")] + boundary
        var parts: [ArraySlice<UInt8>] = []
        var partStart: Int?
        var position = body.startIndex
        while position < body.endIndex {
            let (line, next) = line(in: body, from: position)
            if line.starts(with: delimiter) {
                let rest = line.dropFirst(delimiter.count)
                let closing = rest.starts(with: [UInt8(ascii: "-"), UInt8(ascii: "-")])
                if closing || rest.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
                    if let start = partStart {
                        var end = position
                        if end > start, body[end - 1] == 0x0A { end -= 1 }
                        if end > start, body[end - 1] == 0x0D { end -= 1 }
                        parts.append(body[start..<max(start, end)])
                        if parts.count >= maximumParts { return parts }
                    }
                    if closing { return parts }
                    partStart = next
                }
            }
            position = next
        }
        if let start = partStart, start < body.endIndex { parts.append(body[start...]) }
        return parts
    }
}
