import Foundation
import HostileInput
import PropertyBased
import Testing
@testable import Mail

@Suite struct ReadMailTests {
    @Test func whatTheWriterWritesReadsBack() async {
        await propertyCheck(count: 800, input: HostileText.strings(length: 0...60), HostileText.strings(length: 0...200), Gen<Bool>.bool) { subject, text, withHTML in
            let attachments = withHTML ? [MailAttachment(filename: subject, contentType: "text/calendar", data: Array(text.utf8))] : []
            let message = sampleMessage(subject: subject, text: text, html: withHTML ? "<p>" + text : nil, attachments: attachments)
            let reading = try #require(ReadMail(bytes: message.bytes()))
            #expect(reading.subject == flattenedForHeader(subject))
            #expect(reading.from == "Fotofolio <noreply@fotofolio.example>")
            #expect(reading.to == "Jana Nováková <jana@example.cz>")
            #expect(reading.date == "Tue, 14 Nov 2023 22:13:20 +0000")
            // Without an HTML part the text is the message's last part, which ends with a line end.
            let expected = withNewlines(text)
            #expect(reading.text == (withHTML || expected.isEmpty || expected.hasSuffix("\n") ? expected : expected + "\n"))
            #expect(reading.html == (withHTML ? "<p>" + expected : nil))
            #expect(reading.attachments == (withHTML ? [subject.isEmpty ? "attachment" : subject] : []))
        }
    }

    @Test func foreignEncodingsAreDecoded() throws {
        let bytes = Array("""
            Subject: =?iso-8859-1?q?caf=E9_au?= =?UTF-8?B?IGxhaXQ=?= plain
            From: =?utf-8?q?Jan_Nov=C3=A1k?= <jan@example.cz>
            To: b@example.cz
            Content-Type: multipart/mixed; boundary=XYZ

            preamble
            --XYZ
            Content-Type: text/plain; charset=iso-8859-1
            Content-Transfer-Encoding: quoted-printable

            caf=E9 =
            soft
            --XYZ
            Content-Type: application/pdf
            Content-Disposition: attachment; filename*0*=UTF-8''P%C5%99%C3%ADloha; filename*1=".pdf"
            Content-Transfer-Encoding: base64

            AAAA
            --XYZ--

            """.replacingOccurrences(of: "\n", with: "\r\n").utf8)
        let reading = try #require(ReadMail(bytes: bytes))
        #expect(reading.subject == "café au lait plain")
        #expect(reading.from == "Jan Novák <jan@example.cz>")
        #expect(reading.text == "café soft")
        #expect(reading.attachments == ["Příloha.pdf"])
    }

    @Test(arguments: [[], Array("no header here".utf8), Array("\r\n\r\nbody".utf8)])
    func bytesWithoutHeadersAreNoMail(_ bytes: [UInt8]) {
        #expect(ReadMail(bytes: bytes) == nil)
    }

    @Test func deepNestingAndManyPartsEndQuickly() throws {
        var body = "Subject: deep\r\nContent-Type: multipart/mixed; boundary=b0\r\n\r\n"
        for level in 1..<200 { body += "--b\(level - 1)\r\nContent-Type: multipart/mixed; boundary=b\(level)\r\n\r\n" }
        body += String(repeating: "--b0\r\n\r\n", count: 10_000)
        let reading = try #require(ReadMail(bytes: Array(body.utf8)))
        #expect(reading.subject == "deep")
        #expect(reading.attachments.isEmpty)
    }

    @Test func anyBytesReadWithoutTrapping() async {
        await propertyCheck(count: 2000, input: HostileText.strings(length: 0...200)) { text in
            for prefix in ["", "Subject: x\r\nContent-Type: multipart/mixed; boundary=\"a\"\r\n\r\n--a\r\n", "Subject: =?UTF-8?Q?"] {
                _ = ReadMail(bytes: Array((prefix + text).utf8))
            }
        }
    }
}
