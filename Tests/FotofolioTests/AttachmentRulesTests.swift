import Foundation
import Testing
import Fotofolio

/// What a message may carry and how a file's kind and name are read: the rules on their own.
@Suite struct AttachmentRulesTests {
    static let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10] + Array("JFIF".utf8)
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    static let webp: [UInt8] = Array("RIFF".utf8) + [1, 2, 3, 4] + Array("WEBPVP8 ".utf8)
    static let heic: [UInt8] = [0, 0, 0, 0x18] + Array("ftypheic".utf8)
    static let pdf: [UInt8] = Array("%PDF-1.7\n".utf8)

    static func upload(_ head: [UInt8], _ name: String = "file", type: String = "application/octet-stream",
                       size: Int = 1000) -> AttachmentRules.Upload {
        AttachmentRules.Upload(name: name, declaredType: type, byteCount: size, head: head)
    }

    /// (first bytes, kind)
    @Test(arguments: [
        (jpeg, AttachmentKind.photo), (png, .photo), (webp, .photo), (heic, .photo), (pdf, .pdf),
        (Array("%PDF".utf8), nil), (Array("GIF89a".utf8), nil), (Array("<html>".utf8), nil),
        (Array("RIFF1234WAVE".utf8), nil), ([0, 0, 0, 0x18] + Array("ftypmp42".utf8), nil), ([], nil),
        (Array(" %PDF-1.4".utf8), nil),
    ] as [([UInt8], AttachmentKind?)])
    func aFilesKindComesFromItsFirstBytes(head: [UInt8], kind: AttachmentKind?) {
        #expect(AttachmentRules.sniff(head) == kind)
    }

    /// (uploads, kinds or refusal)
    @Test(arguments: [
        ([upload(jpeg), upload(pdf, "a.pdf")], .success([AttachmentKind.photo, .pdf])),
        (Array(repeating: upload(jpeg), count: 10), .success(Array(repeating: AttachmentKind.photo, count: 10))),
        (Array(repeating: upload(jpeg), count: 11), .failure(.tooManyPhotos)),
        ([upload(pdf, "a.pdf"), upload(pdf, "b.pdf")], .failure(.tooManyPDFs)),
        ([upload(pdf, "a.pdf", size: 20 << 20)], .success([AttachmentKind.pdf])),
        ([upload(pdf, "a.pdf", size: (20 << 20) + 1)], .failure(.tooLarge(name: "a.pdf"))),
        ([upload(Array("not a pdf".utf8), "smlouva.pdf")], .failure(.notAPDF(name: "smlouva.pdf"))),
        ([upload(jpeg, "smlouva.pdf")], .failure(.notAPDF(name: "smlouva.pdf"))),
        ([upload(Array("hello".utf8), "x", type: "application/pdf")], .failure(.notAPDF(name: "x"))),
        ([upload(pdf, "photo.jpg", type: "image/jpeg")], .success([AttachmentKind.pdf])),
        ([upload(Array("GIF89a".utf8), "a.gif", type: "image/gif")], .failure(.unsupported(name: "a.gif"))),
    ] as [([AttachmentRules.Upload], Result<[AttachmentKind], AttachmentRules.Problem>)])
    func aMessageCarriesUpToTenPhotosAndOnePDFOfTwentyMegabytes(uploads: [AttachmentRules.Upload],
                                                               outcome: Result<[AttachmentKind], AttachmentRules.Problem>) {
        #expect(Result { () throws(AttachmentRules.Problem) in try AttachmentRules.kinds(of: uploads) } == outcome)
    }

    @Test func theLargestBodyIsTenPhotosAndAPDFAtTheirLimitsAndAMebibyte() {
        #expect(AttachmentRules.largestBody == 10 * 30 * 1_048_576 + 20 * 1_048_576 + 1_048_576)
    }

    /// (name as sent, kind, name shown)
    @Test(arguments: [
        ("smlouva.pdf", AttachmentKind.pdf, "smlouva.pdf"),
        ("C:\\Users\\jana\\Desktop\\smlouva.pdf", .pdf, "smlouva.pdf"),
        ("../../etc/passwd", .pdf, "passwd"),
        ("a\r\nSet-Cookie: x=1.pdf", .pdf, "aSet-Cookie: x=1.pdf"),
        ("faktura\u{202E}fdp.exe", .pdf, "fakturafdp.exe"),
        ("\u{200B}\u{2066}tajné\u{2069}.pdf", .pdf, "tajné.pdf"),
        ("  ..  ", .pdf, "document.pdf"),
        ("", .photo, "photo"),
        ("\u{0007}\u{0000}", .photo, "photo"),
        ("Dovolená\u{00A0}2026.jpg", .photo, "Dovolená 2026.jpg"),
        ("\"quoted\".pdf", .pdf, "\"quoted\".pdf"),
        (String(repeating: "á", count: 200) + ".pdf", .pdf, String(repeating: "á", count: 116) + ".pdf"),
    ] as [(String, AttachmentKind, String)])
    func aNameIsShownWithoutPathsControlsOrDirectionMarks(raw: String, kind: AttachmentKind, shown: String) {
        #expect(AttachmentRules.displayName(raw, kind: kind) == shown)
    }

    /// (name, header value)
    @Test(arguments: [
        ("smlouva.pdf", "attachment; filename=\"smlouva.pdf\"; filename*=UTF-8''smlouva.pdf"),
        ("Žluťoučký kůň.pdf", "attachment; filename=\"_lu_ou_k_ k__.pdf\"; filename*=UTF-8''%C5%BDlu%C5%A5ou%C4%8Dk%C3%BD%20k%C5%AF%C5%88.pdf"),
        ("a\"b\\c;d%e.pdf", "attachment; filename=\"a_b_c_d_e.pdf\"; filename*=UTF-8''a%22b%5Cc%3Bd%25e.pdf"),
        ("a\r\nX: y", "attachment; filename=\"a__X: y\"; filename*=UTF-8''a%0D%0AX%3A%20y"),
    ])
    func contentDispositionHasAnASCIINameAndThePercentEncodedOne(name: String, header: String) {
        #expect(AttachmentRules.contentDisposition(name, inline: false) == header)
    }

    @Test func noNameMakesAHeaderLineOrLeavesPrintableASCII() {
        let hostile = "\r\n\u{0}\u{85}\u{2028}\u{2029}\u{202E}\"'\\/<>;%☃ 😀 e\u{301}"
        let header = AttachmentRules.contentDisposition(AttachmentRules.displayName(hostile, kind: .pdf), inline: true)
        #expect(header.hasPrefix("inline; "))
        #expect(header.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F })
    }

    /// (attachments, summary)
    @Test(arguments: [
        ([], nil),
        ([attachment(.photo)], AttachmentSummary.photos(1)),
        ([attachment(.photo), attachment(.photo), attachment(.photo)], .photos(3)),
        ([attachment(.pdf, "nabídka.pdf")], .file("nabídka.pdf")),
        ([attachment(.pdf, "nabídka.pdf"), attachment(.photo)], .photos(1)),
    ] as [([MessageAttachment], AttachmentSummary?)])
    func aMessageWithOnlyAttachmentsIsSummedUpByItsPhotosOrItsFile(attachments: [MessageAttachment], summary: AttachmentSummary?) {
        #expect(AttachmentSummary(attachments) == summary)
    }

    static func attachment(_ kind: AttachmentKind, _ name: String = "x") -> MessageAttachment {
        MessageAttachment(kind: kind, name: name, byteCount: 1, file: "f")
    }
}
