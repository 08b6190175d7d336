import Foundation
import GRDB
import Testing
@testable import Fotofolio
@testable import FotofolioSQLite

/// SQLite's message index: each row holds its room, and a search names the person's rooms.
@Suite(.enabled(if: TestStore.kind == .sqlite, "reads SQLite's message index")) struct MessageSearchIndexTests {
    @Test func anIndexMadeBeforeRoomsAndBeginningsIsMadeAgainAsAFreshDatabaseHasIt() throws {
        let world = try TestDatabase()
        let vojta = try world.creator(), jana = try world.client()
        let room = try world.messenger.directRoom(between: jana.id!, and: vojta.id!)
        let message = try world.send("Svatba bude v Praze", in: room.id, by: jana.id!)
        let fresh = try world.database.pool.read { db in try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE name = 'chatMessageSearch'") }
        // The index as v25 left it: the words alone.
        try world.database.pool.write { db in
            try db.execute(sql: "DROP TRIGGER chatMessage_unindexed; DROP TABLE chatMessageSearch")
            try Schema.createMessageSearch(db, byRoomsAndBeginnings: false)
            try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier = 'v27 message search by rooms and word beginnings'")
        }
        try Schema.migrator.migrate(world.database.pool)
        let (made, rows) = try world.database.pool.read { db in
            (try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE name = 'chatMessageSearch'"),
             try String.fetchAll(db, sql: "SELECT words FROM chatMessageSearch"))
        }
        #expect(made == fresh)
        #expect(rows == ["svatba bude v praze #\(room.id)"])
        #expect(try world.messenger.search("svatb praz", for: vojta.id!).messages.map(\.id) == [message.id])
        _ = try world.messenger.edit(message.id, in: room.id, to: "Svatba bude v Brně", by: jana.id!)
        #expect(try world.messenger.search("svatb brne", for: vojta.id!).messages.map(\.id) == [message.id])
    }

    @Test func aPersonInMoreRoomsThanASearchNamesFindsTheSame() throws {
        let world = try TestDatabase()
        let vojta = try world.creator(), jana = try world.client()
        let others = try world.people("eva.s", "petr.n")
        let ours = try world.messenger.directRoom(between: jana.id!, and: vojta.id!)
        let group = try world.messenger.createGroup(named: "Focení", by: vojta.id!, members: [jana.id!, others[0]])
        let theirs = try world.messenger.directRoom(between: others[0], and: others[1])
        for (index, text) in ["Svatba v sobotu", "Svatební kytice", "Fotografie ze svatby", "Svatba 12"].enumerated() {
            try world.send(text, in: [ours.id, group.id, theirs.id][index % 3], by: index % 3 == 2 ? others[1] : vojta.id!)
        }
        let naming = SQLiteMessengerStore(database: world.database), notNaming = SQLiteMessengerStore(database: world.database, mostRoomsNamedInSearch: 0)
        for query in ["svat", "svatba", "svatebni kyt", "foto", "ze svatby", "12", "s"] {
            for person in [jana.id!, others[0], others[1]] {
                let named = try naming.search(MessageSearch(query), for: person, limit: 10).map(\.id)
                #expect(try notNaming.search(MessageSearch(query), for: person, limit: 10).map(\.id) == named, "\(query)")
            }
        }
        #expect(try naming.search(MessageSearch("svatb"), for: jana.id!, limit: 10).map(\.content) == ["Svatba 12", "Svatba v sobotu"])
    }
}
