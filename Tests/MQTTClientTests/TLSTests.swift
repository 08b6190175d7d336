import Foundation
import Testing
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
        // libmosquitto ends its network thread after a failed handshake; a second attempt in
        // the broker's log shows the client started a new one.
        #expect(eventually {
            let log = (try? String(contentsOfFile: broker.broker.logFile, encoding: .utf8)) ?? ""
            return log.components(separatedBy: "unknown ca").count - 1 >= 2
        })
        #expect(!client.state.isConnected)
    }

    // libmosquitto ends its network thread when a TLS connection's broker disappears
    // (errno EPROTO); the client has to start a new one to reconnect at all.
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

    @Test func lostTLSConnectionIsRecognisedAsEndingLibmosquittosLoop() {
        let connectionLost: Int32 = 7, tlsError: Int32 = 8 // MOSQ_ERR_CONN_LOST, MOSQ_ERR_TLS
        #expect(Mosquitto.networkLoopEnds(afterLosingConnectionWith: connectionLost, errno: EPROTO))
        #expect(Mosquitto.networkLoopEnds(afterLosingConnectionWith: tlsError, errno: 0))
        #expect(!Mosquitto.networkLoopEnds(afterLosingConnectionWith: connectionLost, errno: ECONNRESET))
        #expect(!Mosquitto.networkLoopEnds(afterLosingConnectionWith: 0, errno: EPROTO))
    }
}
