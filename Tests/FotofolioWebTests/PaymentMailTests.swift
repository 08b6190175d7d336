import Foundation
import Fotofolio
import FotofolioSQLite
import GRDB
import Mail
import Spawn
import Testing
@testable import FotofolioWeb

/// Money by mail: the booking's mail asks the client for each payment with a QR code sent as
/// a picture inline, and the day before a payment is due the client is reminded, unless it
/// was marked received, the booking cancelled or shoot mail turned off. The mails are read by
/// Python's email package and the codes by zbarimg, neither of them ours.
@Suite struct PaymentMailTests {
    /// One mail file as Python reads it: the subject, the text, and each inline picture's bytes.
    struct PythonMail: Decodable {
        struct Inline: Decodable {
            let content_id: String
            let content_type: String
            let data: String
            let related: Bool
        }

        let subject: String?
        let text: String?
        let html: String?
        let inline: [Inline]
        let defects: [String]
    }

    static let readMail = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Mail/read_mail.py").path

    /// Every mail file written so far (after sending what is due at `date`), read by Python.
    static func mails(of server: WebTestServer, sendingDueAt date: Date = Date()) throws -> [PythonMail] {
        _ = server.app.mailSender?.sendDue(at: date)
        let folder = URL(fileURLWithPath: server.directory + "/mail")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".eml") }.sorted()
        return try names.map { name in
            let run = try ChildProcess.run("/usr/bin/python3", [readMail, folder.appendingPathComponent(name).path])
            guard run.status == .exited(0), let line = run.output.split(separator: "\n").last else {
                throw BookingError.unknown
            }
            return try JSONDecoder().decode(PythonMail.self, from: Data(line.utf8))
        }
    }

    /// The texts zbarimg reads from a mail's inline pictures.
    static func scanned(_ mail: PythonMail) throws -> [String] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mailqr-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var texts: [String] = []
        for (index, picture) in mail.inline.enumerated() {
            #expect(picture.content_type == "image/png" && picture.related)
            #expect(mail.html?.contains("cid:" + picture.content_id.trimmingCharacters(in: CharacterSet(charactersIn: "<>"))) == true)
            let file = directory.appendingPathComponent("\(index).png")
            try Data(base64Encoded: picture.data)?.write(to: file)
            let read = try ChildProcess.run("/usr/bin/zbarimg", ["--quiet", "--raw", "-Sdisable", "-Sqrcode.enable", file.path])
            #expect(read.status == .exited(0), "\(read.output)")
            texts += read.output.split(separator: "\n").filter { $0.hasPrefix("SPD*") }.map(String.init)
        }
        return texts
    }

    /// Vojta with bank details books Jana: 12 000 Kč, 30 % deposit due in 5 days, the rest
    /// 7 days before the shoot (40 days ahead).
    static func booked() async throws -> (server: WebTestServer, booking: Int64) {
        let server = try ShootPagesTests.seeded()
        try await server.cookies(of: "vojtafoti")
        _ = try await server.submit("/profile/payments", BookingPaymentPagesTests.payee)
        return (server, try await BookingPaymentPagesTests.book(on: server))
    }

    @Test func theClientIsMailedWhatToPayWithACodeToScanAndThePhotographerIsNot() async throws {
        let (server, booking) = try await Self.booked()
        let mails = try Self.mails(of: server)
        #expect(mails.allSatisfy { $0.defects.isEmpty })
        let howToPay = mails.filter { $0.subject?.hasSuffix("how to pay") == true }
        try #require(howToPay.count == 1)
        let mail = howToPay[0]
        #expect(mail.subject?.hasPrefix("Booked: Svatba") == true)
        // Both payments, each with a code zbarimg reads back to the booking's payment.
        let codes = try Self.scanned(mail).map(BookingPaymentPagesTests.fields)
        #expect(codes.map { $0["AM"] } == ["3600.00", "8400.00"])
        #expect(codes.allSatisfy { $0["X-VS"] == "\(booking)" && $0["ACC"] == "CZ6508000000192000145399" && $0["CC"] == "CZK" })
        // The same details as text, for people who type them, and a link to the booking.
        let text = try #require(mail.text)
        #expect(text.contains("Deposit 3,600 Kč, due by") && text.contains("Balance 8,400 Kč, due by"))
        #expect(text.contains("19-2000145399/0800") && text.contains("/bookings/\(booking)"))
        // Vojta's mail of the same step asks for nothing.
        let toVojta = try #require(mails.first { $0.subject == "Booked: Jana Králová accepted the offer" })
        #expect(toVojta.inline.isEmpty && toVojta.text?.contains("19-2000145399/0800") == false)
    }

    @Test func theDayBeforeAPaymentIsDueTheClientIsRemindedOfItAlone() async throws {
        let (server, booking) = try await Self.booked()
        let before = try Self.mails(of: server).count
        // The deposit is due in 5 days: its reminder waits until the morning of the 4th.
        let depositDue = CalendarDay(Date()).adding(days: 5)
        #expect(try Self.mails(of: server, sendingDueAt: PaymentReminder.moment(before: depositDue).addingTimeInterval(-60)).count == before)
        let mails = try Self.mails(of: server, sendingDueAt: PaymentReminder.moment(before: depositDue).addingTimeInterval(60))
        try #require(mails.count == before + 1)
        let reminder = try #require(mails.last)
        #expect(reminder.subject == "Due tomorrow: Deposit, 3,600 Kč")
        #expect(try Self.scanned(reminder).map(BookingPaymentPagesTests.fields).map { $0["AM"] } == ["3600.00"])
        #expect(reminder.text?.contains("/bookings/\(booking)") == true)
        // Sending again sends nothing more: one reminder per payment.
        #expect(try Self.mails(of: server, sendingDueAt: PaymentReminder.moment(before: depositDue).addingTimeInterval(3600)).count == before + 1)
    }

    @Test func aPaymentMarkedReceivedACancelledBookingOrShootMailTurnedOffRemindsOfNothing() async throws {
        let (server, booking) = try await Self.booked()
        let before = try Self.mails(of: server).count
        try await server.cookies(of: "vojtafoti")
        #expect(try await server.submit("/bookings/\(booking)/payments/deposit", ["received": "1", "paidOn": CalendarDay(Date()).text]).status == 303)
        let depositDue = CalendarDay(Date()).adding(days: 5)
        #expect(try Self.mails(of: server, sendingDueAt: PaymentReminder.moment(before: depositDue).addingTimeInterval(60)).count == before)
        // Jana turns shoot mail off: the balance's reminder is not sent either.
        try MailPreferences(stores: .sqlite(server.database)).save(
            MailSettings(messages: .atOnce, groupMessages: false, shoots: false, galleries: true, language: "en"), of: try server.userId("jana.k"))
        let restDue = ShootPagesTests.shootDay.adding(days: -7)
        #expect(try Self.mails(of: server, sendingDueAt: PaymentReminder.moment(before: restDue).addingTimeInterval(60)).count == before)
        let states = try await server.database.pool.read { db in
            try String.fetchAll(db, sql: "SELECT state FROM mail WHERE batch LIKE ? ORDER BY id", arguments: ["payment:%"])
        }
        #expect(states == ["cancelled", "cancelled"])
    }

    @Test func aCancelledBookingRemindsOfNothing() async throws {
        let (server, booking) = try await Self.booked()
        let before = try Self.mails(of: server).count
        try await server.cookies(of: "jana.k")
        #expect(try await server.submit("/bookings/\(booking)/cancel", ["uuid": UUID().uuidString, "reason": "Svatba se ruší"]).status == 303)
        let after = try Self.mails(of: server).count
        let restDue = ShootPagesTests.shootDay.adding(days: -7)
        #expect(try Self.mails(of: server, sendingDueAt: PaymentReminder.moment(before: restDue).addingTimeInterval(60)).count == after)
        #expect(after > before, "the cancellation itself is told")
    }
}
