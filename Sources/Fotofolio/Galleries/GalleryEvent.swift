/// What a `gallery` live event says: which gallery moved and how many photos are picked
/// now, in the envelope every live event has (`{"type":"gallery","data":{"gallery","picks"}}`).
/// The page asks for its own fresh tiles; nothing of the client's text travels in the event.
public struct GalleryEvent: Sendable, Equatable, Codable {
    public let gallery: Int64
    public let picks: Int

    public init(gallery: Int64, picks: Int) {
        self.gallery = gallery
        self.picks = picks
    }

    public var json: String { "{\"type\":\"gallery\",\"data\":{\"gallery\":\(gallery),\"picks\":\(picks)}}" }

    /// The envelope as stored and sent.
    public struct Envelope: Sendable, Equatable, Codable {
        public let type: String
        public let data: GalleryEvent
    }
}
