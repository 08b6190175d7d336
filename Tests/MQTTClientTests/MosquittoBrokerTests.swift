import Foundation
import Testing
import Waiting
import MQTTClient
import Spawn

@Suite struct MosquittoBrokerTests {
    @Test func startedBrokerListensOnLoopbackWithGeneratedFiles() throws {
        let broker = try TestBroker()
        #expect(broker.broker.host == "127.0.0.1")
        #expect(broker.broker.port > 0)
        let pid = try #require(broker.broker.processIdentifier)
        #expect(processExists(pid))
        let configuration = try String(contentsOfFile: broker.broker.directory + "/mosquitto.conf", encoding: .utf8)
        #expect(configuration.contains("allow_anonymous false"))
        #expect(configuration.contains("persistence false"))
        #expect(configuration.contains("listener \(broker.broker.port) 127.0.0.1"))
        #expect(FileManager.default.fileExists(atPath: broker.broker.logFile))
    }

    @Test func stopEndsTheProcessAndFreesThePort() throws {
        let broker = try TestBroker()
        let pid = try #require(broker.broker.processIdentifier)
        broker.broker.stop()
        #expect(!processExists(pid))
        #expect(broker.broker.processIdentifier == nil)
        let client = try broker.client()
        #expect(eventually {
            if case .reconnecting = client.state { return true }
            return false
        })
    }

    @Test func killedBrokerIsRestartedOnTheSamePort() throws {
        let broker = try TestBroker()
        let port = broker.broker.port
        let pid = try #require(broker.broker.processIdentifier)
        broker.broker.kill()
        #expect(eventually { broker.broker.restartCount == 1 })
        #expect(broker.broker.port == port)
        let restarted = try #require(broker.broker.processIdentifier)
        #expect(restarted != pid)
        #expect(try broker.connectedClient().state == .connected)
    }

    @Test func aBrokerLeftBehindByAKilledServerIsStoppedByTheNextStart() throws {
        let (directory, leftover) = try Self.leftoverBroker()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(processExists(leftover.processIdentifier))

        let next = try MosquittoBroker(directory: directory)
        try next.start()
        defer { next.stop() }
        #expect(leftover.waitUntilExit() == .signalled(SIGKILL))
        #expect(next.processIdentifier != nil)
    }

    /// A broker started from a directory's configuration whose owner died without stopping
    /// it, listening on the port the owner had. That port is free once the owner's broker has
    /// stopped, but another test may take it before the leftover binds it; the leftover then
    /// exits at once, and the scene is set again in a new directory, on a new port.
    static func leftoverBroker() throws -> (directory: String, process: ChildProcess) {
        for _ in 1...5 {
            let directory = NSTemporaryDirectory() + "mqtt-test-" + UUID().uuidString
            let first = try MosquittoBroker(directory: directory)
            try first.start()
            let port = first.port
            first.stop()
            let leftover = try ChildProcess(executable: "/usr/sbin/mosquitto", arguments: ["-c", directory + "/mosquitto.conf"])
            try "\(leftover.processIdentifier)\n".write(toFile: directory + "/mosquitto.pid", atomically: true, encoding: .utf8)
            _ = eventually { acceptsConnections(port: port) || !processExists(leftover.processIdentifier) }
            if acceptsConnections(port: port), processExists(leftover.processIdentifier) { return (directory, leftover) }
            _ = leftover.waitUntilExit()
            try? FileManager.default.removeItem(atPath: directory)
        }
        throw LeftoverNotListening()
    }

    struct LeftoverNotListening: Error, CustomStringConvertible {
        var description: String { "no leftover broker could listen on its port in 5 attempts" }
    }

    /// Whether something accepts a TCP connection on 127.0.0.1:`port`.
    static func acceptsConnections(port: Int) -> Bool {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }

    @Test func releasingTheBrokerStopsItsProcess() throws {
        var broker: MosquittoBroker? = try MosquittoBroker(directory: NSTemporaryDirectory() + "mqtt-test-" + UUID().uuidString)
        try broker?.start()
        let pid = try #require(broker?.processIdentifier)
        let directory = try #require(broker?.directory)
        broker = nil
        #expect(!processExists(pid))
        try? FileManager.default.removeItem(atPath: directory)
    }
}

@Suite struct BrokerPasswordTests {
    /// `mosquitto_passwd` run through a wrapper that writes down the arguments it was given,
    /// then does the real work.
    @Test func thePasswordIsHashedInAPrivateFileNeverOnACommandLine() throws {
        let directory = NSTemporaryDirectory() + "mqtt-password-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let arguments = directory + "/arguments"
        let wrapper = directory + "/mosquitto_passwd"
        try Self.writeExecutable(wrapper, "#!/bin/sh\nprintf '%s\\n' \"$@\" > \(arguments)\nexec /usr/bin/mosquitto_passwd \"$@\"\n")
        let password = "heslo-\(UUID().uuidString)"
        let broker = try Self.whileTextFileBusy {
            try MosquittoBroker(directory: directory + "/mqtt", password: password, passwordTool: wrapper)
        }
        #expect(!(try String(contentsOfFile: arguments, encoding: .utf8)).contains(password))
        let file = broker.directory + "/passwords"
        #expect(!(try String(contentsOfFile: file, encoding: .utf8)).contains(password))
        #expect((try String(contentsOfFile: file, encoding: .utf8)).hasPrefix("broker:$"))
        let mode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let directoryMode = try FileManager.default.attributesOfItem(atPath: broker.directory)[.posixPermissions] as? Int
        #expect(directoryMode == 0o700)
        try broker.start() // mosquitto reads the hashed file
        broker.stop()
    }

    /// The script written through a descriptor closed on exec, so a process another test
    /// starts meanwhile does not keep it open for writing.
    static func writeExecutable(_ path: String, _ text: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o755)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        guard written == bytes.count else { throw POSIXError(.EIO) }
    }

    /// Runs `body` again while executing the new script fails with ETXTBSY: between another
    /// thread's fork and its exec, the child still holds every descriptor the parent had open,
    /// the script's writing one among them (Linux refuses to run a file open for writing).
    /// That window closes on its own; anything else is thrown at once.
    static func whileTextFileBusy<T>(_ body: () throws -> T) throws -> T {
        let deadline = ContinuousClock.now + .seconds(10)
        while true {
            do {
                return try body()
            } catch let error as MosquittoBrokerError where "\(error)".contains(String(cString: strerror(ETXTBSY)))
                && ContinuousClock.now < deadline {
                continue
            }
        }
    }
}
