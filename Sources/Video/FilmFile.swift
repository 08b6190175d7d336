/// One file made from a film, in the media directory. A plain value: any thread.
public struct FilmFile: Sendable, Equatable, Hashable, Codable {
    /// The first 16 hex digits of the SHA-256 of the bytes, then the extension
    /// ("3f2a9c04b1d7e6a8.mp4"). Same bytes, same name.
    public let fileName: String
    public let byteCount: Int
    /// The full SHA-256 of the bytes, in lower-case hex (usable as an HTTP ETag).
    public let sha256: String
}
