/// The media type of a file, chosen by its extension, and whether it is worth compressing.
struct MediaType: Sendable, Equatable {
    /// The `Content-Type` value, with `charset=utf-8` for text types.
    let value: String
    /// Text formats shrink well under gzip; images, fonts, audio and video are compressed already.
    let isCompressible: Bool

    /// What clients get for an extension not in the table: a download, never a guess that a
    /// browser might render as HTML.
    static let fallback = MediaType(value: "application/octet-stream", isCompressible: false)

    /// The media type for a file name, by its (case-insensitive) extension.
    static func forFile(named name: String) -> MediaType {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return fallback }
        let ext = name[name.index(after: dot)...].lowercased()
        return table[ext] ?? fallback
    }

    private static func text(_ type: String) -> MediaType {
        MediaType(value: type + "; charset=utf-8", isCompressible: true)
    }

    private static func compressible(_ type: String) -> MediaType {
        MediaType(value: type, isCompressible: true)
    }

    private static func binary(_ type: String) -> MediaType {
        MediaType(value: type, isCompressible: false)
    }

    // JSON defines no charset parameter (RFC 8259) and XML documents declare their own
    // encoding, which a charset parameter would override, so only text/* types carry one.
    private static let table: [String: MediaType] = [
        "css": text("text/css"),
        "js": text("text/javascript"),
        "mjs": text("text/javascript"),
        "html": text("text/html"),
        "htm": text("text/html"),
        "txt": text("text/plain"),
        "svg": compressible("image/svg+xml"),
        "xml": compressible("application/xml"),
        "json": compressible("application/json"),
        "map": compressible("application/json"),
        "webmanifest": compressible("application/manifest+json"),
        "ico": binary("image/x-icon"),
        "png": binary("image/png"),
        "jpg": binary("image/jpeg"),
        "jpeg": binary("image/jpeg"),
        "webp": binary("image/webp"),
        "avif": binary("image/avif"),
        "gif": binary("image/gif"),
        "woff2": binary("font/woff2"),
        "woff": binary("font/woff"),
        "mp4": binary("video/mp4"),
        "webm": binary("video/webm"),
        "mp3": binary("audio/mpeg"),
        "pdf": binary("application/pdf"),
        "wasm": binary("application/wasm"),
    ]
}
