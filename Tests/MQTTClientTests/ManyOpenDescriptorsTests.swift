import Testing
import Waiting
import MQTTClient

/// A server holding thousands of connections gives the client sockets numbered 1,024 and
/// above, which `select` cannot watch; the client has to work with them all the same.
@Suite struct ManyOpenDescriptorsTests {
    @Test func clientWithHighNumberedSocketsConnectsSubscribesAndReceives() throws {
        let placeholders = try PlaceholderDescriptors(count: 1_100)
        defer { placeholders.closeAll() }
        let broker = try TestBroker()
        let subscriber = try broker.connectedClient()
        let publisher = try broker.connectedClient()
        let inbox = Inbox<MQTTMessage>()
        let subscription = try subscriber.subscribe(to: "crowded/#") { inbox.add($0) }
        #expect(eventually { subscription.acknowledgements == 1 })

        let outcomes = Inbox<Result<Void, MQTTError>>()
        try publisher.publish("through", to: "crowded/1", qos: .atLeastOnce) { outcomes.add($0) }
        #expect(eventually { outcomes.count == 1 })
        #expect((try? outcomes.all.first?.get()) != nil)
        #expect(eventually { inbox.texts == ["through"] })
    }

    @Test func clientWithHighNumberedSocketsResubscribesAfterTheBrokerRestarts() throws {
        let placeholders = try PlaceholderDescriptors(count: 1_100)
        defer { placeholders.closeAll() }
        let broker = try TestBroker()
        let client = try broker.connectedClient()
        let inbox = Inbox<MQTTMessage>()
        let subscription = try client.subscribe(to: "crowded/#") { inbox.add($0) }
        #expect(eventually { subscription.acknowledgements == 1 })

        broker.broker.kill()
        #expect(eventually { broker.broker.restartCount == 1 })
        #expect(eventually { subscription.acknowledgements == 2 && client.state == .connected })
        let outcomes = Inbox<Result<Void, MQTTError>>()
        try client.publish("after", to: "crowded/2", qos: .atLeastOnce) { outcomes.add($0) }
        #expect(eventually { outcomes.count == 1 })
        #expect((try? outcomes.all.first?.get()) != nil)
        #expect(eventually { inbox.texts == ["after"] })
    }
}
