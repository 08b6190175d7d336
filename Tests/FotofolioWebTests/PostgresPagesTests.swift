import Foundation
import Fotofolio
import Postgres
import Testing
import Waiting
@testable import FotofolioWeb

/// The pages on a PostgreSQL-backed app where PostgreSQL differs from SQLite: many
/// transactions write at once, so the database's own constraints decide races the service's
/// checks cannot, and a few pooled connections serve many more open requests.
@Suite struct PostgresPagesTests {
    /// Sends the requests at once while a lock on `table` lets reads through and stops
    /// writes, and lifts it only when every request waits at its write (or for another's):
    /// so each request has passed the service's checks before any of them writes.
    private static func race(_ requests: [WebTestServer.PendingRequest], on table: String,
                             in server: WebTestServer) async throws -> [WebTestServer.Reply] {
        let url = try #require(server.postgres).url
        let gate = try PostgresConnection(url: url)
        _ = try gate.execute("BEGIN")
        _ = try gate.execute("LOCK TABLE \(table) IN SHARE ROW EXCLUSIVE MODE")
        let sent = requests.map { request in Task { try await request.sent() } }
        do {
            // Another connection watches: one in a transaction sees the same activity snapshot throughout.
            let watcher = try PostgresConnection(url: url)
            try await waitUntil("\(requests.count) requests wait at their write") {
                try watcher.query("SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()")[0]
                    .decode(0, as: Int64.self) >= requests.count
            }
        } catch {
            _ = try? gate.execute("ROLLBACK")
            throw error
        }
        _ = try gate.execute("ROLLBACK")
        var replies: [WebTestServer.Reply] = []
        for task in sent { replies.append(try await task.value) }
        return replies
    }

    private static func registration(_ username: String, email: String) -> [String: String] {
        ["role": "client", "username": username, "fullName": "Jana Králová", "email": email, "location": "Brno",
         "password": "dlouhe-heslo-1", "passwordConfirmation": "dlouhe-heslo-1"]
    }

    @Test func twoFormsRacingForOneUsernameMakeOneAccountAndTellTheOtherWhy() async throws {
        let server = try WebTestServer(store: .postgres(poolSize: 4))
        let first = try await server.pendingSubmit("/register", Self.registration("jana.k", email: "jana@example.cz"))
        let second = try await server.pendingSubmit("/register", Self.registration("jana.k", email: "druha@example.cz"))
        // One waits at the account table, the other for the address's registration count.
        let replies = try await Self.race([first, second], on: "account", in: server)
        #expect(replies.map(\.status).sorted() == [303, 422])
        let refused = try #require(replies.first { $0.status == 422 })
        #expect(refused.body.contains("id=\"username-error\""))
        #expect(refused.body.contains("value=\"jana.k\""))
        #expect(try server.app.accounts.user(username: "jana.k") != nil)
    }

    @Test func twoPeopleRacingForOneEmailAddressKeepTheirOwnAndOneIsTold() async throws {
        let server = try WebTestServer(store: .postgres(poolSize: 4))
        let edit = [("fullName", "Jana Králová"), ("email", "spolecna@example.cz"), ("location", "Brno"), ("role", "client")]
        try await server.signUp(username: "jana.k")
        let jana = try await server.pendingMultipart("/profile/edit", edit)
        server.signOut()
        try await server.signUp(username: "eva.s")
        let eva = try await server.pendingMultipart("/profile/edit", edit)
        let replies = try await Self.race([jana, eva], on: "account", in: server)
        #expect(replies.map(\.status).sorted() == [303, 422])
        #expect(try #require(replies.first { $0.status == 422 }).body.contains("id=\"email-error\""))
        let emails = Set(try ["jana.k", "eva.s"].map { try #require(try server.app.accounts.user(username: $0)).email })
        #expect(emails.count == 2 && emails.contains("spolecna@example.cz"))
    }

    @Test func twoTabsOpeningOneConversationAtOnceLandInTheSameRoom() async throws {
        let server = try WebTestServer(store: .postgres(poolSize: 4))
        try await server.signUp(username: "eva.s")
        server.signOut()
        try await server.signUp(username: "jana.k")
        let first = try await server.pendingSubmit("/messages/direct", ["username": "eva.s"])
        let second = try await server.pendingSubmit("/messages/direct", ["username": "eva.s"])
        let replies = try await Self.race([first, second], on: "chat_room", in: server)
        #expect(replies.map(\.status) == [303, 303])
        #expect(replies[0].headers["location"] == replies[1].headers["location"])
    }

    @Test func aMessageSentTwiceAtOnceIsKeptOnce() async throws {
        let server = try WebTestServer(store: .postgres(poolSize: 4))
        try await server.signUp(username: "eva.s")
        server.signOut()
        try await server.signUp(username: "jana.k")
        let room = try #require(try await server.submit("/messages/direct", ["username": "eva.s"]).headers["location"])
        let uuid = UUID().uuidString
        let send = { try await server.pendingSubmit(room, ["uuid": uuid, "content": "Jednou, i když dvakrát"]) }
        let first = try await send(), second = try await send()
        let replies = try await Self.race([first, second], on: "chat_message", in: server)
        #expect(replies.allSatisfy { $0.status == 303 })
        let stored = try #require(server.postgres).pool.withConnection { connection in
            try connection.query("SELECT count(*) FROM chat_message WHERE uuid = $1", [uuid.lowercased()])[0].decode(0, as: Int64.self)
        }
        #expect(stored == 1)
    }

    /// An event stream is a suspended request: it holds no connection of the pool while it
    /// waits, so a pool of two serves a dozen open streams, their deliveries and other pages.
    @Test func manyOpenStreamsHoldNoneOfAFewPooledConnections() async throws {
        let server = try WebTestServer(store: .postgres(poolSize: 2))
        try await server.signUp(username: "eva.s")
        let eva = server.jar
        server.signOut()
        try await server.signUp(username: "jana.k")
        let room = try #require(try await server.submit("/messages/direct", ["username": "eva.s"]).headers["location"])
        var streams: [EventStreamClient] = []
        for _ in 0..<12 { streams.append(try await server.stream(for: eva)) }
        #expect(streams.allSatisfy { $0.status == 200 })
        for text in ["první", "druhá", "třetí"] {
            #expect(try await server.submit(room, ["uuid": UUID().uuidString, "content": text]).status == 303)
        }
        for stream in streams {
            let contents = try await stream.next(3).map { $0.messageContent }
            #expect(contents == ["první", "druhá", "třetí"])
        }
        #expect(try await server.send("/search?q=eva").status == 200)
        #expect(try #require(server.postgres).pool.openConnections <= 2)
    }

    /// A database that cannot be reached is a page saying to try again in a moment, in the
    /// reader's language, not a fault.
    @Test func aDatabaseThatCannotBeReachedIsA503ToTryAgainSoon() async throws {
        let server = try WebTestServer(store: .postgres(poolSize: 2))
        try await server.signUp(username: "jana.k")
        try #require(server.postgres).pool.close()
        let reply = try await server.send("/messages", headers: ["Accept-Language": "cs"])
        #expect(reply.status == 503)
        #expect(reply.headers["retry-after"] == "5")
        #expect(reply.body.contains("Hned jsme zpátky"))
        #expect(try await server.send("/healthz").status == 503)
    }
}
