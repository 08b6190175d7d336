import Foundation
import Fotofolio
import FotofolioSQLite
import Testing
@testable import FotofolioWeb

extension WebTestServer {
    /// Signs in as `username` (a demo person) and returns that person's cookies, leaving the
    /// server's jar signed in as them.
    @discardableResult
    func cookies(of username: String) async throws -> [String: String] {
        signOut()
        try await logIn(username)
        return jar
    }

    func userId(_ username: String) throws -> Int64 {
        try AccountsService(stores: .sqlite(database)).user(username: username)!.id!
    }

    /// The direct room of two demo people, made through the service.
    func directRoom(_ a: String, _ b: String) throws -> Int64 {
        try MessengerService(stores: .sqlite(database)).directRoom(between: userId(a), and: userId(b)).id
    }

    /// `username` writes `text` in `room`, through the service.
    @discardableResult
    func say(_ text: String, in room: Int64, by username: String, at date: Date = Date()) throws -> ChatMessage {
        try MessengerService(stores: .sqlite(database))
            .send(MessageDraft(uuid: UUID().uuidString, content: text), in: room, by: userId(username), at: date).message
    }

    /// A page (or, with `fragment`, a piece of it) as a Czech browser navigating the site gets
    /// it; its status must be 200.
    func page(_ path: String, fragment: String? = nil) async throws -> String {
        var headers = ["Accept-Language": "cs", "Sec-Fetch-Site": "same-origin"]
        if let fragment { headers["X-Fragment"] = fragment }
        let reply = try await send(path, headers: headers)
        #expect(reply.status == 200, "\(path)")
        return reply.body
    }

    /// A conversation in which both wrote: the contact that makes a rating verified.
    func haveTalked(_ a: String, _ b: String) throws {
        let messenger = MessengerService(stores: .sqlite(database))
        let room = try directRoom(a, b)
        for person in [a, b] {
            _ = try messenger.send(MessageDraft(uuid: UUID().uuidString, content: "Dobrý den."), in: room, by: try userId(person))
        }
    }

    /// Posts a message as the signed-in person, the way the page's script does.
    func post(_ content: String, in room: Int64, uuid: String = UUID().uuidString) async throws -> Reply {
        try await submit("/messages/\(room)", ["uuid": uuid, "content": content], headers: ["Accept": "application/json"])
    }

    /// Opens `/live` on a thread of its own (connecting blocks until the response head).
    func stream(for cookies: [String: String], lastEventId: String? = nil, after: Int64? = nil,
                receiveBuffer: Int32? = nil) async throws -> EventStreamClient {
        let port = daemon.port
        return try await withCheckedThrowingContinuation { continuation in
            Thread {
                continuation.resume(with: Result {
                    try EventStreamClient(port: port, path: after.map { "/live?after=\($0)" } ?? "/live", cookies: cookies,
                                          lastEventId: lastEventId, receiveBuffer: receiveBuffer)
                })
            }.start()
        }
    }

    static func json(_ text: String) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] ?? [:]
    }
}
