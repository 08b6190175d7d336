import Foundation
import Spawn
import Waiting
@testable import WebPush

let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
/// The Makefile's virtual environment, which has http_ece, py_vapid and cryptography.
let venvPython = packageRoot.appendingPathComponent(".venv/bin/python").path

/// Why the loopback push service could not be used, in words.
struct PushServiceTrouble: Error, CustomStringConvertible {
    let description: String
}

/// Tests/Push/push_service.py on a port of its own in a folder of its own, both gone when
/// this is released.
final class PushService: Sendable {
    /// A push as the service decrypted and checked it: its headers, its plaintext, its token's claims.
    struct Received: Decodable, Equatable {
        struct Headers: Decodable, Equatable { let ttl: Int, urgency: String?, topic: String? }
        struct VAPID: Decodable, Equatable { let aud: String, exp: Int64, sub: String }
        let headers: Headers, payload: String, vapid: VAPID
    }

    struct Rejected: Decodable, Equatable { let status: Int, reason: String }

    /// What the service gives a page for `pushManager.subscribe`'s result.
    struct Subscription: Decodable { let endpoint: String, p256dh: String, auth: String }

    /// The service's folder: `port`, `keys/`, `received/`, `rejected/`, `reply/`.
    let folder: URL
    let port: Int
    private let process: ChildProcess

    /// With `tls`, the service speaks https with that certificate as the push service at `host`;
    /// the certificate's folder is removed with the service.
    init(tls: (certificate: String, key: String, host: String)? = nil) throws {
        guard FileManager.default.isExecutableFile(atPath: venvPython) else {
            throw PushServiceTrouble(description: "\(venvPython) is missing: run `make .venv/.installed` (the push tests need http-ece and py-vapid from Tests/Browser/requirements.txt)")
        }
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("push-service-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let log = folder.appendingPathComponent("service.log")
        FileManager.default.createFile(atPath: log.path, contents: nil)
        let logHandle = try FileHandle(forWritingTo: log)
        defer { try? logHandle.close() }
        let process = try ChildProcess(executable: venvPython,
                                       arguments: [packageRoot.appendingPathComponent("Tests/Push/push_service.py").path, folder.path]
                                           + (tls.map { ["--tls", $0.certificate, $0.key, $0.host] } ?? []),
                                       standardOutput: .descriptor(logHandle.fileDescriptor), standardError: .descriptor(logHandle.fileDescriptor))
        let portFile = folder.appendingPathComponent("port")
        var port: Int?
        let started = eventually(within: .seconds(60)) {
            port = (try? String(contentsOf: portFile, encoding: .utf8)).flatMap { Int($0) }
            return port != nil || process.hasExited
        }
        guard started, let port else {
            process.send(SIGTERM)
            throw PushServiceTrouble(description: "the push service did not start: " + ((try? String(contentsOf: log, encoding: .utf8)) ?? ""))
        }
        self.port = port
        self.process = process
        origin = tls.map { "https://\($0.host):\(port)" } ?? "http://127.0.0.1:\(port)"
        certificatePath = tls?.certificate
    }

    deinit {
        process.send(SIGTERM)
        _ = process.wait(timeout: .seconds(20))
        try? FileManager.default.removeItem(at: folder)
        if let certificatePath { try? FileManager.default.removeItem(at: URL(fileURLWithPath: certificatePath).deletingLastPathComponent()) }
    }

    /// The VAPID audience the service expects.
    let origin: String
    /// The certificate the service shows over TLS.
    let certificatePath: String?

    /// A new subscription named `name`, its private key kept by the service.
    func subscribe(_ name: String) throws -> Subscription {
        // Asked of 127.0.0.1 whatever the host is called; over TLS, trusting the service's certificate.
        let host = URLComponents(string: origin)?.host ?? "127.0.0.1"
        let tls = certificatePath.map { ["--cacert", $0] } ?? []
        let run = try ChildProcess.run("/usr/bin/curl", ["--silent", "--fail", "--noproxy", "*", "--resolve", "\(host):\(port):127.0.0.1"] + tls
                                       + ["\(origin)/new-subscription/\(name)"])
        guard run.status.succeeded else { throw PushServiceTrouble(description: "the push service refused: \(run.output)") }
        return try JSONDecoder().decode(Subscription.self, from: Data(run.output.utf8))
    }

    /// Makes the service answer pushes to `name` with `status` and `headers` lines; nil goes back to 201.
    func reply(_ name: String, _ status: Int?, headers: [String] = []) throws {
        let file = folder.appendingPathComponent("reply/\(name)")
        if let status { try Data(([String(status)] + headers).joined(separator: "\n").utf8).write(to: file) }
        else { try? FileManager.default.removeItem(at: file) }
    }

    func received() throws -> [Received] { try records("received") }
    func rejected() throws -> [Rejected] { try records("rejected") }

    private func records<Record: Decodable>(_ kind: String) throws -> [Record] {
        let url = folder.appendingPathComponent(kind)
        let names = try FileManager.default.contentsOfDirectory(atPath: url.path).filter { $0.hasSuffix(".json") }.sorted()
        return try names.map { try JSONDecoder().decode(Record.self, from: Data(contentsOf: url.appendingPathComponent($0))) }
    }
}
