import Foundation
import Synchronization
import Testing
import Waiting
@testable import MQTTClient

/// People's accounts on the private broker: the password file and access list rewritten and
/// read again without a restart.
@Suite struct MosquittoBrokerAccountsTests {
    /// What a client heard, by topic.
    final class Heard: Sendable {
        let topics = Mutex<[String]>([])
    }

    func account(_ name: String, _ password: String, read: [String], write: [String]) throws -> BrokerAccount {
        BrokerAccount(username: name, passwordHash: try MosquittoPasswordTool().hash(password), read: read, write: write)
    }

    func client(of broker: TestBroker, _ name: String, _ password: String) throws -> MQTTClient {
        try broker.client { $0.username = name; $0.password = password }
    }

    @Test func theToolHashesEachTimeWithItsOwnSaltAndRefusesAPasswordOfSeveralLines() throws {
        let tool = MosquittoPasswordTool()
        let first = try tool.hash("tajne-heslo"), second = try tool.hash("tajne-heslo")
        #expect(first.hasPrefix("$7$") && second.hasPrefix("$7$") && first != second)
        #expect(!first.contains("tajne-heslo"))
        #expect(throws: MosquittoBrokerError.self) { try tool.hash("dva\nřádky") }
        #expect(throws: MosquittoBrokerError.self) { try tool.hash("") }
    }

    @Test func anAccountReadsAndWritesOnlyItsTopicsAndTheServerStillEverything() throws {
        let broker = try TestBroker()
        try broker.broker.setAccounts([try account("ada.abc123", "heslo-ady", read: ["room/1"], write: ["people/ada.abc123/room/1"])])
        let server = try broker.connectedClient()
        defer { server.disconnect() }
        let serverHeard = Heard()
        try server.subscribe(to: "people/#") { message in serverHeard.topics.withLock { $0.append(message.topic) } }
        let ada = try client(of: broker, "ada.abc123", "heslo-ady")
        defer { ada.disconnect() }
        let adaHeard = Heard()
        try ada.subscribe(to: "room/+") { message in adaHeard.topics.withLock { $0.append(message.topic) } }
        #expect(eventually { ada.state == .connected })
        // Subscriptions are made once connected: publish until the first delivery shows they are.
        #expect(eventually {
            try? server.publish("x", to: "room/2")
            try? server.publish("x", to: "room/1")
            return adaHeard.topics.withLock { !$0.isEmpty }
        })
        #expect(adaHeard.topics.withLock { $0.allSatisfy { $0 == "room/1" } })
        #expect(eventually {
            try? ada.publish("x", to: "people/bob.abc123/room/1")
            try? ada.publish("x", to: "people/ada.abc123/room/1")
            return serverHeard.topics.withLock { !$0.isEmpty }
        })
        #expect(serverHeard.topics.withLock { $0.allSatisfy { $0 == "people/ada.abc123/room/1" } })
    }

    @Test func anAccountTakenAwayIsDisconnectedAndRefusedFromThenOn() throws {
        let broker = try TestBroker()
        try broker.broker.setAccounts([try account("ada.abc123", "heslo-ady", read: ["room/1"], write: [])])
        let ada = try client(of: broker, "ada.abc123", "heslo-ady")
        defer { ada.disconnect() }
        #expect(eventually { ada.state == .connected })
        try broker.broker.setAccounts([])
        #expect(eventually {
            if case .reconnecting(let reason) = ada.state { return reason.lowercased().contains("auth") }
            return false
        })
        // The server's own user is untouched.
        let server = try broker.connectedClient()
        server.disconnect()
        let passwords = try String(contentsOfFile: broker.broker.directory + "/passwords", encoding: .utf8)
        #expect(passwords.split(separator: "\n").map { $0.split(separator: ":")[0] } == [Substring(broker.broker.username)])
    }

    @Test(arguments: ["ada abc", "ada:abc", "ada/abc", "ada+", "#", "", "ada\nuser evil"])
    func aNameTheFilesCannotHoldIsRefusedAndTheFilesStayAsTheyWere(name: String) throws {
        let broker = try TestBroker()
        let acl = try String(contentsOfFile: broker.broker.directory + "/acl", encoding: .utf8)
        #expect(throws: MosquittoBrokerError.self) {
            try broker.broker.setAccounts([BrokerAccount(username: name, passwordHash: "$7$x", read: [], write: [])])
        }
        #expect(try String(contentsOfFile: broker.broker.directory + "/acl", encoding: .utf8) == acl)
    }

    @Test(arguments: ["room/1 extra", "room/1\ntopic readwrite #", "", "room/\u{0}"])
    func aTopicTheAccessListCannotHoldIsRefused(topic: String) throws {
        let broker = try TestBroker()
        #expect(throws: MosquittoBrokerError.self) {
            try broker.broker.setAccounts([BrokerAccount(username: "ada.abc123", passwordHash: "$7$x", read: [topic], write: [])])
        }
    }

    @Test func thePeoplesListenerTakesClientsOnEveryAddress() throws {
        let directory = NSTemporaryDirectory() + "mqtt-test-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let peoplePort = try LoopbackPort.pickFree()
        let broker = try MosquittoBroker(directory: directory, peoplePort: peoplePort)
        try broker.start()
        defer { broker.stop() }
        let configuration = try String(contentsOfFile: directory + "/mosquitto.conf", encoding: .utf8)
        #expect(configuration.contains("\nlistener \(peoplePort)\n"))
        #expect(configuration.contains("acl_file \(directory)/acl"))
        try broker.setAccounts([try account("ada.abc123", "heslo-ady", read: ["room/1"], write: [])])
        let ada = try MQTTClient(configuration: MQTTClientConfiguration(host: "127.0.0.1", port: peoplePort,
                                                                        username: "ada.abc123", password: "heslo-ady"))
        try ada.start()
        defer { ada.disconnect() }
        #expect(eventually { ada.state == .connected })
    }
}
