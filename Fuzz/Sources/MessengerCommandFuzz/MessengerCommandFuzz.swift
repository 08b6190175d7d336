// What the messenger takes from MQTT: the room in a command's topic (`LiveTopics.room(in:)`),
// the JSON of a `new-message` command (`{"type":"new-message","data":{"uuid","content",
// "author":{"username"}}}`), the checks `MessengerService.send` makes on it (`MessageText`),
// the mentions and links read in it (`MessageText`), and the `message` envelope written for
// it (`MessageEnvelope`, `JSONText`).
// The input's first line is the topic, the rest the payload.
//
// Oracles: a room read from a topic reads back from the topics written for it; a text's
// segments cover it in order on scalar boundaries and read back as it; accepted
// content holds no control character but line feeds and tabs and no carriage return; an
// accepted UUID is 36 lower-case characters; every envelope (for the accepted message, and
// for the raw strings of the payload, which are not checked) is JSON that
// `JSONSerialization` reads back to exactly the same strings, scalar for scalar, with the
// timestamp as ISO 8601 to the millisecond.
import Foundation
#if !FUZZ_CORPUS_REPLAY
import FuzzSupport
#endif
@testable import Fotofolio

/// The command as `MessengerBridge` decodes it; its own type is private to the bridge, so
/// this one repeats the documented shape of the `new-message` topic.
private struct NewMessageCommand: Decodable {
    struct Data: Decodable {
        struct Author: Decodable { let username: String }
        let uuid: String
        let content: String
        let author: Author
    }
    let type: String
    let data: Data
}

private let topicReaders = [LiveTopics(), LiveTopics(prefix: "site/a"), LiveTopics(prefix: "")]

#if !FUZZ_CORPUS_REPLAY
@main
enum MessengerCommandFuzzMain {
    static func main() { runFuzzer(fuzzMessengerCommandEntry) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMessengerCommandEntry(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt { fuzzMessengerCommand(data, size) }
#endif

/// The target: also replayed on its corpus by `swift test` (FuzzCorpusTests).
public func fuzzMessengerCommand(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    let (topicBytes, payload) = splitFirstLine(bytes)
    let topic = fuzzText(topicBytes)
    var roomId: Int64 = 1
    for topics in topicReaders {
        guard let room = topics.room(in: topic) else { continue }
        require(topics.room(in: topics.topic("chat-room/\(room)/new-message")) == room, "room \(room) from \(visible(topic)) does not read back")
        require(topics.room(in: topics.topic(Outbox.messageTopic(of: room))) == room, "room \(room) from \(visible(topic)) does not read back")
        require(topics.room(in: topics.topic(Outbox.eventTopic(of: room))) == room, "room \(room) from \(visible(topic)) does not read back")
        roomId = room
    }

    guard let command = try? JSONDecoder().decode(NewMessageCommand.self, from: Data(payload)) else { return 0 }
    var random = SplitMix64(hashing: bytes)
    // Any time from 1970 to the end of year 9999, to the millisecond, as the database stores.
    let milliseconds = Int64(random.next() % 253_402_300_800_000)
    let sentAt = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    let username = command.data.author.username
    let author = MessageAuthor(username: username, name: command.data.content)

    // The raw strings, unchecked: the envelope must carry any text exactly.
    checkEnvelope(ChatMessage(id: roomId, roomId: roomId, uuid: command.data.uuid, content: command.data.content,
                              sentAt: sentAt, author: author, authorId: 1, mentions: []),
                  milliseconds: milliseconds)
    let room = ChatRoom(id: roomId, kind: .group, name: command.data.content, createdBy: 1, createdAt: sentAt)
    let members = [username, command.data.uuid, command.type]
    requireSameJSON(MessageEnvelope.room(room, memberUsernames: members, removed: random.next() & 1 == 0),
                    expected: ["roomId": roomId, "name": command.data.content, "members": members])
    _ = try? MessageText.validatedRoomName(command.data.content)

    guard let content = try? MessageText.validated(command.data.content) else { return 0 }
    require(!content.unicodeScalars.contains { $0.properties.generalCategory == .control && $0 != "\n" && $0 != "\t" },
            "accepted content \(visible(content)) holds a control character")
    require(!content.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "accepted content is blank")
    let text = MessageText(content, mentioning: [username.lowercased()])
    let mentioned = text.mentions
    require(Set(mentioned).count == mentioned.count, "a username is mentioned twice in \(visible(mentioned))")
    checkSegments(text)
    guard let uuid = try? MessageText.validatedUUID(command.data.uuid) else { return 0 }
    require(uuid.utf8.count == 36 && uuid == uuid.lowercased(), "accepted UUID \(visible(uuid))")
    checkEnvelope(ChatMessage(id: roomId, roomId: roomId, uuid: uuid, content: content, sentAt: sentAt,
                              author: author, authorId: 1, mentions: mentioned),
                  milliseconds: milliseconds)
    return 0
}

/// The segments cover the text in order, each on scalar boundaries, and read back as it.
private func checkSegments(_ text: MessageText) {
    let scalars = text.content.unicodeScalars
    var expected = scalars.startIndex
    for segment in text.segments {
        require(segment.range.lowerBound == expected && !segment.range.isEmpty, "segments of \(visible(text.content)) leave a gap")
        require(segment.range.upperBound.samePosition(in: scalars) != nil, "a segment of \(visible(text.content)) ends inside a scalar")
        expected = segment.range.upperBound
    }
    require(expected == scalars.endIndex, "segments of \(visible(text.content)) stop short")
    require(text.segments.map { String(text.text(of: $0)) }.joined() == text.content, "segments of \(visible(text.content)) read back differently")
}

private func checkEnvelope(_ message: ChatMessage, milliseconds: Int64) {
    let envelope = MessageEnvelope.envelope(of: message)
    let expected: [String: Any] = [
        "uuid": message.uuid, "content": message.content, "id": message.id, "roomId": message.roomId,
        "author": ["username": message.author.username, "name": message.author.name, "initials": message.author.initials],
    ]
    let data = requireSameJSON(envelope, expected: expected)
    guard let sentAt = data["sentAt"] as? String else {
        require(false, "no sentAt in \(visible(envelope))")
        return
    }
    let reader = ISO8601DateFormatter()
    reader.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    let read = reader.date(from: sentAt)
    require(sentAt.utf8.count == 24 && read.map { Int64(($0.timeIntervalSince1970 * 1000).rounded()) } == milliseconds,
            "sentAt \(sentAt) for \(milliseconds) ms")
}

/// Parses `json` as an object `{"type":…, "data":{…}}` and checks every expected member of
/// `data` is there with exactly the same value; returns `data`.
@discardableResult
private func requireSameJSON(_ json: String, expected: [String: Any]) -> [String: Any] {
    let object = try? JSONSerialization.jsonObject(with: Data(json.utf8))
    guard let object = object as? [String: Any], let data = object["data"] as? [String: Any] else {
        require(false, "the envelope is not JSON: \(visible(json))")
        return [:]
    }
    for (key, value) in expected {
        require(same(data[key], value), "\(key) is \(visible(data[key] as Any)), expected \(visible(value))\nin \(visible(json))")
    }
    return data
}

/// Strings compared scalar for scalar (`==` on `String` would equate canonically equivalent
/// texts, hiding a normalization).
private func same(_ found: Any?, _ expected: Any) -> Bool {
    switch expected {
    case let text as String:
        guard let found = found as? String else { return false }
        return found.unicodeScalars.elementsEqual(text.unicodeScalars)
    case let number as Int64:
        return (found as? NSNumber)?.int64Value == number
    case let list as [String]:
        guard let found = found as? [Any], found.count == list.count else { return false }
        return zip(found, list).allSatisfy { same($0, $1) }
    case let object as [String: Any]:
        guard let found = found as? [String: Any] else { return false }
        return object.allSatisfy { same(found[$0.key], $0.value) }
    default:
        return false
    }
}
