import Foundation
import HostileInput
import PropertyBased
import Testing
@testable import Mail

/// The header section of `bytes`: its lines, without line ends.
private func headerLines(_ bytes: [UInt8]) -> [String] {
    let text = String(decoding: bytes, as: UTF8.self)
    let header = text.components(separatedBy: "\r\n\r\n").first ?? ""
    return header.components(separatedBy: "\r\n")
}

/// The value of header `name`, unfolded.
private func header(_ name: String, in bytes: [UInt8]) -> String? {
    var value: String?
    for line in headerLines(bytes) {
        if line.hasPrefix(" ") || line.hasPrefix("\t") {
            if value != nil { value! += line }
        } else if value != nil {
            break
        } else if line.lowercased().hasPrefix(name.lowercased() + ":") {
            value = String(line.dropFirst(name.count + 1))
        }
    }
    return value.map { $0.trimmingCharacters(in: .whitespaces) }
}

/// The display name in a From/To value as a reader gets it: quoted, encoded or plain.
private func displayName(_ value: String) -> String? {
    guard let open = value.lastIndex(of: "<"), open != value.startIndex else { return nil }
    let phrase = value[..<open].trimmingCharacters(in: .whitespaces)
    if phrase.hasPrefix("\"") {
        var result = ""
        var escaped = false
        for character in phrase.dropFirst().dropLast() {
            if !escaped && character == "\\" { escaped = true; continue }
            escaped = false
            result.append(character)
        }
        return result
    }
    return EncodedWords.decoded(phrase)
}

/// Every line of a message ends in CR LF: no CR or LF anywhere else.
private func hasOnlyCRLF(_ bytes: [UInt8]) -> Bool {
    for (index, byte) in bytes.enumerated() {
        if byte == 0x0D && (index + 1 == bytes.count || bytes[index + 1] != 0x0A) { return false }
        if byte == 0x0A && (index == 0 || bytes[index - 1] != 0x0D) { return false }
    }
    return true
}

private let writtenHeaders: Set<String> = ["date", "from", "to", "subject", "message-id", "mime-version", "auto-submitted",
                                           "content-type", "content-transfer-encoding"]

@Suite struct HeaderWritingTests {
    @Test func hostileSubjectsAndNamesStayInTheirHeaderAndDecodeBack() async {
        await propertyCheck(count: 1500, input: HostileText.strings(length: 0...120), HostileText.strings(length: 0...120)) { subject, name in
            let message = sampleMessage(subject: subject, fromName: name, toName: "X\r\nBcc: victim@x.cz " + name)
            let bytes = message.bytes()
            #expect(hasOnlyCRLF(bytes))
            let lines = headerLines(bytes)
            for line in lines {
                #expect(line.utf8.count <= 78, "\(line.debugDescription)")
                if !line.hasPrefix(" ") {
                    let name = line.split(separator: ":", maxSplits: 1).first.map { $0.lowercased() } ?? ""
                    #expect(writtenHeaders.contains(name), "\(line.debugDescription)")
                }
            }
            #expect(EncodedWords.decoded(header("Subject", in: bytes) ?? "") == flattenedForHeader(subject))
            let from = header("From", in: bytes) ?? ""
            if let cleaned = message.from.name {
                #expect(from.hasSuffix(" <noreply@fotofolio.example>"))
                #expect(displayName(from) == cleaned)
            } else {
                #expect(from == "noreply@fotofolio.example")
            }
            #expect(displayName(header("To", in: bytes) ?? "") == message.to.name)
        }
    }

    @Test func longNamesAreCutToTwoHundredBytesBetweenScalars() throws {
        let name = String(repeating: "Ž👍🏽e\u{301}", count: 40)
        let address = try #require(MailAddress(name: name, address: "a@example.cz"))
        let cleaned = try #require(address.name)
        #expect(cleaned.utf8.count <= 200)
        #expect(cleaned.utf8.count > 190)
        #expect(name.unicodeScalars.starts(with: cleaned.unicodeScalars))
        let bytes = sampleMessage(fromName: name).bytes()
        #expect(headerLines(bytes).allSatisfy { $0.utf8.count <= 78 })
        #expect(displayName(header("From", in: bytes) ?? "") == cleaned)
    }

    @Test func encodedWordsAreShortAndCutBetweenScalars() {
        let words = HeaderText.encodedWords(String(repeating: "👨‍👩‍👧Řá", count: 30))
        #expect(words.count > 5)
        for word in words {
            #expect(word.utf8.count <= 75)
            let payload = word.dropFirst("=?UTF-8?B?".count).dropLast(2)
            let bytes = Data(base64Encoded: String(payload))
            #expect(bytes.flatMap { String(data: $0, encoding: .utf8) } != nil, "\(word) holds whole scalars")
        }
    }

    @Test func plainNamesAndSubjectsAreWrittenAsTheyAre() {
        let bytes = sampleMessage(subject: "Confirm your address", fromName: "Fotofolio", toName: "Doe, J. (tester)").bytes()
        #expect(header("Subject", in: bytes) == "Confirm your address")
        #expect(header("From", in: bytes) == "Fotofolio <noreply@fotofolio.example>")
        #expect(header("To", in: bytes) == "\"Doe, J. (tester)\" <jana@example.cz>")
        #expect(header("Date", in: bytes) == "Tue, 14 Nov 2023 22:13:20 +0000")
        #expect(header("Message-ID", in: bytes) == "<mail-12.3f9c@fotofolio.example>")
        #expect(header("Auto-Submitted", in: bytes) == "auto-generated")
    }

    @Test func textThatLooksEncodedIsEncoded() {
        let subject = "=?UTF-8?B?QmNjOg==?= trick"
        let bytes = sampleMessage(subject: subject).bytes()
        #expect(header("Subject", in: bytes) != subject)
        #expect(EncodedWords.decoded(header("Subject", in: bytes) ?? "") == subject)
    }

    @Test func extraHeadersWithLineBreaksOrForeignTextAreLeftOut() {
        let bytes = sampleMessage(headers: [
            (name: "List-Unsubscribe", value: "<https://fotofolio.example/unsubscribe/abc>"),
            (name: "List-Unsubscribe-Post", value: "List-Unsubscribe=One-Click"),
            (name: "X-Note", value: "a\r\nBcc: victim@x.cz"),
            (name: "X-Czech", value: "Žluťoučký"),
            (name: "Bcc", value: "victim@x.cz"),
            (name: "X Bad", value: "name with a space"),
            (name: "Subject", value: "a second subject"),
        ]).bytes()
        #expect(header("List-Unsubscribe", in: bytes) == "<https://fotofolio.example/unsubscribe/abc>")
        #expect(header("List-Unsubscribe-Post", in: bytes) == "List-Unsubscribe=One-Click")
        #expect(header("X-Note", in: bytes) == nil)
        #expect(header("X-Czech", in: bytes) == nil)
        #expect(header("Bcc", in: bytes) == nil)
        #expect(header("X Bad", in: bytes) == nil)
        #expect(headerLines(bytes).filter { $0.hasPrefix("Subject:") }.count == 1)
    }

    @Test func messageIDsKeepOnlyAtextDotsAndAt() {
        let message = MailMessage(from: MailAddress(address: "a@example.cz")!, to: MailAddress(address: "b@example.cz")!, subject: "s",
                                  date: sampleDate, messageID: "<mail 1>\r\nBcc: x@y.cz@fotofolio.example", text: "t", html: nil)
        #expect(header("Message-ID", in: message.bytes()) == "<mail1Bccx@y.cz@fotofolio.example>")
    }

    @Test func quotedPrintableLinesStayWithinSeventySixCharacters() async {
        await propertyCheck(count: 500, input: HostileText.strings(length: 0...400)) { text in
            let encoded = MIMEWriter.quotedPrintable(Array(MIMEWriter.normalizedLineEnds(text).utf8))
            #expect(hasOnlyCRLF(encoded))
            let lines = String(decoding: encoded, as: UTF8.self).components(separatedBy: "\r\n")
            #expect(lines.allSatisfy { $0.utf8.count <= 76 && $0.utf8.allSatisfy { (0x20...0x7E).contains($0) || $0 == 0x09 } })
            #expect(lines.allSatisfy { !$0.hasSuffix(" ") && !$0.hasSuffix("\t") })
            let decoded = TransferDecoding.quotedPrintable(encoded[...])
            #expect(String(decoding: decoded, as: UTF8.self) == MIMEWriter.normalizedLineEnds(text))
        }
    }
}
