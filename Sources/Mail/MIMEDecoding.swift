/// A header value of the form `value; name=value; name="quoted"`, with RFC 2231's
/// `name*=charset''percent` and `name*0*=…` continuations joined.
struct HeaderParameters {
    let value: String
    private var parameters: [String: String] = [:]

    init(_ header: String) {
        var pieces: [String] = []
        var current = ""
        var quoted = false
        var escaped = false
        for character in header {
            if escaped { current.append(character); escaped = false; continue }
            if quoted && character == "\\" { escaped = true; continue }
            if character == "\"" { quoted.toggle(); continue }
            if character == ";" && !quoted { pieces.append(current); current = ""; continue }
            current.append(character)
        }
        pieces.append(current)
        value = (pieces.first ?? "").trimmingWhitespace.lowercased()
        var continued: [String: [(Int, String, Bool)]] = [:]
        for piece in pieces.dropFirst() {
            guard let equals = piece.firstIndex(of: "=") else { continue }
            let name = piece[..<equals].trimmingWhitespace.lowercased()
            let content = piece[piece.index(after: equals)...].trimmingWhitespace
            let encoded = name.hasSuffix("*")
            let bare = encoded ? String(name.dropLast()) : name
            if let star = bare.firstIndex(of: "*"), let index = Int(bare[bare.index(after: star)...]), index < 1000 {
                continued[String(bare[..<star]), default: []].append((index, content, encoded))
            } else if encoded {
                parameters[bare] = String(decoding: Self.decoded2231(content, first: true), as: UTF8.self)
            } else if parameters[bare] == nil {
                parameters[bare] = content
            }
        }
        for (name, sections) in continued {
            // Bytes first: a character's UTF-8 may be split between two sections.
            let joined = sections.sorted { $0.0 < $1.0 }.flatMap { index, content, encoded in
                encoded ? Self.decoded2231(content, first: index == 0) : Array(content.utf8)
            }
            parameters[name] = String(decoding: joined, as: UTF8.self)
        }
    }

    subscript(name: String) -> String? { parameters[name] }

    /// `charset'language'percent-encoded` (the first section) or percent-encoded (the rest).
    private static func decoded2231(_ text: String, first: Bool) -> [UInt8] {
        var encoded = Substring(text)
        if first {
            let parts = text.split(separator: "'", maxSplits: 2, omittingEmptySubsequences: false)
            if parts.count == 3 { encoded = parts[2] }
        }
        var bytes: [UInt8] = []
        var input = Array(encoded.utf8)[...]
        while let byte = input.popFirst() {
            if byte == UInt8(ascii: "%"), input.count >= 2, let high = hexValue(input[input.startIndex]), let low = hexValue(input[input.startIndex + 1]) {
                bytes.append(high << 4 | low)
                input = input.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return bytes
    }
}

func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    default: nil
    }
}

enum TransferDecoding {
    static func decoded(_ body: ArraySlice<UInt8>, encoding: String) -> [UInt8] {
        switch encoding {
        case "quoted-printable": quotedPrintable(body)
        case "base64": base64(body)
        default: Array(body)
        }
    }

    /// `=XX` escapes and `=` soft line breaks; anything malformed is kept as it is.
    static func quotedPrintable(_ body: ArraySlice<UInt8>) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(body.count)
        var index = body.startIndex
        while index < body.endIndex {
            let byte = body[index]
            guard byte == UInt8(ascii: "=") else { output.append(byte); index += 1; continue }
            var after = index + 1
            while after < body.endIndex, body[after] == 0x20 || body[after] == 0x09 { after += 1 }
            if after < body.endIndex, body[after] == 0x0A { index = after + 1; continue }
            if after + 1 < body.endIndex, body[after] == 0x0D, body[after + 1] == 0x0A { index = after + 2; continue }
            if index + 2 < body.endIndex, let high = hexValue(body[index + 1]), let low = hexValue(body[index + 2]) {
                output.append(high << 4 | low)
                index += 3
                continue
            }
            output.append(byte)
            index += 1
        }
        return output
    }

    /// Base64 with anything outside the alphabet skipped; stops at the first `=`.
    static func base64(_ body: ArraySlice<UInt8>) -> [UInt8] {
        var output: [UInt8] = []
        var accumulator: UInt32 = 0
        var bits = 0
        for byte in body {
            let value: UInt32
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = UInt32(byte - UInt8(ascii: "A"))
            case UInt8(ascii: "a")...UInt8(ascii: "z"): value = UInt32(byte - UInt8(ascii: "a")) + 26
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = UInt32(byte - UInt8(ascii: "0")) + 52
            case UInt8(ascii: "+"): value = 62
            case UInt8(ascii: "/"): value = 63
            case UInt8(ascii: "="): return output
            default: continue
            }
            accumulator = (accumulator << 6 | value) & 0xFFFFFF
            bits += 6
            if bits >= 8 {
                bits -= 8
                output.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
            }
        }
        return output
    }
}

enum Charsets {
    /// UTF-8 (invalid sequences become U+FFFD), ISO-8859-1 byte for scalar; line ends as "\n".
    static func text(_ bytes: [UInt8], charset: String) -> String {
        let text: String
        switch charset.lowercased() {
        case "iso-8859-1", "latin1", "iso8859-1": text = String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
        default: text = String(decoding: bytes, as: UTF8.self)
        }
        return text.replacingCRLF
    }
}

extension String {
    var replacingCRLF: String {
        var result = String.UnicodeScalarView()
        var previousCR = false
        for scalar in unicodeScalars {
            if scalar == "\n" && previousCR { previousCR = false; continue }
            previousCR = scalar == "\r"
            result.append(scalar == "\r" ? "\n" : scalar)
        }
        return String(result)
    }
}

/// RFC 2047: `=?charset?B|Q?text?=` words decoded; the space between two of them dropped.
enum EncodedWords {
    static func decoded(_ header: String) -> String {
        var output = ""
        var pendingSpace = ""
        var previousWasEncoded = false
        var rest = Substring(header)
        while !rest.isEmpty {
            if rest.hasPrefix("=?"), let (word, after) = encodedWord(at: rest) {
                if !previousWasEncoded { output += pendingSpace }
                output += word
                pendingSpace = ""
                previousWasEncoded = true
                rest = after
            } else if let first = rest.first, first == " " || first == "\t" {
                pendingSpace.append(first)
                rest = rest.dropFirst()
            } else {
                output += pendingSpace
                pendingSpace = ""
                previousWasEncoded = false
                let next = rest.dropFirst().firstIndex { $0 == " " || $0 == "\t" || $0 == "=" } ?? rest.endIndex
                output += rest[..<next]
                rest = rest[next...]
            }
        }
        return output + pendingSpace
    }

    private static func encodedWord(at text: Substring) -> (String, Substring)? {
        let parts = text.dropFirst(2).split(separator: "?", maxSplits: 3, omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0].count <= 40, !parts[0].isEmpty,
              parts[3].hasPrefix("="), !parts[2].contains(" ") else { return nil }
        let payload = Array(parts[2].utf8)[...]
        let bytes: [UInt8]
        switch parts[1].lowercased() {
        case "b": bytes = TransferDecoding.base64(payload)
        case "q": bytes = TransferDecoding.quotedPrintable(ArraySlice(payload.map { $0 == UInt8(ascii: "_") ? 0x20 : $0 }))
        default: return nil
        }
        let charset = parts[0].split(separator: "*").first.map(String.init) ?? ""
        return (Charsets.text(bytes, charset: charset), parts[3].dropFirst())
    }
}
