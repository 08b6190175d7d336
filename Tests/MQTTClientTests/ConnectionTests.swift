import Foundation
import Testing
import Waiting
import MQTTClient

@Suite struct ConnectionTests {
    @Test func clientConnectsWithTheBrokersCredentials() throws {
        let broker = try TestBroker()
        let states = Inbox<MQTTConnectionState>()
        var configuration = broker.configuration()
        configuration.keepAlive = 60
        let client = try MQTTClient(configuration: configuration)
        client.observeState { states.add($0) }
        #expect(client.state == .notStarted)
        try client.start()
        #expect(eventually { client.state == .connected })
        #expect(eventually { states.all == [.connecting, .connected] })
    }

    @Test func wrongPasswordLeavesTheClientRetryingWithANotAuthorisedReason() throws {
        let broker = try TestBroker()
        let client = try broker.client(password: "not-the-password")
        #expect(eventually {
            if case .reconnecting(let reason) = client.state { return reason.contains("not authori") }
            return false
        })
        #expect(!client.state.isConnected)
    }

    @Test func twoClientsGetDifferentIdentifiersAndStayConnectedTogether() throws {
        let broker = try TestBroker()
        let first = try broker.connectedClient()
        let second = try broker.connectedClient()
        #expect(first.configuration.clientIdentifier != second.configuration.clientIdentifier)
        // Same identifiers would make the broker drop the older connection; a message from
        // one to the other proves both are still there.
        let inbox = Inbox<MQTTMessage>()
        let subscription = try second.subscribe(to: "hello") { inbox.add($0) }
        #expect(eventually { subscription.acknowledgements == 1 })
        try first.publish("from first", to: "hello")
        #expect(eventually { inbox.texts == ["from first"] })
        #expect(first.state == .connected && second.state == .connected)
    }

    @Test func uniqueIdentifiersCarryThePrefixAndDiffer() {
        let identifiers = (0..<100).map { _ in MQTTClientConfiguration.uniqueClientIdentifier(prefix: "node") }
        #expect(Set(identifiers).count == 100)
        #expect(identifiers.allSatisfy { $0.hasPrefix("node-") && $0.count <= 23 })
    }

    @Test func disconnectEndsTheConnectionAndRefusesFurtherWork() throws {
        let broker = try TestBroker()
        let client = try broker.connectedClient()
        client.disconnect()
        #expect(client.state == .disconnected)
        #expect(throws: MQTTError.disconnected) { try client.publish("late", to: "topic") }
        #expect(throws: MQTTError.disconnected) { try client.subscribe(to: "topic") { _ in } }
        #expect(throws: MQTTError.disconnected) { try client.start() }
        client.disconnect() // a second call is harmless
    }

    @Test func unreadableCAFileIsReportedWhenTheClientIsMade() {
        var configuration = MQTTClientConfiguration(host: "127.0.0.1", port: 8883)
        configuration.tls = .init(caFile: "/nonexistent/ca.pem")
        #expect(throws: MQTTError.self) { try MQTTClient(configuration: configuration) }
    }

    @Test func brokerThatIsNotThereLeavesTheClientRetrying() throws {
        let port = try TestBroker().broker.port // stopped and gone once the broker is released
        let client = try MQTTClient(configuration: MQTTClientConfiguration(host: "127.0.0.1", port: port))
        try client.start()
        #expect(eventually {
            if case .reconnecting = client.state { return true }
            return false
        })
    }
}
