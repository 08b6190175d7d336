/// The payload of a `gallery` live event: which gallery moved and how many photos are
/// picked now. The page asks for its own fresh picks; nothing of the client's text
/// travels in the event.
public struct GalleryEvent: Sendable, Equatable, Codable {
    public let gallery: Int64
    public let picks: Int

    public init(gallery: Int64, picks: Int) {
        self.gallery = gallery
        self.picks = picks
    }

    public var json: String { "{\"gallery\":\(gallery),\"picks\":\(picks)}" }
}
