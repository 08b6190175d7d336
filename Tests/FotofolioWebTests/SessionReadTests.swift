import Foundation
import Fotofolio
import Synchronization
import Testing

/// A request reads its session once: where a body's admission has read it from the head,
/// the middleware takes it from there.
@Suite struct SessionReadTests {
    /// The sessions' store, counting the reads of a session by its token.
    final class CountedReads: SessionsStore {
        let store: any SessionsStore
        let reads = Mutex(0)
        init(_ store: any SessionsStore) { self.store = store }
        func insert(_ session: Session, tokenHash: String, at date: Date) throws { try store.insert(session, tokenHash: tokenHash, at: date) }
        func session(tokenHash: String) throws -> Session? {
            reads.withLock { $0 += 1 }
            return try store.session(tokenHash: tokenHash)
        }
        func sessionAndUser(tokenHash: String) throws -> (session: Session, user: User)? {
            reads.withLock { $0 += 1 }
            return try store.sessionAndUser(tokenHash: tokenHash)
        }
        func extend(tokenHash: String, to expiresAt: Date) throws { try store.extend(tokenHash: tokenHash, to: expiresAt) }
        func delete(tokenHash: String) throws { try store.delete(tokenHash: tokenHash) }
        func deleteAll(of userId: Int64, keepingSession keptTokenHash: String?) throws {
            try store.deleteAll(of: userId, keepingSession: keptTokenHash)
        }
    }

    @Test func aMessageSentReadsItsSessionOnce() async throws {
        nonisolated(unsafe) var counted: CountedReads?
        let server = try WebTestServer(stores: { stores in
            var stores = stores
            let reads = CountedReads(stores.sessions)
            counted = reads
            stores.sessions = reads
            return stores
        })
        try server.seedDiscovery([])
        let reads = try #require(counted)
        let room = try server.directRoom("jana.k", "vojtafoti")
        try await server.cookies(of: "jana.k")
        let send = try await server.pendingSubmit("/messages/\(room)", ["uuid": UUID().uuidString, "content": "Dobrý den"])
        let before = reads.reads.withLock { $0 }
        let reply = try await send.sent()
        #expect(reply.status == 303)
        #expect(reads.reads.withLock { $0 } - before == 1)
    }
}
