import Foundation

/// A file sent along with a message.
public struct MailAttachment: Sendable {
    public let filename: String
    public let contentType: String
    public let data: [UInt8]
    /// Set for a picture the HTML shows (`<img src="cid:…">`): the part goes beside the
    /// text in `multipart/related`, inline, rather than among the attachments. Letters,
    /// digits, `.`, `-` and `@` only; anything else is left out of the id.
    public let contentID: String?

    /// `contentType` is the whole Content-Type value, e.g.
    /// `text/calendar; charset=utf-8; method=PUBLISH`; one that is not printable ASCII is
    /// sent as `application/octet-stream`.
    public init(filename: String, contentType: String, data: [UInt8], contentID: String? = nil) {
        self.filename = filename
        self.contentType = contentType
        self.data = data
        self.contentID = contentID.map { String(String.UnicodeScalarView($0.unicodeScalars.filter(MailAttachment.isIDScalar))) }
    }

    static func isIDScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && (MIMEWriter.isLetterOrDigit(UInt8(scalar.value)) || scalar == "." || scalar == "-" || scalar == "@")
    }
}

/// One mail to one person, written as RFC 5322 bytes by `bytes()`.
public struct MailMessage: Sendable {
    public let from: MailAddress
    public let to: MailAddress
    public let subject: String
    public let date: Date
    public let messageID: String
    public let text: String
    public let html: String?
    public let attachments: [MailAttachment]
    public let headers: [(name: String, value: String)]

    /// `messageID` is the id without angle brackets, e.g. "mail-12.3f9c…@fotofolio.example"
    /// (the writer adds <> and strips anything not atext, dot or @).
    /// Extra `headers` are for List-Unsubscribe etc.: a name must be a token of
    /// letters/digits/hyphens, a value must be printable ASCII (any CR/LF/control/non-ASCII
    /// makes the header be left out — never a new header line). Names of the headers the
    /// writer writes itself (From, Subject, Content-Type…) and Bcc/Cc are left out too.
    public init(from: MailAddress, to: MailAddress, subject: String, date: Date, messageID: String,
                text: String, html: String?, attachments: [MailAttachment] = [], headers: [(name: String, value: String)] = []) {
        self.from = from
        self.to = to
        self.subject = subject
        self.date = date
        self.messageID = messageID
        self.text = text
        self.html = html
        self.attachments = attachments
        self.headers = headers
    }

    /// The whole RFC 5322 message, CRLF line ends.
    public func bytes() -> [UInt8] {
        var lines = [
            "Date: " + MIMEWriter.rfc5322Date(date),
            HeaderText.folded(name: "From", words: from.headerWords),
            HeaderText.folded(name: "To", words: to.headerWords),
            HeaderText.folded(name: "Subject", words: HeaderText.unstructured(subject)),
            "Message-ID: <" + Self.cleanedMessageID(messageID) + ">",
            "MIME-Version: 1.0",
            "Auto-Submitted: auto-generated",
        ]
        for header in headers where Self.isAcceptableExtraHeader(header) {
            lines.append(HeaderText.folded(name: header.name, words: header.value.split(separator: " ").map(String.init)))
        }
        let body = MIMEWriter.body(text: text, html: html, attachments: attachments)
        return Array((lines.joined(separator: "\r\n") + "\r\n").utf8) + body
    }

    /// The headers `bytes()` writes itself, and the ones that would add recipients.
    private static let reservedHeaders: Set<String> = [
        "date", "from", "to", "subject", "message-id", "mime-version", "auto-submitted", "content-type",
        "content-transfer-encoding", "content-disposition", "cc", "bcc", "sender", "reply-to-all",
    ]

    static func isAcceptableExtraHeader(_ header: (name: String, value: String)) -> Bool {
        let name = header.name.utf8
        guard (1...76).contains(name.count), !reservedHeaders.contains(header.name.lowercased()),
              name.allSatisfy({ MIMEWriter.isLetterOrDigit($0) || $0 == UInt8(ascii: "-") }) else { return false }
        let value = header.value.utf8
        return value.count <= 900 && value.allSatisfy { (0x20...0x7E).contains($0) }
    }

    /// The id's atext, dots and @ only; a fresh one when nothing is left.
    static func cleanedMessageID(_ id: String) -> String {
        let kept = String(decoding: id.utf8.filter { MailAddress.isAtext($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "@") }.prefix(200),
                          as: UTF8.self)
        return kept.contains("@") ? kept : (kept.isEmpty ? UUID().uuidString : kept) + "@mail.invalid"
    }
}
