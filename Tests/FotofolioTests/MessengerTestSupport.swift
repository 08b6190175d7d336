import Foundation
import FotofolioPostgres
import Postgres
import Synchronization
@testable import Fotofolio
@testable import FotofolioSQLite

extension TestDatabase {
    var messenger: MessengerService { MessengerService(stores: stores) }
    var liveEvents: LiveEventLog { LiveEventLog(stores: stores) }
    var outbox: Outbox { Outbox(stores: stores) }

    /// People with accounts, one per username (all clients named Jana Králová).
    func people(_ usernames: String...) throws -> [Int64] {
        try usernames.map { try client($0).id! }
    }

    /// Sends `content` with a fresh UUID.
    @discardableResult
    func send(_ content: String, in roomId: Int64, by userId: Int64, at date: Date = Date()) throws -> ChatMessage {
        try messenger.send(MessageDraft(uuid: UUID().uuidString, content: content), in: roomId, by: userId, at: date).message
    }

    /// Appends a live event in a transaction of its own, as the store's own writes append
    /// them, and then throws `failure` inside it (rolling it back) when one is given.
    func appendLiveEvent(_ kind: LiveEvent.Kind, roomId: Int64, payload: String, thenFail failure: (any Error)? = nil) throws {
        if let postgres {
            try postgres.transaction { connection in
                try PostgresLiveEventLog.append(kind, roomId: roomId, payload: payload, at: Date(), connection)
                if let failure { throw failure }
            }
        } else {
            try database.pool.write { db in
                try SQLiteLiveEventStore.append(kind, roomId: roomId, payload: payload, at: Date(), db)
                if let failure { throw failure }
            }
        }
    }

    /// Both people write in their direct conversation (made when they have none): the
    /// contact a rating between them rests on.
    func converse(_ userId: Int64, with otherId: Int64, at date: Date = Date()) throws {
        let room = try messenger.directRoom(between: userId, and: otherId, at: date).id
        try send("Dobrý den", in: room, by: userId, at: date)
        try send("Dobrý den, děkuji", in: room, by: otherId, at: date)
    }

    /// Every event in the log, oldest first.
    func allEvents() throws -> [LiveEvent] {
        try liveEvents.events(after: 0, limit: 10_000)
    }
}

/// The payload of a live event or outbox entry as JSON objects, to check its fields.
func decoded(_ payload: String) throws -> (type: String, data: [String: Any]) {
    let object = try JSONSerialization.jsonObject(with: Data(payload.utf8)) as? [String: Any]
    return (object?["type"] as? String ?? "", object?["data"] as? [String: Any] ?? [:])
}

/// Runs `body` on `count` threads of their own at once (not on the test's task pool, which
/// blocking database calls would starve) and returns what each returned, or the first error.
func onThreads<Value: Sendable>(_ count: Int, _ body: @escaping @Sendable (Int) throws -> Value) throws -> [Value] {
    let results = Mutex<[Result<Value, any Error>]>([])
    let finished = DispatchGroup()
    for index in 0..<count {
        finished.enter()
        Thread {
            let result = Result { try body(index) }
            results.withLock { $0.append(result) }
            finished.leave()
        }.start()
    }
    finished.wait()
    return try results.withLock { $0 }.map { try $0.get() }
}
