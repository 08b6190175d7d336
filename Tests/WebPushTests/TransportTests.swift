import Foundation
import Testing
@testable import WebPush

/// A push to `subscription` of the loopback service, as the server sends one.
private func request(to subscription: PushService.Subscription, service: PushService, text: String = #"{"title":"Nová zpráva"}"#,
                     key: VAPIDKey = VAPIDKey(), ttl: Int = 86_400, urgency: PushUrgency = .high, topic: String? = "room-12") throws -> PushRequest {
    let policy = PushEndpointPolicy(allowedOrigins: [service.origin])
    let target = try policy.check(subscription.endpoint)
    let keys = try PushSubscriptionKeys(p256dh: subscription.p256dh, auth: subscription.auth)
    return PushRequest(target: target, body: try PushEncryption.encrypt(Array(text.utf8), to: keys), ttl: ttl, urgency: urgency, topic: topic,
                       authorization: try key.authorization(for: target.url, subject: "mailto:provoz@fotofolio.example", expiresAt: Date() + 12 * 3600))
}

/// Pushes posted by libcurl to Tests/Push/push_service.py, which decrypts them with http_ece
/// and verifies their VAPID token with py_vapid and cryptography: an implementation
/// independent of this module's reads what it writes.
@Suite(.serialized) struct TransportTests {
    @Test func anIndependentPushServiceDecryptsThePushAndVerifiesItsVAPIDToken() throws {
        let service = try PushService()
        let subscription = try service.subscribe("jana")
        let text = #"{"title":"Jana Nováková","body":"Ahoj 👋 <b>&amp;</b>","url":"/messages/12","tag":"room-12","close":false}"#
        let expiry = Date() + 12 * 3600
        #expect(PushTransport().send(try request(to: subscription, service: service, text: text)) == .accepted)
        let received = try service.received()
        #expect(received.count == 1)
        #expect(received.first?.payload == text)
        #expect(received.first?.vapid.aud == service.origin)
        #expect(received.first?.vapid.sub == "mailto:provoz@fotofolio.example")
        #expect(abs(Double(received.first?.vapid.exp ?? 0) - expiry.timeIntervalSince1970) < 120)
        #expect(try service.rejected().isEmpty)
    }

    @Test func theServiceSeesTTLUrgencyAndTopic() throws {
        let service = try PushService()
        let subscription = try service.subscribe("petr")
        let transport = PushTransport()
        #expect(transport.send(try request(to: subscription, service: service, ttl: 86_400, urgency: .high, topic: "room-12")) == .accepted)
        #expect(transport.send(try request(to: subscription, service: service, ttl: 0, urgency: .veryLow, topic: PushTopic.make("gallery 3 ✓"))) == .accepted)
        // Not a valid topic (a space, too long): left out rather than refused.
        #expect(transport.send(try request(to: subscription, service: service, urgency: .low, topic: "room 12")) == .accepted)
        #expect(transport.send(try request(to: subscription, service: service, urgency: .normal, topic: String(repeating: "a", count: 33))) == .accepted)
        #expect(try service.received().map(\.headers) == [
            .init(ttl: 86_400, urgency: "high", topic: "room-12"),
            .init(ttl: 0, urgency: "very-low", topic: PushTopic.make("gallery 3 ✓")),
            .init(ttl: 86_400, urgency: "low", topic: nil),
            .init(ttl: 86_400, urgency: "normal", topic: nil),
        ])
    }

    @Test func aPayloadOfTheLongestLengthArrivesAndOneByteMoreIsNotEncrypted() throws {
        let service = try PushService()
        let subscription = try service.subscribe("eva")
        let longest = String(repeating: "x", count: PushEncryption.maxPlaintext)
        #expect(PushTransport().send(try request(to: subscription, service: service, text: longest)) == .accepted)
        #expect(try service.received().first?.payload == longest)
        #expect(throws: PushEncryptionError.plaintextTooLong(PushEncryption.maxPlaintext + 1)) {
            try request(to: subscription, service: service, text: longest + "x")
        }
    }

    @Test func aMessageLongerThanTheServiceTakesIsRefusedWith413() throws {
        let service = try PushService()
        let subscription = try service.subscribe("eva")
        let valid = try request(to: subscription, service: service)
        let oversized = PushRequest(target: valid.target, body: valid.body + [UInt8](repeating: 0, count: 4096), ttl: 60, urgency: .normal,
                                    topic: nil, authorization: valid.authorization)
        guard case .refused(413, _) = PushTransport().send(oversized) else { Issue.record("not refused with 413"); return }
    }

    @Test func gone404And410SayTheSubscriptionIsNoMore() throws {
        let service = try PushService()
        let subscription = try service.subscribe("ota")
        for status in [404, 410] {
            try service.reply("ota", status)
            #expect(PushTransport().send(try request(to: subscription, service: service)) == .gone(status: status))
        }
        // An endpoint the service never made is gone too.
        let unknown = PushService.Subscription(endpoint: service.origin + "/push/nobody", p256dh: subscription.p256dh, auth: subscription.auth)
        #expect(PushTransport().send(try request(to: unknown, service: service)) == .gone(status: 404))
    }

    @Test func tooManyRequestsIsRetriedAfterTheSecondsTheServiceSays() throws {
        let service = try PushService()
        let subscription = try service.subscribe("ota")
        try service.reply("ota", 429, headers: ["Retry-After: 37"])
        guard case .retry(429, 37, _) = PushTransport().send(try request(to: subscription, service: service)) else {
            Issue.record("not a retry after 37 s"); return
        }
    }

    @Test func aRetryAfterDateIsTurnedIntoSeconds() throws {
        let service = try PushService()
        let subscription = try service.subscribe("ota")
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        try service.reply("ota", 503, headers: ["Retry-After: " + formatter.string(from: Date() + 600)])
        guard case .retry(503, let after?, _) = PushTransport().send(try request(to: subscription, service: service)) else {
            Issue.record("no Retry-After read"); return
        }
        #expect((500...601).contains(after))
    }

    @Test func aServerErrorIsRetriedWithoutAWait() throws {
        let service = try PushService()
        let subscription = try service.subscribe("ota")
        try service.reply("ota", 503)
        guard case .retry(503, nil, let reason) = PushTransport().send(try request(to: subscription, service: service)) else {
            Issue.record("not a retry"); return
        }
        #expect(reason.contains("503"))
    }

    @Test func aBadRequestIsRefusedWithTheServicesReason() throws {
        let service = try PushService()
        let subscription = try service.subscribe("ota")
        try service.reply("ota", 400)
        guard case .refused(400, let reason) = PushTransport().send(try request(to: subscription, service: service)) else {
            Issue.record("not refused"); return
        }
        #expect(reason.contains("400"))
    }

    @Test func aTokenForAnotherAudienceIsRefusedWith401() throws {
        let service = try PushService()
        let subscription = try service.subscribe("ota")
        let valid = try request(to: subscription, service: service)
        let otherAudience = try VAPIDKey().authorization(for: URL(string: "https://push.example.net/x")!, subject: "mailto:a@fotofolio.example",
                                                         expiresAt: Date() + 3600)
        let outcome = PushTransport().send(PushRequest(target: valid.target, body: valid.body, ttl: 60, urgency: .normal, topic: nil, authorization: otherAudience))
        guard case .refused(401, let reason) = outcome else { Issue.record("\(outcome)"); return }
        #expect(reason.contains("aud"))
        #expect(try service.rejected().map(\.status) == [401])
    }

    @Test func aTokenSignedByAnotherKeyThanItNamesIsRefusedWith401() throws {
        // The service verifies the signature, so its acceptance of the others means something.
        let service = try PushService()
        let subscription = try service.subscribe("ota")
        let valid = try request(to: subscription, service: service)
        let forged = valid.authorization.replacingOccurrences(of: #"k=[A-Za-z0-9_-]+$"#, with: "k=" + VAPIDKey().publicKeyBase64URL, options: .regularExpression)
        #expect(forged != valid.authorization)
        let outcome = PushTransport().send(PushRequest(target: valid.target, body: valid.body, ttl: 60, urgency: .normal, topic: nil, authorization: forged))
        guard case .refused(401, let reason) = outcome else { Issue.record("\(outcome)"); return }
        #expect(reason.contains("signature"))
    }

    @Test func noListenerIsRetried() throws {
        // The port of a service that has stopped: nothing listens there any more.
        let port = try PushService().port
        let policy = PushEndpointPolicy(allowedOrigins: ["http://127.0.0.1:\(port)"])
        let target = try policy.check("http://127.0.0.1:\(port)/push/x")
        let outcome = PushTransport(timeout: 5).send(PushRequest(target: target, body: [1, 2, 3], ttl: 60, urgency: .normal, topic: nil,
                                                                 authorization: "vapid t=x, k=y"))
        guard case .retry(nil, nil, let reason) = outcome else { Issue.record("\(outcome)"); return }
        #expect(!reason.isEmpty)
    }

    @Test func aPinnedTargetIsNeverSentOverPlainHTTP() throws {
        let service = try PushService()
        let target = PushTarget(url: URL(string: service.origin + "/push/x")!, pinnedAddress: "127.0.0.1")
        let outcome = PushTransport().send(PushRequest(target: target, body: [1], ttl: 60, urgency: .normal, topic: nil, authorization: "vapid t=x, k=y"))
        guard case .refused(0, _) = outcome else { Issue.record("\(outcome)"); return }
        #expect(try service.rejected().isEmpty && service.received().isEmpty)
    }

    @Test func theConnectionGoesToThePinnedAddressWhateverTheNameResolvesTo() throws {
        // A name that does not exist, pinned to the service's address: curl connects there
        // without asking DNS. The service speaks http, so https fails at TLS — after connecting.
        let service = try PushService()
        let target = PushTarget(url: URL(string: "https://push.invalid:\(service.port)/push/x")!, pinnedAddress: "127.0.0.1")
        let outcome = PushTransport().send(PushRequest(target: target, body: [1], ttl: 60, urgency: .normal, topic: nil, authorization: "vapid t=x, k=y"))
        guard case .retry(nil, nil, let reason) = outcome else { Issue.record("\(outcome)"); return }
        #expect(!reason.lowercased().contains("resolve"), "\(reason)")
    }

    @Test func aHeaderValueWithALineEndIsNotSent() throws {
        let service = try PushService()
        let subscription = try service.subscribe("ota")
        let valid = try request(to: subscription, service: service)
        let outcome = PushTransport().send(PushRequest(target: valid.target, body: valid.body, ttl: 60, urgency: .normal, topic: nil,
                                                       authorization: valid.authorization + "\r\nX-Injected: 1"))
        guard case .refused(0, _) = outcome else { Issue.record("\(outcome)"); return }
        #expect(try service.received().isEmpty)
    }

    @Test func aRedirectIsNotFollowed() throws {
        let service = try PushService()
        let subscription = try service.subscribe("ota")
        try service.reply("ota", 307, headers: ["Location: \(service.origin)/push/ota"])
        guard case .refused(307, _) = PushTransport().send(try request(to: subscription, service: service)) else {
            Issue.record("not refused with 307"); return
        }
        // A followed redirect would have posted a second time.
        #expect(try service.received().isEmpty && service.rejected().isEmpty)
    }

    @Test func anAnswerWhoseBodyBreaksOffStillCountsByItsStatus() throws {
        let service = try PushService()
        let subscription = try service.subscribe("ota")
        try service.reply("ota", 410, headers: ["!cut"])
        #expect(PushTransport().send(try request(to: subscription, service: service)) == .gone(status: 410))
    }

    @Test func aLongAnswerIsReadNoFurtherThanItsLimitAndKeptShorter() throws {
        let service = try PushService()
        let subscription = try service.subscribe("ota")
        try service.reply("ota", 503, headers: ["!body 1000000"])
        guard case .retry(503, nil, let reason) = PushTransport().send(try request(to: subscription, service: service)) else {
            Issue.record("not a retry"); return
        }
        #expect(reason.utf8.count <= PushTransport.keptBodyBytes + 20)
        #expect(reason.hasSuffix(String(repeating: "x", count: 100)))
    }

    @Test func aServiceThatNeverAnswersIsRetriedAfterTheTimeout() throws {
        let service = try PushService()
        let subscription = try service.subscribe("ota")
        try service.reply("ota", 201, headers: ["!hang"])
        guard case .retry(nil, nil, let reason) = PushTransport(timeout: 1).send(try request(to: subscription, service: service)) else {
            Issue.record("not a retry"); return
        }
        #expect(reason.lowercased().contains("timeout") || reason.lowercased().contains("timed out"), "\(reason)")
    }

    @Test func retryAfterIsReadAsSecondsOrADateAndNothingElse() {
        let now = Date(timeIntervalSince1970: 1_700_000_000)   // Tue, 14 Nov 2023 22:13:20 GMT
        #expect(RetryAfter.seconds("120", now: now) == 120)
        #expect(RetryAfter.seconds("0", now: now) == 0)
        #expect(RetryAfter.seconds("Tue, 14 Nov 2023 22:15:20 GMT", now: now) == 120)
        // A date already past: at once.
        #expect(RetryAfter.seconds("Tue, 14 Nov 2023 22:00:00 GMT", now: now) == 0)
        // Never more than a day, however far the service asks.
        #expect(RetryAfter.seconds("99999999", now: now) == 86_400)
        #expect(RetryAfter.seconds("99999999999999999999999", now: now) == nil)
        for value in ["", "-5", "1.5", " 12", "12s", "soon", "Tue, 14 Nov 2023 22:15:20", "٣"] {
            #expect(RetryAfter.seconds(value, now: now) == nil, "\(value)")
        }
    }
}
