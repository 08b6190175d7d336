import Foundation
import Spawn

/// Why a private broker could not be set up or started.
public struct MosquittoBrokerError: Error, CustomStringConvertible, Sendable {
    /// What failed, with the end of mosquitto's log when it has one.
    public let description: String
    init(_ description: String) { self.description = description }
}

/// The files a private mosquitto runs from, all in one directory: its configuration, the
/// password file and access list (the server's user and people's accounts), and the log.
struct BrokerFiles {
    let directory: String
    var configuration: String { directory + "/mosquitto.conf" }
    var passwords: String { directory + "/passwords" }
    /// Who may read and write which topics: the server everything, each person's account its rooms.
    var acl: String { directory + "/acl" }
    var log: String { directory + "/mosquitto.log" }
    /// The running broker's process id, so a broker left behind by a killed server is
    /// stopped when the next one starts in this directory.
    var pidFile: String { directory + "/mosquitto.pid" }

    func recordProcess(_ pid: Int32) {
        try? "\(pid)\n".write(toFile: pidFile, atomically: true, encoding: .utf8)
    }

    /// Kills every broker still running from this directory's configuration (its server was
    /// killed before it could stop it) and waits up to 5 s for them to go. The pid file names
    /// the last one started; the process table finds any other.
    func stopLeftover() {
        var pids = Set(runningBrokers())
        if let text = try? String(contentsOfFile: pidFile, encoding: .utf8),
           let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)), pid > 1, isBroker(pid) {
            pids.insert(pid)
        }
        for pid in pids { kill(pid, SIGKILL) }
        let deadline = ContinuousClock.now + .seconds(5)
        while pids.contains(where: isBroker), ContinuousClock.now < deadline { usleep(10_000) }
    }

    /// Processes running mosquitto with this directory's configuration.
    func runningBrokers() -> [Int32] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { Int32($0) }.filter { $0 > 1 && $0 != getpid() && isBroker($0) }
    }

    /// Only a broker of this configuration: a recorded id may since belong to any process.
    private func isBroker(_ pid: Int32) -> Bool {
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline")) else { return false }
        let arguments = data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
        guard let program = arguments.first, program.hasSuffix("mosquitto") else { return false }
        // A zombie has an empty command line and is gone already in every way that matters.
        return arguments.contains(configuration)
    }

    init(directory: String) throws(MosquittoBrokerError) {
        // mosquitto's configuration format ends a path at the first space.
        guard !directory.contains(where: \.isWhitespace) else {
            throw .init("the broker directory must not contain spaces: \(directory)")
        }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            throw .init("cannot create the broker directory \(directory): \(error)")
        }
        self.directory = directory
    }

    /// Writes the password file with the server's one user, its password hashed by
    /// `mosquitto_passwd` (`MosquittoPasswordTool`), and an access list that lets it read and
    /// write every topic. Returns the user's line, which `writeAccess` keeps first.
    func writePasswords(username: String, password: String, tool: String) throws(MosquittoBrokerError) -> String {
        guard Self.isBrokerUsername(username) else { throw .init("a broker username must be non-empty, without ':', spaces or '/+#'") }
        let line = "\(username):\(try MosquittoPasswordTool(path: tool).hash(password))"
        try writeAccess(serverLine: line, serverUsername: username, accounts: [])
        return line
    }

    /// Rewrites the password file and the access list: the server's line and user first, then
    /// each account with its hash and its topics. Each file is written whole to a temporary
    /// name (0600) and renamed over the old one, so the broker never reads half of one.
    func writeAccess(serverLine: String, serverUsername: String, accounts: [BrokerAccount]) throws(MosquittoBrokerError) {
        for account in accounts {
            guard Self.isBrokerUsername(account.username), !account.passwordHash.contains(where: { $0.isNewline || $0.isWhitespace }),
                  (account.read + account.write).allSatisfy(Self.isTopic) else {
                throw .init("broker account \(account.username) has a name, hash or topic the files cannot hold")
            }
        }
        let passwordLines = [serverLine] + accounts.map { "\($0.username):\($0.passwordHash)" }
        var aclLines = ["# Generated from the site's database; rewritten whenever its accounts or their rooms change.",
                        "user \(serverUsername)", "topic readwrite #"]
        for account in accounts {
            aclLines += ["", "user \(account.username)"]
            aclLines += account.read.map { "topic read \($0)" }
            aclLines += account.write.map { "topic write \($0)" }
        }
        try replace(passwords, with: passwordLines.joined(separator: "\n") + "\n")
        try replace(acl, with: aclLines.joined(separator: "\n") + "\n")
    }

    private func replace(_ path: String, with text: String) throws(MosquittoBrokerError) {
        let temporary = path + ".new"
        unlink(temporary)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .init("cannot create \(temporary): \(String(cString: strerror(errno)))") }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        guard written == bytes.count, rename(temporary, path) == 0 else {
            unlink(temporary)
            throw .init("cannot write \(path)")
        }
    }

    /// A name mosquitto's files and a topic level can hold.
    static func isBrokerUsername(_ name: String) -> Bool {
        !name.isEmpty && !name.unicodeScalars.contains { $0 == ":" || $0 == "/" || $0 == "+" || $0 == "#" || $0.properties.isWhitespace
            || $0.properties.generalCategory == .control }
    }

    /// A topic an access list line can hold: one line, no spaces (the format ends it there).
    static func isTopic(_ topic: String) -> Bool {
        !topic.isEmpty && topic.utf8.count <= 1024
            && !topic.unicodeScalars.contains { $0.properties.isWhitespace || $0.properties.generalCategory == .control }
    }

    /// Writes the configuration: one listener on 127.0.0.1:`port` (with TLS if given),
    /// passwords required, nothing kept on disk, everything logged to `log`.
    func writeConfiguration(port: Int, tls: MosquittoBroker.ListenerTLS?, peoplePort: Int?) throws(MosquittoBrokerError) {
        let certificate = tls.map { ["certfile \($0.certificateFile)", "keyfile \($0.keyFile)"] } ?? []
        // People's own clients come from other machines: a second listener on every address,
        // with the same passwords and access list.
        let listener = ["listener \(port) 127.0.0.1"] + certificate
            + (peoplePort.map { ["listener \($0)"] + certificate } ?? [])
        let lines = ["# Generated for a private broker; rewritten on every start."] + listener + [
            "allow_anonymous false",
            "password_file \(passwords)",
            "acl_file \(acl)",
            "persistence false",
            // Nothing the site sends comes near 1 MiB; a larger packet is a client flooding the broker.
            "max_packet_size 1048576",
            "log_dest file \(log)",
            "log_type error",
            "log_type warning",
            "log_type notice",
            "log_type information",
            "log_timestamp_format %Y-%m-%dT%H:%M:%S",
            "connection_messages true",
            // Started as root, mosquitto switches to the user named here; naming the
            // current user keeps it able to read these files.
            "user \(currentUserName())",
        ]
        do {
            try (lines.joined(separator: "\n") + "\n").write(toFile: configuration, atomically: true, encoding: .utf8)
        } catch {
            throw .init("cannot write \(configuration): \(error)")
        }
    }

    /// The last `lineCount` lines of the log, to explain a failed start.
    func logTail(lineCount: Int = 5) -> String {
        guard let text = try? String(contentsOfFile: log, encoding: .utf8) else { return "(no log)" }
        return text.split(separator: "\n").suffix(lineCount).joined(separator: "\n")
    }

    private func currentUserName() -> String {
        guard let entry = getpwuid(geteuid()), let name = entry.pointee.pw_name else { return "root" }
        return String(cString: name)
    }
}
