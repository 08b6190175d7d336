import Foundation
import Fotofolio
import FotofolioSQLite
import Testing
@testable import FotofolioWeb

@Suite struct MessengerPagesTests {
    @Test func guestsAreSentToSignInAndScriptsGetA401() async throws {
        let server = try WebTestServer()
        try server.seedDiscovery([])
        #expect(try await server.send("/messages").headers["location"] == "/login?return=%2Fmessages")
        #expect(try await server.send("/messages/1").headers["location"]?.hasPrefix("/login") == true)
        #expect(try await server.send("/live").status == 401)
        #expect(try await server.post("Ahoj", in: 1).status == 401)
        // "Write a message" on a profile brings a guest back to that profile after signing in.
        let write = try await server.submit("/messages/direct", ["username": "vojtafoti"])
        #expect(write.headers["location"] == "/login?return=%2Fu%2Fvojtafoti")
    }

    @Test func aProfileAndASelectionEntryOfferToWriteToThePerson() async throws {
        let server = try WebTestServer()
        try server.seedDiscovery([])
        try await server.cookies(of: "jana.k")
        let profile = try await server.send("/u/vojtafoti").body
        #expect(profile.contains("<form class=\"profile__write\" method=\"post\" action=\"/messages/direct\">"))
        #expect(profile.contains("name=\"username\" value=\"vojtafoti\""))
    }

    @Test func aDirectConversationIsStartedOnceAndReused() async throws {
        let server = try WebTestServer()
        try server.seedDiscovery([])
        try await server.cookies(of: "jana.k")
        let first = try await server.submit("/messages/direct", ["username": "vojtafoti"])
        let again = try await server.submit("/messages/direct", ["username": "@vojtafoti"])
        #expect(first.status == 303)
        #expect(first.headers["location"] == again.headers["location"])
        let unknown = try await server.submit("/messages/direct", ["username": "nikdo.takovy"], headers: ["Accept-Language": "en"])
        #expect(unknown.status == 422)
        #expect(unknown.body.contains("There is nobody with that username."))
        #expect(unknown.body.contains("value=\"nikdo.takovy\""))
        #expect(try await server.submit("/messages/direct", ["username": "jana.k"]).status == 422)
    }

    @Test func aFormPostRedirectsBackAndThePageShowsTheMessageSafely() async throws {
        let server = try WebTestServer()
        try server.seedDiscovery([])
        let room = try server.directRoom("jana.k", "vojtafoti")
        try await server.cookies(of: "jana.k")
        let reply = try await server.submit("/messages/\(room)", [
            "uuid": UUID().uuidString, "content": "<b>Dobrý den</b>,\nviz https://example.cz/svatby. @vojtafoti?",
        ])
        #expect(reply.status == 303)
        #expect(reply.headers["location"]?.hasPrefix("/messages/\(room)#message-") == true)
        let page = try await server.send("/messages/\(room)").body
        #expect(page.contains("&lt;b&gt;Dobrý den&lt;/b&gt;,<br>viz <a href=\"https://example.cz/svatby\" rel=\"noopener noreferrer nofollow ugc\" target=\"_blank\">https://example.cz/svatby</a>. <span class=\"mention\">@vojtafoti</span>?"))
        #expect(!page.contains("<b>Dobrý den"))
    }

    @Test func theRoomPagesFormCarriesTheTokenItNeeds() async throws {
        let server = try WebTestServer()
        try server.seedDiscovery([])
        let room = try server.directRoom("jana.k", "vojtafoti")
        try await server.cookies(of: "jana.k")
        let page = try await server.send("/messages/\(room)").body
        let token = try #require(page.firstMatch(of: /name="_csrf" value="([^"]+)"/).map { String($0.1) })
        let uuid = try #require(page.firstMatch(of: /name="uuid" value="([^"]+)"/).map { String($0.1) })
        let reply = try await server.send("/messages/\(room)", method: "POST", headers: ["Sec-Fetch-Site": "same-origin"],
                                          form: "_csrf=\(token)&uuid=\(uuid)&content=Dobr%C3%BD%20den")
        #expect(reply.status == 303)
        #expect(try await server.send("/messages").body.contains("name=\"_csrf\" value=\"\(token)\""))
    }

    @Test func scriptsGetJSONAndARepeatedUUIDSendsNothingTwice() async throws {
        let server = try WebTestServer()
        try server.seedDiscovery([])
        let room = try server.directRoom("jana.k", "vojtafoti")
        try await server.cookies(of: "jana.k")
        let uuid = UUID().uuidString
        let first = try await server.post("Máte volno 14. června?", in: room, uuid: uuid)
        let repeated = try await server.post("Máte volno 14. června?", in: room, uuid: uuid)
        #expect(first.status == 201)
        #expect(repeated.status == 200)
        let message = WebTestServer.json(first.body)["message"] as? [String: Any]
        #expect(message?["uuid"] as? String == uuid.lowercased())
        #expect(message?["content"] as? String == "Máte volno 14. června?")
        #expect((WebTestServer.json(repeated.body)["message"] as? [String: Any])?["id"] as? Int == message?["id"] as? Int)
        #expect(try MessengerService(stores: .sqlite(server.database)).history(of: room, for: server.userId("jana.k")).count == 1)
    }

    @Test func badInputGetsAPreciseStatus() async throws {
        let server = try WebTestServer()
        try server.seedDiscovery([])
        let room = try server.directRoom("jana.k", "vojtafoti")
        try await server.cookies(of: "jana.k")
        #expect(try await server.post("   ", in: room).status == 422)
        #expect(try await server.post(String(repeating: "a", count: 4001), in: room).status == 422)
        #expect(try await server.post(String(repeating: "a", count: 4000), in: room).status == 201)
        #expect(try await server.post("ahoj", in: room, uuid: "not-a-uuid").status == 422)
        #expect(try await server.post("zvonek \u{7}", in: room).status == 422)
        let invalidUTF8 = try await server.send("/messages/\(room)", method: "POST",
                                                headers: ["Sec-Fetch-Site": "same-origin", "Accept": "application/json"],
                                                form: "_csrf=\(try await server.currentCSRFToken())&uuid=\(UUID().uuidString)&content=%FF%FE")
        #expect(invalidUTF8.status == 400)
        #expect(try await server.post("ahoj", in: 99_999).status == 404)
        #expect(try await server.submit("/messages/abc", ["uuid": UUID().uuidString, "content": "x"]).status == 404)
        let withoutToken = try await server.send("/messages/\(room)", method: "POST", headers: ["Sec-Fetch-Site": "same-origin"],
                                                 form: "uuid=\(UUID().uuidString)&content=x")
        #expect(withoutToken.status == 403)
        let crossSite = try await server.send("/messages/\(room)", method: "POST", headers: ["Sec-Fetch-Site": "cross-site"],
                                              form: "uuid=\(UUID().uuidString)&content=x&_csrf=\(try await server.currentCSRFToken())")
        #expect(crossSite.status == 403)
        // A form post that fails keeps the text and says why.
        let tooLong = try await server.submit("/messages/\(room)", ["uuid": UUID().uuidString,
                                                                    "content": String(repeating: "b", count: 4001)],
                                              headers: ["Accept-Language": "en"])
        #expect(tooLong.status == 422)
        #expect(tooLong.body.contains("longer than 4,000 characters"))
        #expect(tooLong.body.contains(String(repeating: "b", count: 4001) + "</textarea>"))
    }

    @Test func onlyMembersSeeOrWriteInARoom() async throws {
        let server = try WebTestServer()
        try server.seedDiscovery([])
        let room = try server.directRoom("jana.k", "vojtafoti")
        try await server.cookies(of: "martin.b")
        #expect(try await server.send("/messages/\(room)").status == 403)
        #expect(try await server.post("Ahoj", in: room).status == 403)
        #expect(try await server.submit("/messages/\(room)/read", ["upTo": "1"], headers: ["Accept": "application/json"]).status == 403)
    }

    @Test func theListShowsUnreadCountsAndOpeningARoomReadsIt() async throws {
        let server = try WebTestServer()
        try server.seedDiscovery([])
        let room = try server.directRoom("jana.k", "vojtafoti")
        try await server.cookies(of: "jana.k")
        _ = try await server.post("Dobrý den, sháníme fotografa na svatbu.", in: room)
        _ = try await server.post("Jsme dva a sto hostů.", in: room)
        try await server.cookies(of: "vojtafoti")
        let list = try await server.send("/messages", headers: ["Accept-Language": "cs"]).body
        #expect(list.contains("conversation conversation--unread"))
        #expect(list.contains("data-unread>2<span class=\"visually-hidden\"> nepřečtené zprávy</span>"))
        _ = try await server.send("/messages/\(room)", headers: ["Sec-Fetch-Site": "same-origin"])
        #expect(!(try await server.send("/messages").body.contains("conversation--unread")))
    }

    @Test(arguments: [
        ["Sec-Fetch-Site": "cross-site"], ["Sec-Fetch-Site": "same-site"], [:],
        ["Referer": "https://elsewhere.example/"], ["Referer": "http://127.0.0.1.evil.example/"],
    ])
    func aLinkOnAnotherSiteShowsTheRoomButLeavesItUnread(headers: [String: String]) async throws {
        let server = try WebTestServer()
        try server.seedDiscovery([])
        let room = try server.directRoom("jana.k", "vojtafoti")
        try await server.cookies(of: "jana.k")
        _ = try await server.post("Dobrý den, sháníme fotografa na svatbu.", in: room)
        try await server.cookies(of: "vojtafoti")
        let page = try await server.send("/messages/\(room)", headers: headers)
        #expect(page.status == 200)
        #expect(page.body.contains("sháníme fotografa"))
        #expect(try await server.send("/messages").body.contains("conversation--unread"))
    }

    @Test(arguments: [["Sec-Fetch-Site": "same-origin"], ["Sec-Fetch-Site": "none"], ["Referer": "REFERER"]])
    func onesOwnNavigationReadsTheRoom(headers: [String: String]) async throws {
        let server = try WebTestServer()
        try server.seedDiscovery([])
        let room = try server.directRoom("jana.k", "vojtafoti")
        try await server.cookies(of: "jana.k")
        _ = try await server.post("Dobrý den, sháníme fotografa na svatbu.", in: room)
        try await server.cookies(of: "vojtafoti")
        let own = headers.mapValues { $0 == "REFERER" ? "http://127.0.0.1:\(server.daemon.port)/messages" : $0 }
        _ = try await server.send("/messages/\(room)", headers: own)
        #expect(!(try await server.send("/messages").body.contains("conversation--unread")))
    }

    @Test func aGroupIsCreatedRenamedAndItsMembersManagedByItsCreator() async throws {
        let server = try WebTestServer()
        try server.seedDiscovery([])
        try await server.cookies(of: "jana.k")
        let created = try await server.submit("/messages/groups", ["name": "Svatba Brno", "members": "vojtafoti, martin.b"])
        #expect(created.status == 303)
        let path = created.headers["location"]!
        #expect(try await server.submit(path + "/name", ["name": "Svatba v Brně"]).status == 303)
        #expect(try await server.send(path).body.contains("<h1 class=\"chat-room__title\">Svatba v Brně</h1>"))
        #expect(try await server.submit(path + "/members/remove", ["username": "martin.b"]).status == 303)
        try await server.cookies(of: "vojtafoti")
        #expect(try await server.submit(path + "/name", ["name": "Moje"]).status == 403)
        try await server.cookies(of: "martin.b")
        #expect(try await server.send(path).status == 403)
    }
}
