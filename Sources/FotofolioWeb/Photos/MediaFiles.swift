import Fotofolio
import Foundation
import HTTPServer
import Imaging

/// Serves photo variants (`/media/<hash>.<ext>`) and, to their owner only, originals
/// (`/photos/:id/original`). Variant names are made from their bytes, so a URL always
/// means the same file and browsers may keep it forever. A file opens by
/// `VisibilityRules.fileSight`: for whoever may see a photo that uses it.
struct MediaFiles {
    let photos: PhotoLibrary
    let visibility: Visibility

    static func url(_ fileName: String) -> String { "/media/\(fileName)" }

    func register(in router: inout Router) {
        router.get("/media/:file") { request in try variant(request) }
        router.get("/photos/:id/original") { request in try original(request) }
    }

    private func variant(_ request: Request) throws -> Response {
        guard let name = request.parameters["file"], let type = Self.mediaType(ofVariant: name), let path = photos.path(of: name)
        else {
            throw HTTPFailure(.notFound, "There is no such photo.")
        }
        var headers = cacheHeaders("\"\(name)\"")
        switch try visibility.sight(of: name, for: request.viewer) {
        case .everyone: break
        // Its owner's, an operator's or a gallery client's only: kept by no shared cache.
        case .viewer: headers.set("Cache-Control", "private, no-store")
        case .none: throw HTTPFailure(.notFound, "There is no such photo.")
        }
        headers.set("Content-Type", type)
        guard let response = Response.contentAddressedFile(at: path, request: request, etag: "\"\(name)\"", headers: headers) else {
            throw HTTPFailure(.notFound, "There is no such photo.")
        }
        return response
    }

    private func cacheHeaders(_ etag: String) -> HTTPHeaders {
        var headers = HTTPHeaders()
        headers.set("Cache-Control", "public, max-age=31536000, immutable")
        headers.set("ETag", etag)
        return headers
    }

    /// The original still carries its metadata (GPS, serial numbers): its owner only.
    private func original(_ request: Request) throws -> Response {
        guard let id = request.storedId("id"), let photo = try photos.photo(id: id),
              photo.ownerId == request.signedIn?.userId, let path = photos.path(of: photo.originalFile),
              let region = FileRegion(path: path) else {
            throw HTTPFailure(.notFound, "There is no such photo.")
        }
        var response = Response(status: .ok, body: .file(region))
        response.headers.set("Content-Type", Self.mediaType(photo.format))
        response.headers.set("Cache-Control", "private, max-age=3600")
        return response
    }

    /// The media type of a file made for everyone: a photo's variant, a film's rendition,
    /// storyboard or its map. 16 hex digits and a known extension: nothing else is ever
    /// looked up on disk.
    static func mediaType(ofVariant name: String) -> String? {
        let parts = name.split(separator: ".")
        guard parts.count == 2, parts[0].count == 16, parts[0].allSatisfy({ $0.isHexDigit && !$0.isUppercase }) else { return nil }
        return switch parts[1] {
        case "webp": "image/webp"
        case "jpg": "image/jpeg"
        case "mp4": "video/mp4"
        case "webm": "video/webm"
        case "vtt": "text/vtt; charset=utf-8"
        default: nil
        }
    }

    private static func mediaType(_ format: PhotoFormat) -> String {
        switch format {
        case .jpeg: "image/jpeg"
        case .png: "image/png"
        case .webp: "image/webp"
        case .heic: "image/heic"
        }
    }
}
