import Testing
import Waiting
import MQTTClient

@Suite struct BrokerFailureTests {
    @Test func afterTheBrokerIsKilledAndRestartedClientsResubscribeAndReceiveAgain() throws {
        let broker = try TestBroker()
        let subscriber = try broker.connectedClient()
        let publisher = try broker.connectedClient()
        let inbox = Inbox<MQTTMessage>()
        let subscription = try subscriber.subscribe(to: "live/#") { inbox.add($0) }
        #expect(eventually { subscription.acknowledgements == 1 })
        try publisher.publish("before", to: "live/1")
        #expect(eventually { inbox.texts == ["before"] })
        let firstProcess = try #require(broker.broker.processIdentifier)

        broker.broker.kill()
        #expect(eventually { broker.broker.restartCount == 1 })
        #expect(broker.broker.processIdentifier != firstProcess)
        // The broker forgot every subscription; a second SUBACK shows the client renewed it.
        #expect(eventually { subscription.acknowledgements == 2 && subscriber.state == .connected })
        #expect(eventually { publisher.state == .connected })
        try publisher.publish("after", to: "live/2")
        #expect(eventually { inbox.texts == ["before", "after"] })
    }

    @Test func stateObserversHearTheLossAndTheReconnection() throws {
        let broker = try TestBroker()
        let client = try broker.connectedClient()
        let states = Inbox<MQTTConnectionState>()
        client.observeState { states.add($0) }
        broker.broker.kill()
        #expect(eventually { states.all.last == .connected })
        let reasons = states.all.compactMap { state -> String? in
            if case .reconnecting(let reason) = state { return reason }
            return nil
        }
        #expect(!reasons.isEmpty)
        #expect(reasons.allSatisfy { !$0.isEmpty })
    }
}
