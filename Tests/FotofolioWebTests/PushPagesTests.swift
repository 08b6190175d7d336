import Foundation
import Fotofolio
import Testing
@testable import FotofolioWeb

/// `POST /push/subscriptions`, removing a device, and the devices on `/profile/notifications`.
@Suite struct PushPagesTests {
    /// A browser's subscription keys (RFC 8291 Appendix A's receiver).
    static let p256dh = "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4"
    static let auth = "BTBZMqHH6r4Tts7J_aSIgg"
    static let endpoint = "https://push.example.net/wpush/v2/abc123"
    static let firefoxOnAndroid = "Mozilla/5.0 (Android 14; Mobile; rv:128.0) Gecko/128.0 Firefox/128.0"

    func subscribe(_ server: WebTestServer, endpoint: String = endpoint, p256dh: String = p256dh, auth: String = auth,
                   json: Bool = true) async throws -> WebTestServer.Reply {
        try await server.submit("/push/subscriptions", ["endpoint": endpoint, "p256dh": p256dh, "auth": auth],
                                headers: (json ? ["Accept": "application/json"] : [:]).merging(["User-Agent": Self.firefoxOnAndroid]) { $1 })
    }

    @Test func aSubscriptionIsStoredAndTheSettingsListItsDeviceWithRemove() async throws {
        let server = try WebTestServer()
        try await server.signUp()
        let reply = try await subscribe(server)
        #expect(reply.status == 201)
        let id = try #require(WebTestServer.json(reply.body)["id"] as? Int)
        let page = try await server.send("/profile/notifications")
        #expect(page.body.contains("Firefox · Android"))
        #expect(page.body.contains(#"action="/push/subscriptions/\#(id)/remove""#))
        #expect(page.body.contains("nothing sent yet") && !page.body.contains("data-push-none"))
        let removed = try await server.submit("/push/subscriptions/\(id)/remove", [:])
        #expect(removed.status == 303 && removed.headers["location"] == "/profile/notifications?pushRemoved=1")
        #expect(try await server.send("/profile/notifications").body.contains("data-push-none"))
    }

    @Test func aFormGoesBackToTheSettingsWithANotice() async throws {
        let server = try WebTestServer()
        try await server.signUp()
        let reply = try await subscribe(server, json: false)
        #expect(reply.status == 303 && reply.headers["location"] == "/profile/notifications?pushAdded=1")
        #expect(try await server.send("/profile/notifications?pushAdded=1").body.contains("Notifications are on in this browser."))
    }

    @Test func aSubscriptionThatCannotBeSentToIsRefusedWithItsReasonInWords() async throws {
        let server = try WebTestServer()
        try await server.signUp()
        let cases: [(endpoint: String, p256dh: String, auth: String, reason: String)] = [
            ("http://push.example.net/x", Self.p256dh, Self.auth, "endpoint-not-https"),
            ("https://push.example.net:8443/x", Self.p256dh, Self.auth, "endpoint-port"),
            ("https://intranet.example.net/x", Self.p256dh, Self.auth, "endpoint-host-not-public"),
            ("https://127.0.0.1/x", Self.p256dh, Self.auth, "endpoint-host-not-public"),
            ("https://nowhere.example.net/x", Self.p256dh, Self.auth, "endpoint-unresolvable"),
            ("https://push.example.net/" + String(repeating: "a", count: 1100), Self.p256dh, Self.auth, "endpoint-too-long"),
            (Self.endpoint, "not*base64", Self.auth, "key-not-base64url"),
            (Self.endpoint, Self.p256dh, "AAAA", "key-length"),
            (Self.endpoint, "", Self.auth, "missing"),
        ]
        for example in cases {
            let reply = try await subscribe(server, endpoint: example.endpoint, p256dh: example.p256dh, auth: example.auth)
            #expect(reply.status == 422, "\(example.reason)")
            let answer = WebTestServer.json(reply.body)
            #expect(answer["reason"] as? String == example.reason)
            #expect((answer["error"] as? String)?.isEmpty == false)
        }
        let czech = try await server.submit("/push/subscriptions", ["endpoint": "http://push.example.net/x", "p256dh": Self.p256dh, "auth": Self.auth],
                                            headers: ["Accept": "application/json", "Accept-Language": "cs"])
        #expect(WebTestServer.json(czech.body)["error"] as? String == "Adresa pro oznámení musí začínat https://.")
        #expect(try await server.send("/profile/notifications").body.contains("data-push-none"), "nothing was stored")
    }

    @Test func aPostWithoutTheFormTokenOrFromAnotherSiteIsRefused() async throws {
        let server = try WebTestServer()
        try await server.signUp()
        let form = "endpoint=\(Self.endpoint)&p256dh=\(Self.p256dh)&auth=\(Self.auth)"
        let noToken = try await server.send("/push/subscriptions", method: "POST", headers: ["Sec-Fetch-Site": "same-origin"], form: form)
        #expect(noToken.status == 403)
        let elsewhere = try await server.send("/push/subscriptions", method: "POST", headers: ["Sec-Fetch-Site": "cross-site"], form: form)
        #expect(elsewhere.status == 403)
    }

    @Test func aGuestIsToldToSignInBeforeTheBodyIsRead() async throws {
        let server = try WebTestServer()
        _ = try await server.send("/")
        let script = try await subscribe(server)
        #expect(script.status == 401)
        let form = try await subscribe(server, json: false)
        #expect(form.status == 303 && form.headers["location"]?.hasPrefix("/login") == true)
    }

    @Test func aBodyLargerThanASubscriptionIsRefusedFromItsHead() async throws {
        let server = try WebTestServer()
        try await server.signUp()
        let reply = try await subscribe(server, endpoint: Self.endpoint + String(repeating: "a", count: 5000))
        #expect(reply.status == 413)
    }

    @Test func someoneElsesDeviceCannotBeRemoved() async throws {
        let server = try WebTestServer()
        try await server.signUp(username: "jana.k")
        let id = try #require(WebTestServer.json(try await subscribe(server).body)["id"] as? Int)
        server.signOut()
        try await server.signUp(username: "petr.n")
        #expect(try await server.submit("/push/subscriptions/\(id)/remove", [:]).status == 404)
        #expect(try await server.submit("/push/subscriptions/abc/remove", [:]).status == 404)
    }

    @Test func theSettingsCarryTheSiteKeyAndExplainWhyPlainHTTPOffersNoPush() async throws {
        let server = try WebTestServer()
        try await server.signUp()
        let local = try await server.send("/profile/notifications")
        let key = try #require(local.body.firstMatch(of: /data-vapid-key="([A-Za-z0-9_-]+)"/)?.1)
        #expect(key.count == 87, "a P-256 point, 65 bytes in base64url")
        #expect(local.body.contains(#"data-push-insecure hidden"#), "localhost is a secure context")
        let lan = try await server.send("/profile/notifications", headers: ["Host": "192.168.1.20:8080"])
        #expect(lan.body.contains("data-push-insecure>") && lan.body.contains("need a secure connection (https)"))
        let proxied = try await server.send("/profile/notifications", headers: ["Host": "fotofolio.example", "X-Forwarded-Proto": "https"])
        #expect(proxied.body.contains(#"data-push-insecure hidden"#))
        #expect(lan.body.contains("Add to Home Screen"), "the iOS note")
        let again = try await server.send("/profile/notifications")
        #expect(again.body.contains(#"data-vapid-key="\#(key)""#), "the key is kept")
    }

    @Test func theGaugesOfWaitingAndFailedPushesAreExported() async throws {
        let server = try WebTestServer()
        let metrics = try await server.send("/metrics")
        #expect(metrics.body.contains("fotofolio_push_waiting_pushes 0"))
        #expect(metrics.body.contains("fotofolio_push_failed_pushes 0"))
    }
}
