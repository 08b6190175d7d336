import Testing
import Waiting
import MQTTClient

@Suite struct NetworkThreadTests {
    @Test func publishesOneAfterAnotherEachGoOutAtOnce() throws {
        let broker = try TestBroker()
        let client = try broker.connectedClient()
        let elapsed = try ContinuousClock().measure {
            for number in 0..<30 {
                let outcomes = Inbox<Result<Void, MQTTError>>()
                try client.publish("\(number)", to: "one-by-one") { outcomes.add($0) }
                guard eventually({ outcomes.count == 1 }) else { throw TestFailure("publish \(number) was not acknowledged") }
            }
        }
        // Each publish waiting for the network thread's once-a-second poll to time out
        // would take about 30 s.
        #expect(elapsed < .seconds(10))
    }

    @Test func disconnectDuringTheReconnectDelayReturnsPromptly() throws {
        let port = try TestBroker().broker.port // stopped and gone once the broker is released
        var configuration = MQTTClientConfiguration(host: "127.0.0.1", port: port)
        configuration.reconnectDelay = .seconds(30)
        let client = try MQTTClient(configuration: configuration)
        try client.start()
        #expect(eventually {
            if case .reconnecting = client.state { return true }
            return false
        })
        let elapsed = ContinuousClock().measure { client.disconnect() }
        #expect(elapsed < .seconds(5))
        #expect(client.state == .disconnected)
    }
}
