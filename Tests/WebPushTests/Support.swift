import Foundation
import Spawn
import Waiting
@testable import WebPush

let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
/// The Makefile's virtual environment, which has http_ece, py_vapid and cryptography.
let venvPython = packageRoot.appendingPathComponent(".venv/bin/python").path

struct TestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// A fresh directory, removed when this is released.
final class TemporaryDirectory: Sendable {
    let url: URL
    var path: String { url.path }

    init() throws {
        url = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("push-test-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }
}

/// Tests/Push/push_service.py on a port of its own, stopped when this is released.
final class PushService: Sendable {
    /// A push as the service decrypted and checked it.
    struct Received: Decodable, Equatable {
        struct Headers: Decodable, Equatable {
            let ttl: Int
            let urgency: String?
            let topic: String?
        }
        struct VAPID: Decodable, Equatable {
            let aud: String
            let exp: Int64
            let sub: String
        }
        let headers: Headers
        let payload: String
        let vapid: VAPID
    }

    struct Rejected: Decodable, Equatable {
        let status: Int
        let reason: String
    }

    /// What the service gives a page for `pushManager.subscribe`'s result.
    struct Subscription: Decodable {
        let endpoint: String
        let p256dh: String
        let auth: String
    }

    let directory: TemporaryDirectory
    let port: Int
    private let process: ChildProcess

    init() throws {
        guard FileManager.default.isExecutableFile(atPath: venvPython) else {
            throw TestFailure("\(venvPython) is missing: run `make .venv/.installed` (the push tests need http-ece and py-vapid from Tests/Browser/requirements.txt)")
        }
        directory = try TemporaryDirectory()
        let log = directory.url.appendingPathComponent("service.log")
        let descriptor = open(log.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw TestFailure("cannot open \(log.path)") }
        defer { close(descriptor) }
        let process = try ChildProcess(executable: venvPython,
                                       arguments: [packageRoot.appendingPathComponent("Tests/Push/push_service.py").path, directory.path],
                                       standardOutput: .descriptor(descriptor), standardError: .descriptor(descriptor))
        let portFile = directory.url.appendingPathComponent("port")
        var port: Int?
        let started = eventually(within: .seconds(60)) {
            port = (try? String(contentsOf: portFile, encoding: .utf8)).flatMap { Int($0) }
            return port != nil || process.hasExited
        }
        guard started, let port else {
            process.send(SIGTERM)
            throw TestFailure("the push service did not start: \((try? String(contentsOf: log, encoding: .utf8)) ?? "")")
        }
        self.port = port
        self.process = process
    }

    deinit {
        process.send(SIGTERM)
        _ = process.wait(timeout: .seconds(20))
    }

    var origin: String { "http://127.0.0.1:\(port)" }

    /// A new subscription named `name`, its private key kept by the service.
    func subscribe(_ name: String) throws -> Subscription {
        let run = try ChildProcess.run("/usr/bin/curl", ["--silent", "--fail", "--noproxy", "*", "\(origin)/new-subscription/\(name)"])
        guard run.status.succeeded else { throw TestFailure("new-subscription failed: \(run.output)") }
        return try JSONDecoder().decode(Subscription.self, from: Data(run.output.utf8))
    }

    /// Makes the service answer pushes to `name` with `status` and `headers` lines; nil goes back to 201.
    func reply(_ name: String, _ status: Int?, headers: [String] = []) throws {
        let file = directory.url.appendingPathComponent("reply/\(name)")
        if let status { try Data(([String(status)] + headers).joined(separator: "\n").utf8).write(to: file) }
        else { try? FileManager.default.removeItem(at: file) }
    }

    func received() throws -> [Received] { try records("received") }
    func rejected() throws -> [Rejected] { try records("rejected") }

    private func records<Record: Decodable>(_ folder: String) throws -> [Record] {
        let url = directory.url.appendingPathComponent(folder)
        let names = try FileManager.default.contentsOfDirectory(atPath: url.path).filter { $0.hasSuffix(".json") }.sorted()
        return try names.map { try JSONDecoder().decode(Record.self, from: Data(contentsOf: url.appendingPathComponent($0))) }
    }
}

/// A port on 127.0.0.1 that nothing listens on: bound, then closed.
func closedPort() throws -> Int {
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
