import Foundation
import Spawn
import Testing
@testable import WebPush

/// A push service at https://push.test, on 127.0.0.1 with a self-signed certificate for that
/// name made by openssl in the service's folder.
private func tlsService() throws -> PushService {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("push-tls-" + UUID().uuidString).path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let certificate = folder + "/cert.pem", key = folder + "/key.pem"
    let made = try ChildProcess.run("/usr/bin/openssl", ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
                                                         "-subj", "/CN=push.test", "-days", "1", "-addext", "subjectAltName=DNS:push.test",
                                                         "-keyout", key, "-out", certificate])
    guard made.status.succeeded else { throw PushServiceTrouble(description: "openssl failed: \(made.output)") }
    return try PushService(tls: (certificate, key, "push.test"))
}

private func request(to service: PushService, name: String) throws -> PushRequest {
    let subscription = try service.subscribe(name)
    // As the endpoint policy would give it for a public name: pinned to the address it checked.
    let target = PushTarget(url: try #require(URL(string: subscription.endpoint)), pinnedAddress: "127.0.0.1")
    let keys = try PushSubscriptionKeys(p256dh: subscription.p256dh, auth: subscription.auth)
    return PushRequest(target: target, body: try PushEncryption.encrypt(Array("Ahoj".utf8), to: keys), ttl: 60, urgency: .normal, topic: nil,
                       authorization: try VAPIDKey().authorization(for: target.url, subject: "mailto:provoz@fotofolio.example", expiresAt: Date() + 3600))
}

/// The way every real push goes: https to a name, connected to the pinned address, the
/// certificate checked against the name.
@Suite(.serialized) struct TLSTransportTests {
    @Test func aPinnedHTTPSPushReachesTheServiceAtTheCheckedAddressUnderItsName() throws {
        let service = try tlsService()
        let push = try request(to: service, name: "jana")
        #expect(PushTransport(caFile: try #require(service.certificatePath)).send(push) == .accepted)
        #expect(try service.received().map(\.payload) == ["Ahoj"])
        #expect(try service.received().first?.vapid.aud == "https://push.test:\(service.port)")
    }

    @Test func aCertificateTheSystemDoesNotTrustIsNoConnection() throws {
        let service = try tlsService()
        let outcome = PushTransport().send(try request(to: service, name: "jana"))
        guard case .retry(nil, nil, let reason) = outcome else { Issue.record("\(outcome)"); return }
        #expect(reason.lowercased().contains("certificate"), "\(reason)")
        #expect(try service.received().isEmpty)
    }
}
