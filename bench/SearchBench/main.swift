// How long a search of one's conversations takes (bench/SEARCH.md): a SQLite database of
// `messages` messages in `rooms` group rooms of `people` people, each message 4–20 words of
// Czech drawn unevenly (a few words are common, most are rare) from the site's own texts;
// the searcher is in about one room in a hundred. Then `searches` searches of one or two word
// beginnings, through the messenger service as the page runs them, timed one by one: as the
// searcher, as another person (in a few dozen rooms) and as a person in one room.
//
//   SearchBench <work-directory> <words-file> [messages] [rooms] [people] [searches]
import Fotofolio
import FotofolioSQLite
import Foundation
import GRDB

let arguments = CommandLine.arguments
guard (3...7).contains(arguments.count) else {
    FileHandle.standardError.write(Data("usage: SearchBench <work-directory> <words-file> [messages] [rooms] [people] [searches]\n".utf8))
    exit(2)
}
let work = arguments[1]
func number(_ index: Int, _ fallback: Int) -> Int { arguments.count > index ? Int(arguments[index]) ?? fallback : fallback }
let messageCount = number(3, 1_000_000), roomCount = number(4, 20_000), peopleCount = number(5, 2_000)
let searchCount = number(6, 2_000)

/// A generator with a fixed seed: every run builds the same world and asks the same searches.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
var random = SplitMix(state: 2026)

// The vocabulary: every distinct word of the texts given, as people wrote them.
let source = try String(contentsOfFile: arguments[2], encoding: .utf8)
var seen = Set<String>()
let vocabulary = source.split { !$0.isLetter }.map(String.init).filter { $0.count > 1 && seen.insert($0.lowercased()).inserted }
guard vocabulary.count > 100 else { print("too few words in \(arguments[2])"); exit(2) }
/// Uneven: the first words of the list come up far more often than the last.
@MainActor func word() -> String { vocabulary[Int(pow(Double.random(in: 0..<1, using: &random), 3) * Double(vocabulary.count))] }

try? FileManager.default.removeItem(atPath: work)
try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
let database = try AppDatabase(directory: work)
let stores = Stores.sqlite(database)
let accounts = AccountsService(stores: stores, hasher: PasswordHasher(parameters: .fastForTests), registrationsPerHour: 1_000_000)
var people: [Int64] = []
for index in 0..<peopleCount {
    var registration = Registration()
    registration.role = .client
    registration.username = "bench\(index)"
    registration.fullName = "Bench \(index)"
    registration.email = "bench\(index)@example.cz"
    registration.location = "Brno"
    registration.password = "dlouhe-heslo-\(index)"
    registration.passwordConfirmation = registration.password
    people.append(try accounts.register(registration).id!)
}
let searcher = people[0]

let built = ContinuousClock.now
let start = Date(timeIntervalSince1970: 1_750_000_000)
var searcherRooms = 0
try database.pool.write { db in
    // The rows as the stores write them, without the live log and outbox a send adds.
    var members: [[Int64]] = []
    for room in 1...roomCount {
        let others = (0..<Int.random(in: 1...4, using: &random)).map { _ in people[Int.random(in: 1..<people.count, using: &random)] }
        let inside = Array(Set(others + (room % 100 == 0 ? [searcher] : [])))
        if inside.contains(searcher) { searcherRooms += 1 }
        members.append(inside)
        try db.execute(sql: "INSERT INTO chatRoom (id, kind, name, createdBy, createdAt) VALUES (?, 'group', ?, ?, ?)",
                       arguments: [room, "Skupina \(room)", inside[0], start])
        for person in inside {
            try db.execute(sql: "INSERT INTO chatMember (roomId, userId, joinedAt) VALUES (?, ?, ?)", arguments: [room, person, start])
        }
    }
    let message = try db.makeStatement(sql: """
        INSERT INTO chatMessage (roomId, authorId, uuid, content, sentAt, linksInert) VALUES (?, ?, ?, ?, ?, 0)
        """)
    let index = try db.makeStatement(sql: "INSERT INTO chatMessageSearch (rowid, words) VALUES (?, ?)")
    for number in 0..<messageCount {
        let room = Int.random(in: 0..<roomCount, using: &random)
        let text = (0..<Int.random(in: 4...20, using: &random)).map { _ in word() }.joined(separator: " ")
        try message.execute(arguments: [room + 1, members[room].randomElement(using: &random)!, "bench-\(number)", text,
                                        start.addingTimeInterval(Double(number))])
        try index.execute(arguments: [db.lastInsertedRowID, SQLiteMessageSearch.text(of: text, in: Int64(room + 1))])
    }
}
try database.pool.write { db in try db.execute(sql: "ANALYZE") }
let size = (try? FileManager.default.attributesOfItem(atPath: work + "/fotofolio.sqlite")[.size] as? Int) ?? 0
print("built \(messageCount) messages in \(roomCount) rooms of \(peopleCount) people (the searcher in \(searcherRooms)) in",
      ContinuousClock.now - built, "; database \(size / 1_000_000) MB")

// Searches as people type them: one or two beginnings of 3 to 6 letters.
let messenger = MessengerService(stores: stores)
var searches: [String] = []
for _ in 0..<searchCount {
    let words = (0..<Int.random(in: 1...2, using: &random)).map { _ in String(word().prefix(Int.random(in: 3...6, using: &random))) }
    searches.append(words.joined(separator: " "))
}

// The hardest case for a search that walks the index newest first: a person whose rooms hold
// few of the hits. Someone in a single room of the world joins it now (after the world, so
// the world and the searches stay the same run by run).
var loner = Registration()
loner.role = .client
loner.username = "bench.loner"
loner.fullName = "Bench Loner"
loner.email = "bench.loner@example.cz"
loner.location = "Brno"
loner.password = "dlouhe-heslo-loner"
loner.passwordConfirmation = loner.password
let lonerId = try accounts.register(loner).id!
try database.pool.write { db in
    try db.execute(sql: "INSERT INTO chatMember (roomId, userId, joinedAt) VALUES (1, ?, ?)", arguments: [lonerId, start])
}

func milliseconds(_ duration: Duration) -> String { String(format: "%.2f ms", Double(duration / .nanoseconds(1)) / 1_000_000) }

/// The searches as `person`, timed one by one, after a hundred to warm the page cache as on a running site.
@MainActor func measure(_ who: String, _ person: Int64) throws {
    let rooms = try database.pool.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM chatMember WHERE userId = ?", arguments: [person]) ?? 0 }
    for query in searches.prefix(100) { _ = try messenger.search(query, for: person) }
    var times: [Duration] = []
    var found = 0
    for query in searches {
        let began = ContinuousClock.now
        found += try messenger.search(query, for: person).messages.count
        times.append(ContinuousClock.now - began)
    }
    times.sort()
    func percentile(_ part: Double) -> Duration { times[min(times.count - 1, Int(Double(times.count) * part))] }
    print("\(who) (in \(rooms) rooms): \(searchCount) searches, \(found / max(1, searchCount)) hits each on average:",
          "p50 \(milliseconds(percentile(0.5))), p90 \(milliseconds(percentile(0.9))), p99 \(milliseconds(percentile(0.99))),",
          "max \(milliseconds(times.last!))")
}
try measure("the searcher", searcher)
try measure("a person", people[1])
try measure("a person in one room", lonerId)
