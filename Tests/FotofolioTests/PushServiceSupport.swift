import Foundation
import Spawn
import Waiting

/// The loopback push service (`Tests/Push/push_service.py`, run by the Makefile's virtual
/// environment) in a folder of its own: it decrypts and checks each push with an
/// implementation independent of ours and keeps what it took. Stopped when released.
final class LoopbackPushService: Sendable {
    /// A push as the service took it: its headers, its decrypted text, its VAPID claims.
    struct Taken: Decodable {
        struct Headers: Decodable { let ttl: Int; let urgency: String?; let topic: String? }
        struct Claims: Decodable { let aud: String; let sub: String }
        let headers: Headers
        let payload: String
        let vapid: Claims
    }

    /// The keys a browser would hand the page for a new subscription.
    struct Device: Decodable { let endpoint: String; let p256dh: String; let auth: String }

    let folder: URL
    let origin: String
    private let child: ChildProcess

    init() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let python = root.appendingPathComponent(".venv/bin/python").path
        guard FileManager.default.isExecutableFile(atPath: python) else {
            throw PushServiceUnavailable("\(python) is missing: `make .venv/.installed` makes it (http-ece, py-vapid)")
        }
        folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("push-service-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let child = try ChildProcess(executable: python, arguments: [root.appendingPathComponent("Tests/Push/push_service.py").path, folder.path])
        self.child = child
        let portFile = folder.appendingPathComponent("port")
        guard eventually(within: .seconds(60), { FileManager.default.fileExists(atPath: portFile.path) || child.hasExited }),
              let port = Int((try? String(contentsOf: portFile, encoding: .utf8)) ?? "") else {
            child.send(SIGTERM)
            throw PushServiceUnavailable("the loopback push service did not start")
        }
        origin = "http://127.0.0.1:\(port)"
    }

    deinit {
        child.send(SIGTERM)
        _ = child.wait(timeout: .seconds(20))
        try? FileManager.default.removeItem(at: folder)
    }

    /// A new device named `name`; the service keeps its private key.
    func device(_ name: String) throws -> Device {
        let run = try ChildProcess.run("/usr/bin/curl", ["--silent", "--fail", "--noproxy", "*", "\(origin)/new-subscription/\(name)"])
        guard run.status.succeeded else { throw PushServiceUnavailable("no subscription from the push service: \(run.output)") }
        return try JSONDecoder().decode(Device.self, from: Data(run.output.utf8))
    }

    /// Pushes to `name` are answered with `status` (and header lines) from now on; nil: 201 again.
    func answer(_ name: String, _ status: Int?, _ headers: String...) throws {
        let file = folder.appendingPathComponent("reply/\(name)")
        guard let status else { try? FileManager.default.removeItem(at: file); return }
        try Data(([String(status)] + headers).joined(separator: "\n").utf8).write(to: file)
    }

    /// What it took, in order.
    func taken() throws -> [Taken] {
        let received = folder.appendingPathComponent("received")
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: received.path)) ?? []).filter { $0.hasSuffix(".json") }
        return try names.sorted().map { try JSONDecoder().decode(Taken.self, from: Data(contentsOf: received.appendingPathComponent($0))) }
    }
}

/// The loopback push service could not be started or asked.
struct PushServiceUnavailable: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
