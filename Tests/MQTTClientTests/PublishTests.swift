import Testing
import Waiting
import MQTTClient

@Suite struct PublishTests {
    @Test func atLeastOnceCompletionSucceedsOnceTheBrokerAcknowledges() throws {
        let broker = try TestBroker()
        let client = try broker.connectedClient()
        let outcomes = Inbox<Result<Void, MQTTError>>()
        try client.publish("hello", to: "greetings", qos: .atLeastOnce) { outcomes.add($0) }
        #expect(eventually { outcomes.count == 1 })
        #expect((try? outcomes.all.first?.get()) != nil)
    }

    @Test func publishesWhileDisconnectedWaitAndAreDeliveredAfterReconnecting() throws {
        let broker = try TestBroker()
        // One client both subscribes and publishes: after reconnecting it renews its
        // subscriptions before resending queued messages, so none can overtake them.
        let client = try broker.connectedClient { $0.maximumReconnectDelay = .seconds(2) }
        let inbox = Inbox<MQTTMessage>()
        let subscription = try client.subscribe(to: "outbox/+") { inbox.add($0) }
        #expect(eventually { subscription.acknowledgements == 1 })

        broker.broker.stop()
        #expect(eventually { !client.state.isConnected })
        let outcomes = Inbox<Result<Void, MQTTError>>()
        for number in 1...3 {
            try client.publish("message \(number)", to: "outbox/\(number)") { outcomes.add($0) }
        }
        #expect(outcomes.count == 0) // no broker, so no acknowledgement yet

        try broker.broker.start()
        #expect(eventually { outcomes.count == 3 })
        #expect(outcomes.all.allSatisfy { (try? $0.get()) != nil })
        #expect(eventually { inbox.texts == ["message 1", "message 2", "message 3"] })
        #expect(subscription.acknowledgements == 2)
    }

    @Test func atMostOnceWithoutAConnectionIsRefusedNotKept() throws {
        let client = try MQTTClient(configuration: MQTTClientConfiguration(host: "127.0.0.1", port: 1))
        #expect(throws: MQTTError.notConnected) { try client.publish("lost", to: "topic", qos: .atMostOnce) }
    }

    @Test func publishesBeyondTheQueueLimitAreRefused() throws {
        var configuration = MQTTClientConfiguration(host: "127.0.0.1", port: 1)
        configuration.maximumQueuedMessages = 2
        let client = try MQTTClient(configuration: configuration) // never started: nothing is acknowledged
        try client.publish("one", to: "topic")
        try client.publish("two", to: "topic")
        #expect(throws: MQTTError.publishQueueFull(limit: 2)) { try client.publish("three", to: "topic") }
    }

    @Test func disconnectCompletesWaitingPublishesAsDisconnected() throws {
        let client = try MQTTClient(configuration: MQTTClientConfiguration(host: "127.0.0.1", port: 1))
        let outcomes = Inbox<Result<Void, MQTTError>>()
        try client.publish("never sent", to: "topic") { outcomes.add($0) }
        client.disconnect()
        #expect(eventually { outcomes.count == 1 })
        #expect(throws: MQTTError.disconnected) { try outcomes.all.first?.get() }
    }

    @Test func manyPublishesThroughASmallInFlightWindowAllArriveInOrder() throws {
        let broker = try TestBroker()
        let publisher = try broker.connectedClient { $0.maximumInFlightMessages = 2 }
        let subscriber = try broker.connectedClient()
        let inbox = Inbox<MQTTMessage>()
        let subscription = try subscriber.subscribe(to: "stream") { inbox.add($0) }
        #expect(eventually { subscription.acknowledgements == 1 })
        let outcomes = Inbox<Result<Void, MQTTError>>()
        for number in 0..<300 {
            try publisher.publish("\(number)", to: "stream") { outcomes.add($0) }
        }
        #expect(eventually { outcomes.count == 300 })
        #expect(outcomes.all.allSatisfy { (try? $0.get()) != nil })
        #expect(eventually { inbox.count == 300 })
        #expect(inbox.texts == (0..<300).map { (number: Int) in String(number) })
    }

    @Test func topicsWithWildcardsCannotBePublishedOn() throws {
        let client = try MQTTClient(configuration: MQTTClientConfiguration(host: "127.0.0.1", port: 1))
        #expect(throws: MQTTError.self) { try client.publish("x", to: "rooms/+/message") }
    }
}
