import Foundation
import HostileInput
import PropertyBased
import Testing
@testable import Mail

private let invite = Array("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nMETHOD:PUBLISH\r\nBEGIN:VEVENT\r\nSUMMARY:Focení v Praze\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n".utf8)

/// The scalars of `text` but spaces (a space may join a mark into one `Character`).
private func withoutSpaces(_ text: String) -> String {
    String(String.UnicodeScalarView(text.unicodeScalars.filter { $0 != " " }))
}

/// Messages read back by Python's email package (Tests/Mail/read_mail.py), a parser that
/// owes nothing to the writer.
@Suite struct IndependentReadingTests {
    @Test func aCzechMessageWithBothPartsAndAnInviteReadsBackWhole() throws {
        let html = "<p>Dobrý den, <b>Jano</b>,</p>\n<p>" + String(repeating: "příliš žluťoučký kůň úpěl ďábelské ódy ", count: 6) + "</p>\n.\n"
        let message = sampleMessage(subject: "Potvrďte svou adresu na Fotofoliu – žluťoučký kůň úpěl ďábelské ódy 🐴",
                                    text: "Dobrý den,\r\n\r\nklikněte na odkaz: https://fotofolio.example/confirm/abc\n.\nS pozdravem ", html: html,
                                    attachments: [MailAttachment(filename: "pozvánka na focení.ics", contentType: "text/calendar; charset=utf-8; method=PUBLISH", data: invite),
                                                  MailAttachment(filename: "invite.ics", contentType: "text/calendar", data: [0, 255, 13, 10, 46])],
                                    headers: [(name: "List-Unsubscribe", value: "<https://fotofolio.example/unsubscribe/abc>")])
        let reading = try readWithPython(message.bytes())
        #expect(reading.defects.isEmpty, "\(reading.defects)")
        #expect(reading.subject == message.subject)
        #expect(reading.from_name == "Fotofolio")
        #expect(reading.from_address == "noreply@fotofolio.example")
        #expect(reading.to_name == "Jana Nováková")
        #expect(reading.to_address == "jana@example.cz")
        #expect(reading.message_id == "<mail-12.3f9c@fotofolio.example>")
        #expect(reading.date == "Tue, 14 Nov 2023 22:13:20 +0000")
        #expect(reading.headers(named: "List-Unsubscribe") == ["<https://fotofolio.example/unsubscribe/abc>"])
        #expect(reading.headers(named: "Bcc").isEmpty)
        #expect(reading.text.map(withNewlines) == withNewlines(message.text))
        #expect(reading.html.map(withNewlines) == withNewlines(html))
        #expect(reading.attachments.map(\.filename) == ["pozvánka na focení.ics", "invite.ics"])
        #expect(reading.attachments.map(\.content_type) == ["text/calendar", "text/calendar"])
        #expect(reading.attachments.map(\.bytes) == [invite, [0, 255, 13, 10, 46]])
    }

    /// A picture the HTML shows (a QR payment) goes inline beside the HTML, named by its
    /// Content-ID; a file attached beside it stays an attachment.
    @Test func anInlinePictureSitsBesideTheHTMLAndAnAttachmentStaysAttached() throws {
        let picture: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0, 1, 2, 255]
        let message = sampleMessage(subject: "Záloha", text: "Záloha 5 000 Kč", html: "<p><img src=\"cid:qr-deposit@fotofolio\" alt=\"QR\"></p>",
                                    attachments: [MailAttachment(filename: "qr.png", contentType: "image/png", data: picture,
                                                                 contentID: "qr-deposit@fotofolio\r\nBcc: x@y.cz>"),
                                                  MailAttachment(filename: "invite.ics", contentType: "text/calendar", data: invite)])
        let reading = try readWithPython(message.bytes())
        #expect(reading.defects.isEmpty, "\(reading.defects)")
        #expect(reading.headers(named: "Bcc").isEmpty)
        #expect(reading.inline.map(\.content_id) == ["<qr-deposit@fotofolioBccx@y.cz>"])
        #expect(reading.inline.map(\.content_type) == ["image/png"])
        #expect(reading.inline.map(\.related) == [true])
        #expect(reading.inline.map(\.bytes) == [picture])
        #expect(reading.attachments.map(\.filename) == ["invite.ics"])
        #expect(reading.html?.contains("cid:qr-deposit@fotofolio") == true)
        #expect(reading.text.map(withNewlines) == withNewlines(message.text))
    }

    @Test func aHostileNameCannotAddARecipient() throws {
        let message = sampleMessage(subject: "Hi\r\nBcc: victim@x.cz", fromName: "X\r\nBcc: victim@x.cz", toName: "\"Doe\", <evil@x.cz>", html: nil)
        let reading = try readWithPython(message.bytes())
        #expect(reading.defects.isEmpty, "\(reading.defects)")
        #expect(reading.headers(named: "Bcc").isEmpty)
        #expect(reading.subject == "Hi  Bcc: victim@x.cz")
        #expect(reading.from_name == "X Bcc: victim@x.cz")
        #expect(reading.from_address == "noreply@fotofolio.example")
        #expect(reading.to_name == "\"Doe\", <evil@x.cz>")
        #expect(reading.to_address == "jana@example.cz")
        #expect(reading.text.map(withNewlines) == withNewlines(message.text))
        #expect(reading.html == nil)
    }

    @Test func hostileSubjectsNamesAndTextsReadBackInPython() async {
        await propertyCheck(count: 30, input: HostileText.strings(length: 0...80), HostileText.strings(length: 0...80)) { subject, text in
            let message = sampleMessage(subject: subject, fromName: subject, text: text, html: text)
            let reading = try readWithPython(message.bytes())
            #expect(reading.headers(named: "Bcc").isEmpty)
            #expect(reading.subject == flattenedForHeader(subject), "\(subject.debugDescription)")
            // Python 3.11 puts a space between two encoded-words of a display name, where
            // RFC 2047 (6.2) and mail programs join them: long names differ in spaces only.
            #expect(reading.from_name.map(withoutSpaces) == withoutSpaces(message.from.name ?? ""), "\(subject.debugDescription)")
            #expect(reading.from_address == "noreply@fotofolio.example")
            #expect(reading.text.map(withNewlines) == withNewlines(text), "\(text.debugDescription)")
            #expect(reading.html.map(withNewlines) == withNewlines(text), "\(text.debugDescription)")
        }
    }
}
