import Foundation
import Spawn
import Testing
@testable import Mail

/// A port on 127.0.0.1 that nothing listens on: bound, then closed.
private func closedPort() throws -> Int {
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard socket >= 0 else { throw TestFailure("socket failed") }
    defer { close(socket) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0 }
    }
    guard bound else { throw TestFailure("bind failed") }
    return Int(UInt16(bigEndian: address.sin_port))
}

/// A self-signed certificate for 127.0.0.1 and its key, made by openssl in `directory`.
private func selfSignedCertificate(in directory: TemporaryDirectory) throws -> (certificate: String, key: String) {
    let certificate = directory.path + "/cert.pem", key = directory.path + "/key.pem"
    let made = try ChildProcess.run("/usr/bin/openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=localhost", "-days", "1",
                                                         "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1", "-keyout", key, "-out", certificate])
    guard made.status.succeeded else { throw TestFailure("openssl failed: \(made.output)") }
    return (certificate, key)
}

private func transport(_ url: String, caFile: String? = nil) throws -> SMTPTransport {
    var settings = try #require(SMTPSettings(url: url))
    settings.caFile = caFile
    settings.timeout = .seconds(20)
    return SMTPTransport(settings: settings)
}

private func send(_ transport: SMTPTransport, _ bytes: [UInt8], to recipient: String = "jana@example.cz") -> MailDeliveryError? {
    do {
        try transport.send(bytes, from: "noreply@fotofolio.example", to: recipient)
        return nil
    } catch {
        return error
    }
}

@Suite(.serialized) struct SMTPTransportTests {
    @Test func theServerReceivesExactlyTheMessagesBytes() throws {
        let sink = try SMTPSink()
        // A line of a lone dot and lines starting with one: SMTP's dot-stuffing must not show.
        let bytes = sampleMessage(text: "Dobrý den,\n.\n..\n.tečka\n", html: nil,
                                  attachments: [MailAttachment(filename: "invite.ics", contentType: "text/calendar", data: Array(repeating: 46, count: 300))]).bytes()
        #expect(send(try transport(sink.url), bytes) == nil)
        let (received, record) = try sink.message(1)
        #expect(received == bytes)
        #expect(record == .init(mail_from: "noreply@fotofolio.example", rcpt_tos: ["jana@example.cz"], tls: false, auth: nil))
    }

    @Test func aTemporaryRefusalOfTheDataIsTransient() throws {
        let sink = try SMTPSink()
        try sink.setFault("reply", "451 4.3.0 Try later")
        let error = send(try transport(sink.url), sampleMessage().bytes())
        guard case .transient(let reason) = error else { Issue.record("\(String(describing: error))"); return }
        #expect(reason.contains("451"))
        #expect(sink.messageCount == 0)
        try sink.setFault("reply", nil)
        #expect(send(try transport(sink.url), sampleMessage().bytes()) == nil)
        #expect(sink.messageCount == 1)
    }

    @Test func anUnknownRecipientIsPermanentWithTheServersReply() throws {
        let sink = try SMTPSink()
        try sink.setFault("reply-rcpt", "550 5.1.1 No such user")
        let error = send(try transport(sink.url), sampleMessage().bytes())
        guard case .permanent(let code, let reply) = error else { Issue.record("\(String(describing: error))"); return }
        #expect(code == 550)
        #expect(reply.contains("No such user"))
    }

    @Test func aRefusedDataIsPermanent() throws {
        let sink = try SMTPSink()
        try sink.setFault("reply", "554 5.7.1 Spam")
        #expect(send(try transport(sink.url), sampleMessage().bytes()) == .permanent(code: 554, reply: "554 5.7.1 Spam"))
    }

    @Test func nothingListeningIsTransient() throws {
        let error = send(try transport("smtp://127.0.0.1:\(try closedPort())"), sampleMessage().bytes())
        guard case .transient = error else { Issue.record("\(String(describing: error))"); return }
    }

    @Test func hostileEnvelopeAddressesNeverReachTheServer() throws {
        let sink = try SMTPSink()
        #expect(send(try transport(sink.url), sampleMessage().bytes(), to: "a@b.cz>\r\nRCPT TO:<victim@x.cz")
            == .permanent(code: 0, reply: "The recipient address is not acceptable."))
        #expect(sink.messageCount == 0)
    }

    @Test func startTLSWithLoginDelivers() throws {
        let certificates = try TemporaryDirectory()
        let (certificate, key) = try selfSignedCertificate(in: certificates)
        let sink = try SMTPSink(arguments: ["--starttls", certificate, key, "--auth", "user:pa ss:wörd"])
        let bytes = sampleMessage().bytes()
        #expect(send(try transport("smtp://user:pa%20ss%3Aw%C3%B6rd@127.0.0.1:\(sink.port)", caFile: certificate), bytes) == nil)
        let (received, record) = try sink.message(1)
        #expect(received == bytes)
        #expect(record.tls)
        #expect(record.auth == "user")
    }

    @Test func anUntrustedCertificateIsTransient() throws {
        let certificates = try TemporaryDirectory()
        let (certificate, key) = try selfSignedCertificate(in: certificates)
        let sink = try SMTPSink(arguments: ["--starttls", certificate, key, "--auth", "user:secret"])
        let error = send(try transport("smtp://user:secret@127.0.0.1:\(sink.port)"), sampleMessage().bytes())
        guard case .transient(let reason) = error else { Issue.record("\(String(describing: error))"); return }
        #expect(!reason.contains("secret"))
        #expect(sink.messageCount == 0)
    }

    /// A refused login says nothing about the message: it waits until the operator fixes the password.
    @Test func aWrongPasswordIsTransientAndNeverShown() throws {
        let certificates = try TemporaryDirectory()
        let (certificate, key) = try selfSignedCertificate(in: certificates)
        let sink = try SMTPSink(arguments: ["--starttls", certificate, key, "--auth", "user:secret"])
        let error = send(try transport("smtp://user:wrong-guess@127.0.0.1:\(sink.port)", caFile: certificate), sampleMessage().bytes())
        guard case .transient(let reason) = error else { Issue.record("\(String(describing: error))"); return }
        #expect(reason.contains("535"))
        #expect(!reason.contains("wrong-guess"))
        #expect(sink.messageCount == 0)
    }

    @Test func credentialsWithoutTLSAreNeverSent() throws {
        let sink = try SMTPSink(arguments: ["--auth", "user:secret"])
        let error = send(try transport("smtp://user:secret@127.0.0.1:\(sink.port)"), sampleMessage().bytes())
        guard case .transient = error else { Issue.record("\(String(describing: error))"); return }
        #expect(sink.messageCount == 0)
    }
}

@Suite struct SMTPSettingsTests {
    @Test func urlsAreReadWithTheirSecurity() throws {
        let plain = try #require(SMTPSettings(url: "smtp://mail.example.cz"))
        #expect(plain.security == .opportunisticSTARTTLS)
        #expect(plain.connectionURL == "smtp://mail.example.cz")
        #expect(plain.timeout == .seconds(30))
        let login = try #require(SMTPSettings(url: "smtp://user%40x.cz:p%40ss@mail.example.cz:587/fotofolio.example"))
        #expect(login.security == .requiredSTARTTLS)
        #expect(login.login == .init(user: "user@x.cz", password: "p@ss"))
        #expect(login.connectionURL == "smtp://mail.example.cz:587/fotofolio.example")
        #expect(login.redacted == "smtp://user%40x.cz@mail.example.cz:587/fotofolio.example")
        #expect(!login.redacted.contains("p%40ss") && !login.redacted.contains("p@ss"))
        #expect(SMTPSettings(url: "smtps://u:p@mail.example.cz")?.security == .implicitTLS)
    }

    @Test(arguments: ["", "mail.example.cz", "http://mail.example.cz", "smtp://", "smtp://mail.example.cz:0", "smtp://mail.example.cz:70000",
                      "smtp://mail example.cz", "smtp://mail.example.cz?x=1", "smtp://mail.example.cz/a/b", "smtp://u:p%0D%0A@mail.example.cz",
                      "smtp://mail.example.cz\r\n"])
    func otherURLsAreRefused(_ url: String) {
        #expect(SMTPSettings(url: url) == nil)
    }
}
