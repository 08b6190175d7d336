import Fotofolio
import FotofolioSQLite
import Foundation
import GRDB

/// Conversations of the demo world, so the messenger has something to show: a finished
/// exchange about a family shoot, and a wedding group where `vojtafoti` is mentioned (the
/// wedding itself is booked in `DemoBookings`). One message was edited after sending and
/// two got reactions; one carries a demo photo (with its credit) when a photo library is
/// given. Messages carry fixed UUIDs, so seeding again stores nothing twice.
public struct DemoConversations: Sendable {
    struct Line {
        let uuid: String
        let author: String
        let text: String
        let when: When
        /// The text first sent, edited a few minutes later to `text`.
        var firstWritten: String?
        /// Who reacted to it, and how, once it was sent.
        var reactions: [(username: String, reaction: Reaction)] = []
        /// A demo photo (a file in `Demo/photos`) it carries.
        var photo: String?
    }

    /// When a message was sent, relative to the seeding: earlier days at a time of day in
    /// Prague (so "yesterday" is yesterday wherever the clock stands), today minutes ago.
    public enum When: Sendable {
        case daysAgo(Int, hour: Int, minute: Int)
        case minutesAgo(Int)

        public func date(before now: Date) -> Date {
            switch self {
            case .minutesAgo(let minutes):
                return now.addingTimeInterval(-Double(minutes) * 60)
            case .daysAgo(let days, let hour, let minute):
                var calendar = Calendar(identifier: .gregorian)
                calendar.timeZone = TimeZone(identifier: "Europe/Prague")!
                let day = calendar.date(byAdding: .day, value: -days, to: calendar.startOfDay(for: now))!
                return calendar.date(bySettingHour: hour, minute: minute, second: 0, of: day)!
            }
        }
    }

    struct Conversation {
        /// nil: a direct conversation between the two people in `people`.
        let groupName: String?
        /// The first person starts the conversation (creates the group).
        let people: [String]
        let lines: [Line]
        /// Who has read everything in the end.
        let readers: [String]
    }

    static let conversations: [Conversation] = [
        Conversation(groupName: nil, people: ["eva.s", "ad.fotograf"], lines: [
            Line(uuid: "d3e40000-0000-4000-8000-000000000201", author: "eva.s",
                 text: "Dobrý den, chtěli bychom rodinné fotky venku, nás pět a pes. Fotíte i v Olomouci?", when: .daysAgo(3, hour: 10, minute: 12)),
            Line(uuid: "d3e40000-0000-4000-8000-000000000202", author: "ad.fotograf",
                 text: "Dobrý den, ráda přijedu. Nejhezčí světlo je hodinu před západem slunce. Hodí se vám sobota?",
                 when: .daysAgo(3, hour: 12, minute: 40)),
            Line(uuid: "d3e40000-0000-4000-8000-000000000205", author: "ad.fotograf",
                 text: "Pro představu jedna loňská rodinka, tahle u rybníka:", when: .daysAgo(3, hour: 12, minute: 44),
                 photo: "animals-swans-and-cygnets.jpg"),
            Line(uuid: "d3e40000-0000-4000-8000-000000000203", author: "eva.s",
                 text: "Sobota je skvělá. Sraz u Bezručových sadů v 17:30?", when: .daysAgo(1, hour: 17, minute: 5),
                 firstWritten: "Sobota je skvělá. Sraz u Bezručových sadů v 17:00?", reactions: [("ad.fotograf", .thumbsUp)]),
            Line(uuid: "d3e40000-0000-4000-8000-000000000204", author: "ad.fotograf",
                 text: "Platí, těším se! Vezměte psovi pamlsky, ať vydrží sedět 🙂", when: .daysAgo(1, hour: 18, minute: 21),
                 reactions: [("eva.s", .heart), ("eva.s", .laugh)]),
        ], readers: ["eva.s", "ad.fotograf"]),
        Conversation(groupName: "Svatba Benešovi", people: ["martin.b", "vojtafoti", "lenka.svetlo"], lines: [
            Line(uuid: "d3e40000-0000-4000-8000-000000000301", author: "martin.b",
                 text: "Zakládám skupinu, ať máme fotky z obřadu i rautu pohromadě.", when: .daysAgo(1, hour: 14, minute: 30)),
            Line(uuid: "d3e40000-0000-4000-8000-000000000302", author: "lenka.svetlo",
                 text: "Děkuji! Raut nafotím ráda, pošlete mi prosím menu, ať vím, co nasvítit.", when: .daysAgo(1, hour: 15, minute: 2)),
            Line(uuid: "d3e40000-0000-4000-8000-000000000303", author: "martin.b",
                 text: "@vojtafoti posílám harmonogram dne: obřad v 11:00, oběd ve 12:30. Stihnete přijet už v 10?",
                 when: .minutesAgo(10)),
        ], readers: ["lenka.svetlo"]),
        cafeWeeks,
    ]

    let database: AppDatabase
    let messenger: MessengerService
    /// Where a line's photo is made and read from; without them the line is its text alone.
    let photos: PhotoLibrary?
    let photosDirectory: String?

    public init(database: AppDatabase, photos: PhotoLibrary? = nil, photosDirectory: String? = nil) {
        self.database = database
        messenger = MessengerService(stores: .sqlite(database))
        self.photos = photos
        self.photosDirectory = photosDirectory
    }

    /// Stores whatever part of the conversations is missing; returns how many messages it
    /// stored (0 the second time). Needs the demo world's people.
    @discardableResult
    public func seed(at date: Date = Date()) throws -> Int {
        var stored = 0
        for conversation in Self.conversations {
            let people = try conversation.people.map(userId)
            let start = (conversation.lines.map { $0.when.date(before: date) }.min() ?? date).addingTimeInterval(-60)
            let roomId = try room(for: conversation, people: people, at: start)
            for line in conversation.lines where try send(line, in: roomId, at: line.when.date(before: date)) {
                stored += 1
            }
            for reader in conversation.readers {
                try messenger.markRead(roomId, by: try userId(reader), upTo: .max, at: date)
            }
        }
        return stored
    }

    /// Sends the line (first as written, then edited), and its reactions; false when it was
    /// stored before.
    private func send(_ line: Line, in roomId: Int64, at sentAt: Date) throws -> Bool {
        let author = try userId(line.author)
        let result: SendResult
        do {
            result = try messenger.send(MessageDraft(uuid: line.uuid, content: line.firstWritten ?? line.text),
                                        attachments: try attachments(of: line, by: author, at: sentAt), in: roomId,
                                        by: author, at: sentAt)
        } catch MessengerError.uuidTakenByAnotherMessage where line.firstWritten != nil {
            return false // stored and edited before
        }
        guard result.isNew else { return false }
        if line.firstWritten != nil {
            _ = try messenger.edit(result.message.id, in: roomId, to: line.text, by: author, at: sentAt.addingTimeInterval(3 * 60))
        }
        for (index, given) in line.reactions.enumerated() {
            _ = try messenger.react(given.reaction, to: result.message.id, in: roomId, by: try userId(given.username),
                                    at: sentAt.addingTimeInterval(Double(5 + index) * 60))
        }
        return true
    }

    /// The line's photo, made once: nothing when the line was stored before.
    private func attachments(of line: Line, by author: Int64, at date: Date) throws -> [MessageAttachment] {
        guard let file = line.photo, let photos, let photosDirectory else { return [] }
        let stored = try database.pool.read { db in
            try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM chatMessage WHERE uuid = ?)", arguments: [line.uuid]) ?? false
        }
        guard !stored else { return [] }
        let credits = DemoCredits.read(from: try String(contentsOfFile: "\(photosDirectory)/CREDITS.md", encoding: .utf8))
        let photo = try photos.importPhoto(fileAt: "\(photosDirectory)/\(file)", owner: author, credit: credits[file], at: date)
        return MessageAttachment(photo: photo, name: file).map { [$0] } ?? []
    }

    private func room(for conversation: Conversation, people: [Int64], at date: Date) throws -> Int64 {
        guard let name = conversation.groupName else {
            return try messenger.directRoom(between: people[0], and: people[1], at: date).id
        }
        let existing = try database.pool.read { db in
            try Int64.fetchOne(db, sql: "SELECT id FROM chatRoom WHERE kind = 'group' AND name = ? AND createdBy = ?",
                               arguments: [name, people[0]])
        }
        if let existing { return existing }
        return try messenger.createGroup(named: name, by: people[0], members: Array(people.dropFirst()), at: date).id
    }

    private func userId(_ username: String) throws -> Int64 {
        guard let id = try database.pool.read({ db in
            try Int64.fetchOne(db, sql: "SELECT id FROM user WHERE username = ?", arguments: [username])
        }) else { throw DemoError.missingPerson(username) }
        return id
    }

    struct DemoError: Error, CustomStringConvertible {
        let description: String

        static func missingPerson(_ username: String) -> DemoError {
            DemoError(description: "The demo conversations need @\(username), who is not in the database; seed the demo world first.")
        }
    }
}
