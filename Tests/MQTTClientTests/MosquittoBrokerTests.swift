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
        let directory = NSTemporaryDirectory() + "mqtt-test-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // A broker started from the directory's configuration whose owner died without stopping it.
        let first = try MosquittoBroker(directory: directory)
        try first.start()
        first.stop()
        let leftover = try ChildProcess(executable: "/usr/sbin/mosquitto", arguments: ["-c", directory + "/mosquitto.conf"])
        try "\(leftover.processIdentifier)\n".write(toFile: directory + "/mosquitto.pid", atomically: true, encoding: .utf8)
        #expect(processExists(leftover.processIdentifier))

        let next = try MosquittoBroker(directory: directory)
        try next.start()
        defer { next.stop() }
        #expect(leftover.waitUntilExit() == .signalled(SIGKILL))
        #expect(next.processIdentifier != nil)
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
        try "#!/bin/sh\nprintf '%s\\n' \"$@\" > \(arguments)\nexec /usr/bin/mosquitto_passwd \"$@\"\n"
            .write(toFile: wrapper, atomically: true, encoding: .utf8)
        chmod(wrapper, 0o755)
        let password = "heslo-\(UUID().uuidString)"
        let broker = try MosquittoBroker(directory: directory + "/mqtt", password: password, passwordTool: wrapper)
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
}
