import Foundation
import Testing
import Waiting
@testable import MQTTClient

@Suite
struct TLSTests {
    @Test func clientTrustingTheBrokersCAConnectsAndExchangesMessages() throws {
        let broker = try TestBroker(tls: true)
        let client = try broker.connectedClient()
        let inbox = Inbox<MQTTMessage>()
        try client.subscribe(to: "secure/#") { inbox.add($0) }
        try client.publish("sealed", to: "secure/1")
        #expect(eventually { inbox.texts == ["sealed"] })
    }

    @Test func clientTrustingAnotherCASaysWhyAndKeepsTrying() throws {
        let broker = try TestBroker(tls: true)
        let other = try TestCertificates(in: broker.broker.directory + "/other", prefix: "other-")
        let client = try broker.client { $0.tls = .init(caFile: other.caFile) }
        #expect(eventually {
            if case .reconnecting(let reason) = client.state { return reason.contains("certificate verify failed") }
            return false
        })
        // A second attempt in the broker's log shows the client went on after the failure.
        #expect(eventually {
            let log = (try? String(contentsOfFile: broker.broker.logFile, encoding: .utf8)) ?? ""
            return log.components(separatedBy: "unknown ca").count - 1 >= 2
        })
        #expect(!client.state.isConnected)
    }

    // A TLS connection whose broker disappears ends with an OpenSSL error (errno EPROTO);
    // the client reconnects after it as after any other loss.
    @Test func clientReconnectsOverTLSAfterTheBrokerIsKilled() throws {
        let broker = try TestBroker(tls: true)
        let client = try broker.connectedClient()
        let inbox = Inbox<MQTTMessage>()
        let subscription = try client.subscribe(to: "secure/#") { inbox.add($0) }
        #expect(eventually { subscription.acknowledgements == 1 })
        broker.broker.kill()
        #expect(eventually { broker.broker.restartCount == 1 })
        #expect(eventually { subscription.acknowledgements == 2 && client.state == .connected })
        try client.publish("after", to: "secure/2")
        #expect(eventually { inbox.texts == ["after"] })
    }
}
