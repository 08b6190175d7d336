import Foundation

/// Why a private broker could not be set up or started.
public struct MosquittoBrokerError: Error, CustomStringConvertible, Sendable {
    /// What failed, with the end of mosquitto's log when it has one.
    public let description: String
    init(_ description: String) { self.description = description }
}

/// The files a private mosquitto runs from, all in one directory: its configuration, a
/// password file with one user, and the log.
struct BrokerFiles {
    let directory: String
    var configuration: String { directory + "/mosquitto.conf" }
    var passwords: String { directory + "/passwords" }
    var log: String { directory + "/mosquitto.log" }
    /// The running broker's process id, so a broker left behind by a killed server is
    /// stopped when the next one starts in this directory.
    var pidFile: String { directory + "/mosquitto.pid" }

    func recordProcess(_ pid: Int32) {
        try? "\(pid)\n".write(toFile: pidFile, atomically: true, encoding: .utf8)
    }

    /// Kills a broker still running from this directory's configuration (its server was
    /// killed before it could stop it) and waits up to 5 s for it to go.
    func stopLeftover() {
        guard let text = try? String(contentsOfFile: pidFile, encoding: .utf8),
              let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)), pid > 1 else { return }
        let commandLine = (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline"))).map {
            String(decoding: $0.map { $0 == 0 ? UInt8(ascii: " ") : $0 }, as: UTF8.self)
        } ?? ""
        // Only that broker: the id may since belong to any other process.
        guard commandLine.contains("mosquitto"), commandLine.contains(configuration) else { return }
        kill(pid, SIGKILL)
        let deadline = ContinuousClock.now + .seconds(5)
        while FileManager.default.fileExists(atPath: "/proc/\(pid)/cmdline"), ContinuousClock.now < deadline {
            usleep(10_000)
        }
    }

    init(directory: String) throws(MosquittoBrokerError) {
        // mosquitto's configuration format ends a path at the first space.
        guard !directory.contains(where: \.isWhitespace) else {
            throw .init("the broker directory must not contain spaces: \(directory)")
        }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw .init("cannot create the broker directory \(directory): \(error)")
        }
        self.directory = directory
    }

    /// Writes the password file with `mosquitto_passwd`, which hashes the password the way
    /// the installed broker expects.
    func writePasswords(username: String, password: String, tool: String) throws(MosquittoBrokerError) {
        guard !username.contains(":"), !username.isEmpty else { throw .init("a broker username must be non-empty, without ':'") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = ["-b", "-c", passwords, username, password]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        do {
            try process.run()
        } catch {
            throw .init("cannot run \(tool) (is the mosquitto package installed?): \(error)")
        }
        let message = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw .init("\(tool) failed: \(message.trimmingCharacters(in: .whitespacesAndNewlines))")
        }
        chmod(passwords, 0o600)
    }

    /// Writes the configuration: one listener on 127.0.0.1:`port` (with TLS if given),
    /// passwords required, nothing kept on disk, everything logged to `log`.
    func writeConfiguration(port: Int, tls: MosquittoBroker.ListenerTLS?) throws(MosquittoBrokerError) {
        let listener = ["listener \(port) 127.0.0.1"]
            + (tls.map { ["certfile \($0.certificateFile)", "keyfile \($0.keyFile)"] } ?? [])
        let lines = ["# Generated for a private broker; rewritten on every start."] + listener + [
            "allow_anonymous false",
            "password_file \(passwords)",
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
