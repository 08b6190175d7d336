import Foundation
import GRDB
import Synchronization
@testable import Fotofolio

extension TestDatabase {
    var messenger: MessengerService { MessengerService(stores: .sqlite(database)) }
    var liveEvents: LiveEventLog { LiveEventLog(stores: .sqlite(database)) }
    var outbox: Outbox { Outbox(stores: .sqlite(database)) }

    /// People with accounts, one per username (all clients named Jana Králová).
    func people(_ usernames: String...) throws -> [Int64] {
        try usernames.map { try client($0).id! }
    }

    /// Sends `content` with a fresh UUID.
    @discardableResult
    func send(_ content: String, in roomId: Int64, by userId: Int64, at date: Date = Date()) throws -> ChatMessage {
        try messenger.send(MessageDraft(uuid: UUID().uuidString, content: content), in: roomId, by: userId, at: date).message
    }

    func rowCount(_ table: String) throws -> Int {
        try database.pool.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(table)") ?? 0 }
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
