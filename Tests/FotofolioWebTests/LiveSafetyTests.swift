import Foundation
import Fotofolio
import Testing
import Waiting
@testable import FotofolioWeb

extension WebTestServer {
    /// A keep-alive connection to the daemon that asked for one page and stays open, idle.
    func idleConnection() async throws -> EventStreamClient {
        let port = daemon.port
        return try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try EventStreamClient(port: port, path: "/healthz", cookies: [:]) }) }.start()
        }
    }
}

/// What moderation does to the live path: a removed message is never replayed with its
/// words, and a suspended person's streams close (the client reads the end of the stream)
/// on the node that acted and, through the poll of suspensions, on every other.
@Suite struct LiveSafetyTests {
    // A browser's stream is rarely its only connection: the idle keep-alive connection its
    // pages came over is older than the stream, which must end at once all the same.
    /// Well inside the 60 s after which an idle connection would close anyway.
    static let closing: Duration = .seconds(25)

    /// The demo world with `eva.s` as an operator, on a daemon of one polling thread, so the
    /// idle connection and the stream are in the same thread's lists.
    /// On a one-thread server: an idle keep-alive browser, opened first, and Vojta's live
    /// stream after it, listed by the hub.
    static func vojtaStreamingBesideAnIdleBrowser() async throws
        -> (server: WebTestServer, browser: EventStreamClient, live: EventStreamClient) {
        let server = try oneThreadWithOperator()
        let vojta = try await server.cookies(of: "vojtafoti")
        let browser = try await server.idleConnection()
        #expect(browser.status == 200 && browser.headers["connection"] == nil, "\(browser.headers)")
        let live = try await server.stream(for: vojta)
        try await waitUntil("Vojta's stream is listed") { server.app.live.hub.statistics.streams == 1 }
        return (server, browser, live)
    }

    static func oneThreadWithOperator() throws -> WebTestServer {
        let server = try WebTestServer(threads: 1)
        try server.seedDiscovery()
        try server.moderation.setOperator("eva.s", true)
        return server
    }

    @Test func aBrowserReplayingFromBeforeARemovedMessageGetsOnlyItsRemovedForm() async throws {
        let server = try WebTestServer.withOperator()
        let jana = try await server.cookies(of: "jana.k")
        let live = try await server.stream(for: jana)
        try await waitUntil("Jana's stream is listed") { server.app.live.hub.statistics.streams == 1 }
        let (_, message) = try await server.spamFromVojta()
        // Jana's stream got it, so its frame is made and kept.
        var seen = try await live.next()
        while seen.event != "message" { seen = try await live.next() }
        #expect(seen.data.contains("hodinky"))
        try await server.cookies(of: "eva.s")
        #expect(try await server.submit("/moderation/actions", ["subject": "message:\(message)", "action": "removeMessage",
                                                                "reason": "Spam"]).status == 303)
        let before = try #require(Int64(seen.id ?? "")) - 1
        let again = try await server.stream(for: jana, lastEventId: String(before))
        let replayed = try await again.next(2)
        #expect(replayed.map(\.id) == [seen.id, replayed[1].id])
        for event in replayed {
            #expect(!event.data.contains("hodinky"))
            #expect(event.data.contains("\"removed\":true"))
        }
    }

    @Test func aSuspendedPersonsStreamEndsOnTheNodeThatActed() async throws {
        let (server, browser, live) = try await Self.vojtaStreamingBesideAnIdleBrowser()
        try await server.cookies(of: "eva.s")
        #expect(try await server.submit("/moderation/actions", ["subject": "profile:\(try server.userId("vojtafoti"))",
                                                                "action": "suspend", "days": "7", "reason": "Spam"]).status == 303)
        try await live.end(within: Self.closing)
        #expect(server.app.live.hub.statistics.streams == 0)
        withExtendedLifetime(browser) {}
    }

    /// Another node suspends in the shared database: this node's look every 5 s ends the stream.
    @Test func aSuspensionMadeElsewhereEndsTheStreamHereAtTheNextLook() async throws {
        let (server, browser, live) = try await Self.vojtaStreamingBesideAnIdleBrowser()
        try server.moderation.apply(.suspend(userId: try server.userId("vojtafoti"), until: nil), reason: "Spam",
                                    by: try server.userId("eva.s"))
        try await live.end(within: Self.closing)
        #expect(server.app.live.hub.statistics.streams == 0)
        withExtendedLifetime(browser) {}
    }
}
