import Foundation

/// The MIME body of a message: the text (and HTML) parts quoted-printable, attachments base64,
/// inside multipart containers whose boundaries occur nowhere in what they hold.
enum MIMEWriter {
    static func body(text: String, html: String?, attachments: [MailAttachment]) -> [UInt8] {
        var main = textPart(text, subtype: "plain")
        if let html {
            main = multipart("alternative", parts: [main, textPart(html, subtype: "html")])
        }
        let inline = attachments.filter { $0.contentID?.isEmpty == false }
        let attached = attachments.filter { $0.contentID?.isEmpty != false }
        if !inline.isEmpty {
            main = multipart("related", parts: [main] + inline.map(attachmentPart))
        }
        if !attached.isEmpty {
            main = multipart("mixed", parts: [main] + attached.map(attachmentPart))
        }
        // A message ends with a line end, so SMTP's end-of-data mark adds none.
        return main.suffix(2).elementsEqual([0x0D, 0x0A]) ? main : main + [0x0D, 0x0A]
    }

    /// A part: its header lines, a blank line and its encoded content.
    private static func part(headers: [String], content: [UInt8]) -> [UInt8] {
        Array((headers.joined(separator: "\r\n") + "\r\n\r\n").utf8) + content
    }

    private static func textPart(_ text: String, subtype: String) -> [UInt8] {
        part(headers: ["Content-Type: text/\(subtype); charset=utf-8", "Content-Transfer-Encoding: quoted-printable"],
             content: quotedPrintable(Array(normalizedLineEnds(text).utf8)))
    }

    private static func attachmentPart(_ attachment: MailAttachment) -> [UInt8] {
        let type = attachment.contentType.utf8.allSatisfy({ (0x20...0x7E).contains($0) }) && attachment.contentType.utf8.count <= 500
            && attachment.contentType.contains("/") ? attachment.contentType : "application/octet-stream"
        var headers = [
            HeaderText.folded(name: "Content-Type", words: type.split(separator: " ").map(String.init)),
            "Content-Transfer-Encoding: base64",
        ]
        if let id = attachment.contentID, !id.isEmpty {
            headers.append("Content-ID: <\(id.prefix(200))>")
            headers.append(HeaderText.folded(name: "Content-Disposition", words: ["inline;"] + filenameParameters(attachment.filename)))
        } else {
            headers.append(HeaderText.folded(name: "Content-Disposition", words: ["attachment;"] + filenameParameters(attachment.filename)))
        }
        return part(headers: headers, content: base64Lines(attachment.data))
    }

    private static func multipart(_ subtype: String, parts: [[UInt8]]) -> [UInt8] {
        var boundary = randomBoundary()
        while parts.contains(where: { contains($0, Array(boundary.utf8)) }) { boundary = randomBoundary() }
        var content: [UInt8] = []
        for part in parts {
            content += Array("--\(boundary)\r\n".utf8) + part + Array("\r\n".utf8)
        }
        content += Array("--\(boundary)--\r\n".utf8)
        return self.part(headers: ["Content-Type: multipart/\(subtype);", " boundary=\"\(boundary)\""], content: content)
    }

    /// `=_` never occurs in quoted-printable or base64 text, and the random rest makes a
    /// clash with a nested boundary unlikely; `multipart` still checks.
    private static func randomBoundary() -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
        return "=_" + String((0..<28).map { _ in alphabet.randomElement()! })
    }

    private static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard needle.count <= haystack.count else { return false }
        return haystack.withUnsafeBufferPointer { hay in
            needle.withUnsafeBufferPointer { pattern in
                (0...(hay.count - pattern.count)).contains { start in
                    hay[start] == pattern[0] && memcmp(hay.baseAddress! + start, pattern.baseAddress!, pattern.count) == 0
                }
            }
        }
    }

    /// CR LF, a lone CR and a lone LF all become CR LF.
    static func normalizedLineEnds(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        var scalars = text.unicodeScalars.makeIterator()
        var pending = scalars.next()
        while let scalar = pending {
            pending = scalars.next()
            if scalar == "\r" {
                if pending == "\n" { pending = scalars.next() }
                result.append(contentsOf: "\r\n".unicodeScalars)
            } else if scalar == "\n" {
                result.append(contentsOf: "\r\n".unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// Quoted-printable (RFC 2045) of text with CRLF line ends: lines of at most 76
    /// characters, soft breaks never inside an `=XX`, spaces at a line's end encoded.
    static func quotedPrintable(_ bytes: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        var lineLength = 0
        let hex = Array("0123456789ABCDEF".utf8)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A {
                output += [0x0D, 0x0A]
                lineLength = 0
                index += 2
                continue
            }
            let atLineEnd = index + 1 == bytes.count || bytes[index + 1] == 0x0D
            let literal = (byte >= 0x21 && byte <= 0x7E && byte != UInt8(ascii: "=")) || ((byte == 0x20 || byte == 0x09) && !atLineEnd)
            let encoded: [UInt8] = literal ? [byte] : [UInt8(ascii: "="), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            // 75 characters and a soft break `=` make 76; the last piece of a line needs no `=`.
            let limit = atLineEnd ? 76 : 75
            if lineLength + encoded.count > limit {
                output += [UInt8(ascii: "="), 0x0D, 0x0A]
                lineLength = 0
            }
            output += encoded
            lineLength += encoded.count
            index += 1
        }
        return output
    }

    static func base64Lines(_ data: [UInt8]) -> [UInt8] {
        let encoded = Data(data).base64EncodedString(options: [.lineLength76Characters, .endLineWithCarriageReturn, .endLineWithLineFeed])
        return Array(encoded.utf8) + (encoded.isEmpty ? [] : [0x0D, 0x0A])
    }

    /// `filename="…"` for a short printable ASCII name without spaces at its ends, otherwise RFC 2231's
    /// `filename*=UTF-8''…` in percent-encoded pieces of at most 60 characters.
    static func filenameParameters(_ filename: String) -> [String] {
        let name = filename.isEmpty ? "attachment" : filename
        let bytes = Array(name.utf8)
        if bytes.count <= 60, bytes.first != 0x20, bytes.last != 0x20,
           bytes.allSatisfy({ (0x20...0x7E).contains($0) && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) {
            return ["filename=\"\(name)\""]
        }
        var pieces: [String] = [""]
        for byte in bytes {
            let attributeCharacter = isLetterOrDigit(byte) || Array("!#$&+-.^_`|~".utf8).contains(byte)
            let hex = Array("0123456789ABCDEF")
            let encoded = attributeCharacter ? String(UnicodeScalar(byte)) : "%\(hex[Int(byte >> 4)])\(hex[Int(byte & 0x0F)])"
            if pieces[pieces.count - 1].utf8.count + encoded.utf8.count > 60 { pieces.append("") }
            pieces[pieces.count - 1] += encoded
        }
        if pieces.count == 1 { return ["filename*=UTF-8''" + pieces[0]] }
        return pieces.enumerated().map { index, piece in
            "filename*\(index)*=" + (index == 0 ? "UTF-8''" : "") + piece + (index + 1 < pieces.count ? ";" : "")
        }
    }

    static func isLetterOrDigit(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        default: false
        }
    }

    /// `Thu, 14 Nov 2023 22:13:20 +0000`.
    static func rfc5322Date(_ date: Date) -> String {
        let parts = UTCDate.parts(date), digits = UTCDate.digits
        let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        return "\(days[(parts.weekday ?? 1) - 1]), \(digits(parts.day, 2)) \(months[(parts.month ?? 1) - 1]) \(digits(parts.year, 4)) "
            + "\(digits(parts.hour, 2)):\(digits(parts.minute, 2)):\(digits(parts.second, 2)) +0000"
    }
}
