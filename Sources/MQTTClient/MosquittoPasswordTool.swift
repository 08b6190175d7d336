import Foundation
import Spawn

/// `mosquitto_passwd`, which hashes a password the way the installed broker reads it.
public struct MosquittoPasswordTool: Sendable {
    public let path: String

    public init(path: String = "/usr/bin/mosquitto_passwd") {
        self.path = path
    }

    /// The hash of `password` as a password file holds it after `user:` (`$7$…`). The
    /// password goes into a temporary file only its user can read (`mkstemp`, 0600) and is
    /// hashed there in place (`-U`): on a command line any local user could read it in /proc.
    /// Slow work (a process): never on a polling thread.
    public func hash(_ password: String) throws(MosquittoBrokerError) -> String {
        guard !password.isEmpty, !password.contains(where: \.isNewline) else { throw .init("a broker password must be one line") }
        var template = Array((NSTemporaryDirectory() + "/mosquitto-passwd-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw .init("cannot create a temporary password file: \(String(cString: strerror(errno)))") }
        let file = String(cString: template)
        defer { unlink(file) }
        let line = Array("user:\(password)\n".utf8)
        let written = line.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        guard written == line.count else { throw .init("cannot write \(file)") }
        let run: ChildProcess.Completion
        do {
            run = try ChildProcess.run(path, ["-U", file])
        } catch {
            throw .init("cannot run \(path) (is the mosquitto package installed?): \(error)")
        }
        guard run.status.succeeded else {
            throw .init("\(path) failed (\(run.status)): \(run.output.trimmingCharacters(in: .whitespacesAndNewlines))")
        }
        guard let text = try? String(contentsOfFile: file, encoding: .utf8),
              let hashed = text.split(separator: "\n").first, hashed.hasPrefix("user:") else {
            throw .init("\(path) left no hash")
        }
        return String(hashed.dropFirst(5))
    }
}

/// A person's account on a broker: its hashed password and the topics it may read and
/// write (exact topics or filters).
public struct BrokerAccount: Sendable, Equatable {
    public var username: String
    /// In the broker's own form: as `MosquittoPasswordTool.hash` made it for mosquitto,
    /// `rabbit_password_hashing_sha256` for RabbitMQ.
    public var passwordHash: String
    public var read: [String]
    public var write: [String]

    public init(username: String, passwordHash: String, read: [String], write: [String]) {
        self.username = username
        self.passwordHash = passwordHash
        self.read = read
        self.write = write
    }
}
