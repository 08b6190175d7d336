import Fotofolio
import Foundation
import HTTPServer
import Imaging

/// Serves photo variants (`/media/<hash>.<ext>`) and, to their owner only, originals
/// (`/photos/:id/original`). Variant names are made from their bytes, so a URL always
/// means the same file and browsers may keep it forever.
struct MediaFiles {
    let photos: PhotoLibrary

    static func url(_ fileName: String) -> String { "/media/\(fileName)" }

    func register(in router: inout Router) {
        router.get("/media/:file") { request in try variant(request) }
        router.get("/photos/:id/original") { request in try original(request) }
    }

    private func variant(_ request: Request) throws -> Response {
        guard let name = request.parameters["file"], Self.isVariantName(name), let path = photos.path(of: name),
              let region = FileRegion(path: path) else {
            throw HTTPFailure(.notFound, "There is no such photo.")
        }
        let etag = "\"\(name)\""
        if request.headers["if-none-match"] == etag { return Response(status: .notModified, headers: cacheHeaders(etag)) }
        var response = Response(status: .ok, headers: cacheHeaders(etag), body: .file(region))
        response.headers.set("Content-Type", name.hasSuffix(".webp") ? "image/webp" : "image/jpeg")
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
        guard let id = request.parameters["id"].flatMap(Int64.init), let photo = try photos.photo(id: id),
              photo.ownerId == request.signedIn?.userId, let path = photos.path(of: photo.originalFile),
              let region = FileRegion(path: path) else {
            throw HTTPFailure(.notFound, "There is no such photo.")
        }
        var response = Response(status: .ok, body: .file(region))
        response.headers.set("Content-Type", Self.mediaType(photo.format))
        response.headers.set("Cache-Control", "private, max-age=3600")
        return response
    }

    /// 16 hex digits and a known extension: nothing else is ever looked up on disk.
    static func isVariantName(_ name: String) -> Bool {
        let parts = name.split(separator: ".")
        guard parts.count == 2, ["webp", "jpg"].contains(parts[1]), parts[0].count == 16 else { return false }
        return parts[0].allSatisfy { $0.isHexDigit && !$0.isUppercase }
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
