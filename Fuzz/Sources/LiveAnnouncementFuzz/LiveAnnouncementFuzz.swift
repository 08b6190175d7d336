// What a server process reads from the other processes over MQTT after each of their commits:
// `LiveAnnouncement.decoded(_:)`, the JSON `{"node","events":[{"sequence","kind","room","user",
// "recipients","payload","message"}]}`, and `LiveAnnouncement.encoded(_:)`, which writes it.
// The input is the announcement's payload as the broker delivers it. The events made here
// carry no `message` (a `ChatMessage`); one in the input is read and written back like the rest.
//
// Oracles: reading never traps; every event read has a positive sequence, a room of 0 or
// more, a payload within `LiveEventLog.maximumPayloadBytes` UTF-8 bytes, at most
// `LiveAnnouncement.mostRecipients` recipients, and exactly `[userId]` as recipients when
// it names a person; the events read, written again, read back as the same events; the
// same input padded past `LiveAnnouncement.maximumBytes` is refused. Then events made from
// the input's hash, with payloads cut from the input's text (any scalar but a surrogate:
// quotes, backslashes, controls, U+2028, invalid UTF-8 as U+FFFD), written and read back,
// are the same events scalar for scalar; the same events with one rule broken are refused.
#if !FUZZ_CORPUS_REPLAY
import FuzzSupport
#endif
import Fotofolio

#if !FUZZ_CORPUS_REPLAY
@main
enum LiveAnnouncementFuzzMain {
    static func main() { runFuzzer(fuzzLiveAnnouncementEntry) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLiveAnnouncementEntry(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt { fuzzLiveAnnouncement(data, size) }
#endif

/// The target: also replayed on its corpus by `swift test` (FuzzCorpusTests).
public func fuzzLiveAnnouncement(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    let events = LiveAnnouncement.decoded(bytes)
    require(bytes.count <= LiveAnnouncement.maximumBytes || events == nil, "\(bytes.count) bytes are read")
    if let events {
        checkRead(events, from: bytes)
        require(!decodesPadded(bytes), "\(visible(fuzzText(bytes))) padded past \(LiveAnnouncement.maximumBytes) bytes is read")
    }
    var random = SplitMix64(hashing: bytes)
    let made = madeEvents(from: Array(fuzzText(bytes).unicodeScalars), using: &random)
    checkRoundTrip(made)
    if let broken = breakingOneRule(made, using: &random) {
        require(LiveAnnouncement.decoded(LiveAnnouncement.encoded(broken)) == nil,
                "events breaking a rule are read: \(visible(broken))")
    }
    return 0
}

private func checkRead(_ events: [AppendedLiveEvent], from bytes: [UInt8]) {
    for appended in events {
        let event = appended.event
        require(event.sequence > 0, "sequence \(event.sequence) read from \(visible(fuzzText(bytes)))")
        require(event.roomId >= 0, "room \(event.roomId) read from \(visible(fuzzText(bytes)))")
        require(event.payload.utf8.count <= LiveEventLog.maximumPayloadBytes,
                "a payload of \(event.payload.utf8.count) bytes read from \(bytes.count) bytes")
        require(appended.recipients.count <= LiveAnnouncement.mostRecipients,
                "\(appended.recipients.count) recipients read from \(bytes.count) bytes")
        if let user = event.userId {
            require(appended.recipients == [user], "user \(user) with recipients \(appended.recipients) read from \(visible(fuzzText(bytes)))")
        }
    }
    // The inputs (4 KiB at most) are far below where escaping could take the announcement
    // written again past `maximumBytes`, which would leave only `{"events":[]}`.
    checkRoundTrip(events)
}

/// Written and read back: the same events, payloads scalar for scalar (`==` on `String`
/// would equate canonically equivalent texts, hiding a normalization).
private func checkRoundTrip(_ events: [AppendedLiveEvent]) {
    let written = LiveAnnouncement.encoded(events)
    let read = LiveAnnouncement.decoded(written)
    require(read.map { same($0, events) } == true,
            "\(visible(events))\nwritten as \(visible(fuzzText(written)))\nreads back as \(visible(read as Any))")
}

private func same(_ found: [AppendedLiveEvent], _ expected: [AppendedLiveEvent]) -> Bool {
    found.count == expected.count && zip(found, expected).allSatisfy { found, expected in
        found.recipients == expected.recipients && found.event.sequence == expected.event.sequence
            && found.event.kind == expected.event.kind && found.event.roomId == expected.event.roomId
            && found.event.userId == expected.event.userId
            && found.event.payload.unicodeScalars.elementsEqual(expected.event.payload.unicodeScalars)
    }
}

/// The input padded with spaces past the limit, in one buffer kept for the process rather
/// than 4 MiB allocated and filled for every input. Trailing spaces leave a well-formed
/// announcement well-formed: only the length may refuse it.
nonisolated(unsafe) private var padded = [UInt8](repeating: UInt8(ascii: " "), count: LiveAnnouncement.maximumBytes + 1)

/// `bytes` is at most `maximumBytes` long.
private func decodesPadded(_ bytes: [UInt8]) -> Bool {
    for (index, byte) in bytes.enumerated() { padded[index] = byte }
    let decodes = LiveAnnouncement.decoded(padded) != nil
    for index in bytes.indices { padded[index] = UInt8(ascii: " ") }
    return decodes
}

/// Numbers at the edges of what JSON readers get wrong (a `Double` holds integers exactly
/// only to 2^53), then any positive `Int64`.
private let edges: [Int64] = [1, 2, 9_007_199_254_740_991, 9_007_199_254_740_993, 4_294_967_297, .max - 1, .max]

private func positive(using random: inout SplitMix64) -> Int64 {
    random.next() & 1 == 0 ? edges[Int(random.next() % UInt64(edges.count))] : Int64(random.next() >> 1) | 1
}

private func anyInt64(using random: inout SplitMix64) -> Int64 {
    switch random.next() % 4 {
    case 0: .min
    case 1: -positive(using: &random)
    default: Int64(bitPattern: random.next())
    }
}

/// Up to five valid events: sequences positive, rooms 0 or more, payloads cut from `text`,
/// recipients `[user]` for a person's event and any numbers for a room's.
private func madeEvents(from text: [Unicode.Scalar], using random: inout SplitMix64) -> [AppendedLiveEvent] {
    (0..<Int(random.next() % 6)).map { _ in
        let start = text.isEmpty ? 0 : Int(random.next() % UInt64(text.count + 1))
        let end = start + Int(random.next() % UInt64(text.count - start + 1))
        var payload = ""
        payload.unicodeScalars.append(contentsOf: text[start..<end])
        let room = random.next() % 4 == 0 ? 0 : positive(using: &random)
        let user: Int64? = random.next() & 1 == 0 ? nil : anyInt64(using: &random)
        let recipients = user.map { [$0] } ?? (0..<Int(random.next() % 5)).map { _ in anyInt64(using: &random) }
        let kind = LiveEvent.Kind.allCases[Int(random.next() % UInt64(LiveEvent.Kind.allCases.count))]
        return AppendedLiveEvent(
            event: LiveEvent(sequence: positive(using: &random), kind: kind, roomId: room, userId: user, payload: payload),
            recipients: recipients)
    }
}

/// The events with one of them breaking a rule the reader checks (the cheap ones: not a
/// payload past 256 KiB or 100,000 recipients), or nil when there are none.
private func breakingOneRule(_ events: [AppendedLiveEvent], using random: inout SplitMix64) -> [AppendedLiveEvent]? {
    guard !events.isEmpty else { return nil }
    var broken = events
    let index = Int(random.next() % UInt64(events.count))
    switch random.next() % 3 {
    case 0: broken[index].event.sequence = random.next() & 1 == 0 ? 0 : -positive(using: &random)
    case 1: broken[index].event.roomId = random.next() & 1 == 0 ? .min : -positive(using: &random)
    default:
        // A person's event whose recipients are not that person alone.
        let user = broken[index].event.userId ?? anyInt64(using: &random)
        broken[index].event.userId = user
        broken[index].recipients = [[], [user, user], [user &+ 1], [user &- 1, user]][Int(random.next() % 4)]
    }
    return broken
}
