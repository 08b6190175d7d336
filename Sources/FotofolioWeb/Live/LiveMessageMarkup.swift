import Foundation
import Fotofolio
import HTTPServer
import Logging
import Synchronization

/// The frames live streams carry. Each stream's copy of a `message` event adds, beside the
/// envelope (which stays exactly what MQTT carries), `html`: the message as its reader's
/// room page shows it, rendered from `partials/chat-message` like the page itself. A `seen`
/// event carries its "Seen 14:05" the same way (`partials/chat-seen`).
///
/// The message is read once per event and its frame made once per way of seeing it (one's
/// own or not, time zone, language, and the reader too once it has reactions), not once per stream: a room's members share frames, and
/// so do all the streams an event of another kind goes to. Called on the live hub's queue.
final class LiveMessageMarkup: Sendable {
    /// Who a stream is for, and how they read times: all a stream keeps of its request.
    struct Reader: Sendable {
        let userId: Int64
        let language: Language
        let zone: TimeZone

        init(userId: Int64, request: Request) {
            self.userId = userId
            language = Language.preferred(by: request)
            zone = MessageDates.zone(of: request)
        }
    }

    private struct View: Hashable {
        let sequence: Int64
        let own: Bool
        /// The reader, for a message with reactions (their own are marked pressed); nil otherwise.
        let reactor: Int64?
        let language: Language
        let zone: String
    }

    private enum FrameKey: Hashable {
        case message(View)
        case seen(sequence: Int64, language: Language, zone: String)
        /// Any other event, or a message sent without markup: the same for every reader.
        case plain(sequence: Int64)
    }

    /// Each kept with the payload it was made from: a removal rewrites the payloads of a
    /// message's earlier events, and a replay of them must not get what was kept before.
    private struct Recent {
        /// nil: read, and not a message this process can show (it is sent without markup).
        var messages: [Int64: (payload: String, message: ChatMessage?)] = [:]
        var frames: [FrameKey: (payload: String, frame: [UInt8])] = [:]
    }

    /// Events remembered; delivery runs in order, so only the newest few are asked for again.
    private static let capacity = 256

    private let renderer: PageRenderer
    private let messenger: MessengerService
    private let cards: ShootCards
    private let logger: Logger
    private let recent = Mutex(Recent())

    init(renderer: PageRenderer, messenger: MessengerService, cards: ShootCards, logger: Logger) {
        self.renderer = renderer
        self.messenger = messenger
        self.cards = cards
        self.logger = logger
    }

    /// The event as the reader's stream carries it; `message`, when given, is the message a
    /// `message` event announces as its transaction stored it (else it is read).
    func frame(of event: LiveEvent, for reader: Reader, message known: ChatMessage? = nil) -> [UInt8] {
        if event.kind == .seen {
            return frame(.seen(sequence: event.sequence, language: reader.language, zone: reader.zone.identifier), of: event) {
                EventStreamSink.frame(of: event, data: seenData(of: event, for: reader))
            }
        }
        guard event.kind == .message, let message = message(of: event, for: reader, known: known) else {
            return frame(.plain(sequence: event.sequence), of: event) { EventStreamSink.frame(of: event, data: event.payload) }
        }
        let view = View(sequence: event.sequence, own: message.authorId == reader.userId,
                        reactor: message.reactions.isEmpty ? nil : reader.userId,
                        language: reader.language, zone: reader.zone.identifier)
        return frame(.message(view), of: event) { EventStreamSink.frame(of: event, data: data(of: event, message, for: reader)) }
    }

    private func frame(_ key: FrameKey, of event: LiveEvent, making make: () -> [UInt8]) -> [UInt8] {
        if let kept = recent.withLock({ $0.frames[key] }), kept.payload == event.payload { return kept.frame }
        let frame = make()
        remember { $0.frames[key] = (event.payload, frame) }
        return frame
    }

    /// The envelope with `"html"` added.
    private func data(of event: LiveEvent, _ message: ChatMessage, for reader: Reader) -> String {
        do {
            let table = renderer.templates.table(for: reader.language)
            let dates = MessageDates(zone: reader.zone, language: reader.language, table: table)
            let card = try cards.views(for: [message], reader: reader.userId, table: table)[message.id]
            let html = try renderer.chatMessage(ChatMessageView(message, reader: reader.userId, dates: dates, card: card),
                                                language: reader.language)
            return try Self.adding(html: html, to: event.payload)
        } catch {
            logger.error("Live message \(message.id) could not be rendered: \(error)")
            return event.payload
        }
    }

    /// The `seen` envelope with its "Seen 14:05" in the reader's language and zone added as `html`.
    private func seenData(of event: LiveEvent, for reader: Reader) -> String {
        do {
            let seen = try JSONDecoder().decode(SeenEnvelope.self, from: Data(event.payload.utf8)).data
            guard let at = MessageViews.date(seen.at) else { return event.payload }
            let dates = MessageDates(zone: reader.zone, language: reader.language, table: renderer.templates.table(for: reader.language))
            let html = try renderer.chatSeen(ChatSeenView(ReadMark(messageId: seen.messageId, at: at), dates: dates),
                                             language: reader.language)
            return try Self.adding(html: html, to: event.payload)
        } catch {
            logger.error("Live event \(event.sequence) has no “seen” to show: \(error)")
            return event.payload
        }
    }

    private func message(of event: LiveEvent, for reader: Reader, known given: ChatMessage?) -> ChatMessage? {
        if let known = recent.withLock({ $0.messages[event.sequence] }), known.payload == event.payload { return known.message }
        // Handed over with the event: its recipients are the room's members, who may read it.
        if let given {
            remember { $0.messages[event.sequence] = (event.payload, given) }
            return given
        }
        var message: ChatMessage?
        do {
            let envelope = try JSONDecoder().decode(Envelope.self, from: Data(event.payload.utf8))
            message = try messenger.message(envelope.data.id, for: reader.userId)
        } catch {
            logger.error("Live event \(event.sequence) names no message that can be read: \(error)")
        }
        remember { $0.messages[event.sequence] = (event.payload, message) }
        return message
    }

    private func remember(_ change: (inout Recent) -> Void) {
        recent.withLock { recent in
            if recent.messages.count >= Self.capacity || recent.frames.count >= Self.capacity { recent = Recent() }
            change(&recent)
        }
    }

    private struct Envelope: Decodable {
        struct Message: Decodable { let id: Int64 }
        let data: Message
    }

    private struct SeenEnvelope: Decodable {
        struct Seen: Decodable {
            let messageId: Int64
            let at: String
        }
        let data: Seen
    }

    private struct NotAnObject: Error {}

    /// `{"type":"message","data":{…}}` becomes `{"type":"message","data":{…},"html":"…"}`:
    /// the envelope's own text is kept as written, its key order included.
    static func adding(html: String, to payload: String) throws -> String {
        guard payload.utf8.last == UInt8(ascii: "}") else { throw NotAnObject() }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        let value = String(decoding: try encoder.encode(html), as: UTF8.self)
        return String(payload.utf8.dropLast())! + ",\"html\":" + value + "}"
    }
}
