import Testing
import Waiting
import MQTTClient

@Suite struct SubscriptionTests {
    @Test func subscriberReceivesWhatIsPublishedOnItsTopic() throws {
        let broker = try TestBroker()
        let subscriber = try broker.connectedClient()
        let publisher = try broker.connectedClient()
        let inbox = Inbox<MQTTMessage>()
        let subscription = try subscriber.subscribe(to: "rooms/1/message") { inbox.add($0) }
        #expect(eventually { subscription.acknowledgements == 1 })
        try publisher.publish(Array("{\"n\":1}".utf8), to: "rooms/1/message")
        #expect(eventually { inbox.count == 1 })
        #expect(inbox.all.first == MQTTMessage(topic: "rooms/1/message", payload: Array("{\"n\":1}".utf8), qos: .atLeastOnce, retained: false))
    }

    @Test func afterUnsubscribingNothingMoreArrives() throws {
        let broker = try TestBroker()
        let client = try broker.connectedClient()
        let inbox = Inbox<MQTTMessage>()
        let markers = Inbox<MQTTMessage>()
        let subscription = try client.subscribe(to: "news") { inbox.add($0) }
        try client.subscribe(to: "marker") { markers.add($0) }
        try client.publish("before", to: "news")
        #expect(eventually { inbox.texts == ["before"] })
        client.unsubscribe(subscription)
        try client.publish("after", to: "news")
        // Messages on one connection keep their order, so once the marker is here the
        // "after" message would have been too.
        try client.publish("done", to: "marker")
        #expect(eventually { markers.texts == ["done"] })
        #expect(inbox.texts == ["before"])
    }

    @Test func wildcardSubscriptionsReceiveMatchingTopicsOnly() throws {
        let broker = try TestBroker()
        let client = try broker.connectedClient()
        let rooms = Inbox<MQTTMessage>()
        let audit = Inbox<MQTTMessage>()
        let markers = Inbox<MQTTMessage>()
        try client.subscribe(to: "chat-room/+/message") { rooms.add($0) }
        try client.subscribe(to: "audit/#") { audit.add($0) }
        try client.subscribe(to: "marker") { markers.add($0) }
        for topic in ["chat-room/1/message", "chat-room/1/new-message", "chat-room/2/message",
                      "chat-room/1/2/message", "audit", "audit/login/alice", "auditing/x"] {
            try client.publish(topic, to: topic)
        }
        try client.publish("done", to: "marker")
        #expect(eventually { markers.count == 1 })
        #expect(rooms.topics == ["chat-room/1/message", "chat-room/2/message"])
        #expect(audit.topics == ["audit", "audit/login/alice"])
    }

    @Test func twoSubscriptionsOnOneFilterBothReceiveAndOneCanLeave() throws {
        let broker = try TestBroker()
        let client = try broker.connectedClient()
        let first = Inbox<MQTTMessage>()
        let second = Inbox<MQTTMessage>()
        let firstSubscription = try client.subscribe(to: "shared/+") { first.add($0) }
        try client.subscribe(to: "shared/+") { second.add($0) }
        try client.publish("one", to: "shared/a")
        #expect(eventually { first.count == 1 && second.count == 1 })
        client.unsubscribe(firstSubscription)
        try client.publish("two", to: "shared/a") // the filter stays subscribed for the second
        #expect(eventually { second.texts == ["one", "two"] })
        #expect(first.texts == ["one"])
    }

    @Test func subscriptionMadeBeforeStartingIsSentOnceConnected() throws {
        let broker = try TestBroker()
        let client = try MQTTClient(configuration: broker.configuration())
        let inbox = Inbox<MQTTMessage>()
        let subscription = try client.subscribe(to: "early/#") { inbox.add($0) }
        try client.start()
        #expect(eventually { subscription.acknowledgements == 1 })
        try client.publish("hello", to: "early/bird")
        #expect(eventually { inbox.texts == ["hello"] })
    }
}
