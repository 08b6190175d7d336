import Foundation
import Mail
import Spawn
import Waiting

/// Debian's Python, which has aiosmtpd; a `python3` earlier on PATH may be another build.
let systemPython = "/usr/bin/python3"
let mailScripts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Mail")

struct TestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// A fresh directory, removed when this is released.
final class TemporaryDirectory: Sendable {
    let url: URL
    var path: String { url.path }

    init() throws {
        url = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("mail-test-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }
}

/// What Python's email package makes of a message (Tests/Mail/read_mail.py).
struct PythonReading: Decodable {
    struct Attachment: Decodable {
        let filename: String?
        let content_type: String
        let data: String
        var bytes: [UInt8] { Array(Data(base64Encoded: data) ?? Data()) }
    }

    let subject: String?
    let from: String?
    let to: String?
    let date: String?
    let message_id: String?
    let from_name: String?
    let from_address: String?
    let to_name: String?
    let to_address: String?
    let headers: [[String]]
    let defects: [String]
    let text: String?
    let html: String?
    let attachments: [Attachment]
    let inline: [Inline]

    /// A picture the HTML shows by its `cid:`.
    struct Inline: Decodable {
        let content_id: String
        let content_type: String
        let data: String
        /// In the same multipart/related as the HTML.
        let related: Bool
        var bytes: [UInt8] { Array(Data(base64Encoded: data) ?? Data()) }
    }

    func headers(named name: String) -> [String] {
        headers.filter { $0.first?.lowercased() == name.lowercased() }.compactMap { $0.last }
    }
}

func readWithPython(_ bytes: [UInt8]) throws -> PythonReading {
    let directory = try TemporaryDirectory()
    let file = directory.url.appendingPathComponent("message.eml")
    try Data(bytes).write(to: file)
    let run = try ChildProcess.run(systemPython, [mailScripts.appendingPathComponent("read_mail.py").path, file.path])
    guard run.status.succeeded, let line = run.output.split(separator: "\n").last else {
        throw TestFailure("read_mail.py failed (\(run.status)): \(run.output.suffix(2000))")
    }
    return try JSONDecoder().decode(PythonReading.self, from: Data(line.utf8))
}

/// Tests/Mail/smtp_sink.py on a port of its own, stopped when this is released.
final class SMTPSink: Sendable {
    struct Record: Decodable, Equatable {
        let mail_from: String
        let rcpt_tos: [String]
        let tls: Bool
        let auth: String?
    }

    let directory: TemporaryDirectory
    let port: Int
    private let process: ChildProcess

    init(arguments: [String] = []) throws {
        directory = try TemporaryDirectory()
        let mail = directory.url.appendingPathComponent("mail")
        let output = directory.url.appendingPathComponent("output")
        let descriptor = open(output.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw TestFailure("cannot open \(output.path)") }
        defer { close(descriptor) }
        let process = try ChildProcess(executable: systemPython,
                                   arguments: [mailScripts.appendingPathComponent("smtp_sink.py").path, "--dir", mail.path, "--port", "0"] + arguments,
                                   standardOutput: .descriptor(descriptor), standardError: .descriptor(descriptor))
        var port: Int?
        let started = eventually(within: .seconds(60)) {
            let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
            port = text.split(separator: "\n").first { $0.hasPrefix("PORT ") }.flatMap { Int($0.dropFirst(5)) }
            return port != nil || process.hasExited
        }
        guard started, let port else {
            process.send(SIGTERM)
            throw TestFailure("the SMTP sink did not start: \((try? String(contentsOf: output, encoding: .utf8)) ?? "")")
        }
        self.port = port
        self.process = process
    }

    deinit {
        process.send(SIGTERM)
        _ = process.wait(timeout: .seconds(20))
    }

    var url: String { "smtp://127.0.0.1:\(port)" }
    var mailDirectory: URL { directory.url.appendingPathComponent("mail") }

    /// Makes the server answer DATA (`reply`) or RCPT (`reply-rcpt`) with `text`; nil goes back to accepting.
    func setFault(_ name: String, _ text: String?) throws {
        let file = mailDirectory.appendingPathComponent(name)
        if let text { try Data(text.utf8).write(to: file) } else { try? FileManager.default.removeItem(at: file) }
    }

    /// Message `number` (from 1) as received and its envelope, once it has arrived.
    func message(_ number: Int) throws -> ([UInt8], Record) {
        let eml = mailDirectory.appendingPathComponent("\(number).eml")
        guard eventually({ FileManager.default.fileExists(atPath: eml.path) }) else { throw TestFailure("message \(number) never arrived") }
        let record = try JSONDecoder().decode(Record.self, from: Data(contentsOf: mailDirectory.appendingPathComponent("\(number).json")))
        return ([UInt8](try Data(contentsOf: eml)), record)
    }

    var messageCount: Int {
        ((try? FileManager.default.contentsOfDirectory(atPath: mailDirectory.path)) ?? []).filter { $0.hasSuffix(".eml") }.count
    }
}

/// 2023-11-14 22:13:20 UTC.
let sampleDate = Date(timeIntervalSince1970: 1_700_000_000)

func sampleMessage(subject: String = "Potvrďte svou adresu", fromName: String? = "Fotofolio", toName: String? = "Jana Nováková",
                   text: String = "Dobrý den,\npotvrďte prosím adresu.\n", html: String? = "<p>Dobrý den</p>",
                   attachments: [MailAttachment] = [], headers: [(name: String, value: String)] = []) -> MailMessage {
    MailMessage(from: MailAddress(name: fromName, address: "noreply@fotofolio.example")!,
                to: MailAddress(name: toName, address: "jana@example.cz")!,
                subject: subject, date: sampleDate, messageID: "mail-12.3f9c@fotofolio.example",
                text: text, html: html, attachments: attachments, headers: headers)
}

/// `text` with every line end (CR LF, CR, LF) as "\n", the way the readers give text back.
/// Scalar by scalar: CR LF is one `Character`, and so is CR LF with a mark after it.
func withNewlines(_ text: String) -> String {
    var result = String.UnicodeScalarView()
    var afterCR = false
    for scalar in text.unicodeScalars {
        if scalar == "\n" && afterCR { afterCR = false; continue }
        afterCR = scalar == "\r"
        result.append(afterCR ? "\n" : scalar)
    }
    return String(result)
}

/// `text` with CR, LF and NUL as spaces, scalar by scalar: what a header can hold of it.
func flattenedForHeader(_ text: String) -> String {
    String(text.unicodeScalars.map { $0 == "\r" || $0 == "\n" || $0 == "\u{0}" ? " " : $0 }.reduce(into: String.UnicodeScalarView()) { $0.append($1) })
}
