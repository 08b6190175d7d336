import Archive
import Fotofolio
import Foundation
import HTTPServer
import Imaging

/// A gallery for its client at `/g/TOKEN`: hearts and comments on the watermarked
/// previews, sending the selection, and once delivered the full-size files, one by one or
/// all in one archive made while it downloads. A gallery of an account opens to that
/// account only; one made for a link, to whoever holds it. Anything else is a 404.
struct ClientGalleryPages {
    let renderer: PageRenderer
    let galleries: Galleries
    let photos: PhotoLibrary
    /// Taken before a WebP or HEIC original is decoded to be delivered.
    let decoding: DecodingBudget
    let archives: ArchiveSlots

    /// How long a single download waits for the decoding budget before its 503, and an
    /// archive's next photo before the archive is cut short.
    static let downloadWait = Duration.seconds(10)
    static let archiveEntryWait = Duration.seconds(60)

    func register(in router: inout Router) {
        router.get("/g/:token") { request in try show(request) }
        router.post("/g/:token/picks") { request in try savePicks(request) }
        router.post("/g/:token/photos/:photo/pick") { request in try pick(request) }
        // A WebP or HEIC original is decoded and encoded again: off the polling thread.
        router.add(.get, "/g/:token/photos/:photo/download", options: .slow) { request in try download(request) }
        router.get("/g/:token/download.zip") { request in try archive(request) }
    }

    private func show(_ request: Request, problem: String? = nil, status: HTTPStatus = .ok) throws -> Response {
        let (details, viewer) = try opened(request)
        // The photographer manages the gallery on its own page.
        if viewer == .photographer, problem == nil { return .redirect(to: GalleryViews.path(details.gallery)) }
        return try renderer.render(.gallery, for: request, title: details.gallery.title,
                                   content: page(request, details, problem: problem), status: status).atSecretAddress()
    }

    private func page(_ request: Request, _ details: GalleryDetails, problem: String?) -> GalleryPage {
        let table = renderer.strings(for: request)
        let views = GalleryViews(table: table)
        let gallery = details.gallery
        let base = GalleryViews.clientPath(gallery)
        let delivered = gallery.deliveredAt != nil
        // Said only while it is still true: a reload after delivery says nothing of changing.
        let notice: String? = delivered ? nil : request.query["sent"] != nil ? table.string("galleries.sentNotice")
            : request.query["saved"] != nil ? table.string("galleries.savedNotice") : nil
        return GalleryPage(
            title: gallery.title, message: gallery.message, photographer: details.photographer.fullName,
            photographerUsername: details.photographer.username, isPhotographer: false, state: views.state(gallery),
            stateKey: gallery.state.rawValue, summary: views.pickSummary(details), limit: gallery.pickLimit,
            count: details.picks.count, delivered: delivered, canPick: !delivered, csrf: request.csrfToken, notice: notice,
            problem: problem, tiles: views.tiles(details, viewer: .client), hasTiles: !details.photos.isEmpty,
            clientLink: nil, clientName: nil, uploadAction: nil, exportURL: nil, deliverAction: nil, downloads: nil,
            picksAction: delivered ? nil : "\(base)/picks", zipURL: delivered ? "\(base)/download.zip" : nil, galleryId: gallery.id)
    }

    /// The form without script: every heart and comment at once, and "send" when pressed.
    private func savePicks(_ request: Request) throws -> Response {
        let (details, viewer) = try opened(request)
        guard viewer == .client else { throw HTTPFailure(.forbidden, "The client chooses.") }
        let form = request.form
        var picks: [Int64: String] = [:]
        // Ids are read with bounds; more ids than the gallery has photos is refused as a whole.
        let ids = form.values("pick")
        guard ids.count <= details.photos.count else { return try refused(request, .unknownPhoto) }
        for text in ids {
            guard let id = Int64(text), id > 0 else { return try refused(request, .unknownPhoto) }
            picks[id] = form["comment-\(id)"] ?? ""
        }
        do {
            _ = try galleries.replacePicks(in: details.gallery, with: picks)
            if form["send"] != nil {
                try galleries.submit(details.gallery)
                return .redirect(to: GalleryViews.clientPath(details.gallery) + "?sent=1")
            }
            return .redirect(to: GalleryViews.clientPath(details.gallery) + "?saved=1")
        } catch let error as GalleryError {
            return try refused(request, error)
        }
    }

    /// One heart (with the script, or a tile's own button): JSON for a script, the page otherwise.
    private func pick(_ request: Request) throws -> Response {
        let (details, viewer) = try opened(request)
        guard viewer == .client else { throw HTTPFailure(.forbidden, "The client chooses.") }
        guard let photoId = request.storedId("photo") else { throw HTTPFailure(.notFound, "No such photo.") }
        let picked = request.form["picked"] != "false"
        let comment = request.form["comment"] ?? details.photos.first { $0.photo.id == photoId }?.pick?.comment ?? ""
        do {
            let count = try galleries.pick(photoId, in: details.gallery, picked: picked, comment: comment)
            return request.answer(json: {
                // The count comes from the pick's own transaction: nothing is read again.
                let summary = GalleryViews(table: renderer.strings(for: request))
                    .pickSummary(count: count, limit: details.gallery.pickLimit)
                return .json(PickAnswer(picked: picked, count: count, summary: summary))
            }, redirectingTo: GalleryViews.clientPath(details.gallery) + "#photo-\(photoId)")
        } catch let error as GalleryError {
            return try request.answer(json: {
                .json(["error": GalleryViews(table: renderer.strings(for: request)).message(error)], status: Self.status(of: error))
            }, page: { try refused(request, error) })
        }
    }

    struct PickAnswer: Encodable {
        let picked: Bool
        let count: Int
        let summary: String
    }

    // MARK: - Delivery

    /// One delivered photo, full size, without watermark, with its licence in its metadata.
    /// HEAD answers from the record: nothing is decoded and no download is counted.
    private func download(_ request: Request) throws -> Response {
        let (details, viewer) = try delivered(request)
        guard let photoId = request.storedId("photo"),
              let item = details.delivering.first(where: { $0.photo.id == photoId }) else { throw HTTPFailure(.notFound, "No such photo.") }
        let fileExtension = Self.fileExtension(item.photo.format)
        var response = Response(status: .ok, body: .pull(Self.headOnly))
        if request.method != .head {
            let file: (bytes: [UInt8], fileExtension: String)
            do {
                file = try Self.deliveredFile(item, of: details, library: photos, decoding: decoding, wait: Self.downloadWait)
            } catch let busy as DecodingBusy {
                throw HTTPFailure(.serviceUnavailable, "Too many large photos are being prepared; try again shortly.",
                                  headers: ["Retry-After": String(max(1, busy.retryAfter.components.seconds))])
            }
            if viewer == .client { try galleries.countDownload(of: details.gallery) }
            response.body = .bytes(file.bytes)
        }
        response.headers.set("Content-Type", fileExtension == "png" ? "image/png" : "image/jpeg")
        response.headers.set("Content-Disposition", Self.attachment(Self.deliveredName(item.fileName, fileExtension: fileExtension)))
        return response.atSecretAddress()
    }

    /// Every delivered photo in one ZIP, made as it is sent (off the polling thread, see
    /// `PulledBody`): one photo in memory at a time and the next being made. HEAD answers
    /// from the records: no slot is taken, nothing is made and no download is counted.
    private func archive(_ request: Request) throws -> Response {
        let (details, viewer) = try delivered(request)
        var response = Response(status: .ok, body: .pull(Self.headOnly))
        if request.method != .head {
            let client = request.signedIn.map { "person \($0.userId)" } ?? "gallery \(details.gallery.id)"
            let slot = try archives.take(client: client, address: request.clientAddress)
            let reader = ZipStreamReader(entries: archiveEntries(details))
            if viewer == .client { try galleries.countDownload(of: details.gallery) }
            response.body = .pull(PulledBody { buffer in
                // The slot is held for as long as libmicrohttpd holds the body.
                try withExtendedLifetime(slot) { try reader.read(into: buffer) }
            })
        }
        response.headers.set("Content-Type", "application/zip")
        response.headers.set("Content-Disposition", Self.attachment(Self.archiveName(details.gallery.title)))
        return response.atSecretAddress()
    }

    private func archiveEntries(_ details: GalleryDetails) -> [ZipEntry] {
        let delivering = details.delivering
        let (library, decoding) = (photos, decoding)
        let files = DeliveryAhead(count: delivering.count) { index in
            try Self.deliveredFile(delivering[index], of: details, library: library, decoding: decoding, wait: Self.archiveEntryWait).bytes
        }
        return delivering.enumerated().map { index, item in
            ZipEntry(name: Self.deliveredName(item.fileName, fileExtension: Self.fileExtension(item.photo.format)),
                     modified: item.photo.createdAt) { try files.take(index) }
        }
    }

    /// The body of a HEAD answer, never read: its length is not known without making the file.
    private static let headOnly = PulledBody { _ in 0 }

    /// The original with the photographer's licence written into it. A WebP or HEIC original
    /// is decoded at full size (and encoded as JPEG) within the decoding budget, waiting for
    /// it at most `wait`.
    static func deliveredFile(_ item: GalleryPhoto, of details: GalleryDetails, library: PhotoLibrary,
                              decoding: DecodingBudget, wait: Duration) throws -> (bytes: [UInt8], fileExtension: String) {
        guard let path = library.path(of: item.photo.originalFile) else { throw HTTPFailure(.notFound, "The file is gone.") }
        let (format, rights, cameraDetails) = (item.photo.format, rights(of: details), details.gallery.cameraDetails)
        switch format {
        case .jpeg, .png:
            return try DeliveredFile.bytes(ofOriginalAt: path, format: format, rights: rights, cameraDetails: cameraDetails)
        case .webp, .heic:
            let megapixels = DecodingBudget.megapixels(width: item.photo.width, height: item.photo.height)
            return try decoding.spending(megapixels, waitingAtMost: wait) {
                try DeliveredFile.bytes(ofOriginalAt: path, format: format, rights: rights, cameraDetails: cameraDetails)
            }
        }
    }

    /// The photographer's default licence, in the words every reader of metadata knows.
    static func rights(of details: GalleryDetails) -> XMPRights {
        let author = details.photographer.fullName
        let licence = details.photographer.licence
        let year = Calendar(identifier: .gregorian).component(.year, from: details.gallery.createdAt)
        let rights = licence.name.map { "\($0), \(author)" } ?? "© \(year) \(author). All rights reserved."
        return XMPRights(rights: rights, webStatement: licence.url, creator: author, marked: licence != .cc0)
    }

    static func fileExtension(_ format: PhotoFormat) -> String {
        switch format {
        case .png: "png"
        default: "jpg"
        }
    }

    /// The name as uploaded with the extension of what is delivered ("IMG_1.HEIC" → "IMG_1.jpg").
    static func deliveredName(_ uploaded: String, fileExtension: String) -> String {
        let stem = (uploaded as NSString).deletingPathExtension
        return "\(stem.isEmpty ? "photo" : stem).\(fileExtension)"
    }

    static func archiveName(_ title: String) -> String {
        let safe = title.unicodeScalars.map { CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == " " ? Character($0) : "-" }
        let name = String(safe).trimmingCharacters(in: .whitespaces)
        return (name.isEmpty ? "gallery" : String(name.prefix(60))) + ".zip"
    }

    /// `attachment` with an ASCII name for old clients and the UTF-8 one (RFC 6266, 5987).
    static func attachment(_ name: String) -> String {
        let ascii = String(name.unicodeScalars.map { $0.isASCII && $0 != "\"" && $0 != "\\" && $0.value >= 0x20 ? Character($0) : "_" })
        let encoded = name.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-._~"))) ?? ascii
        return "attachment; filename=\"\(ascii)\"; filename*=UTF-8''\(encoded)"
    }

    // MARK: -

    private func delivered(_ request: Request) throws -> (GalleryDetails, GalleryViewer) {
        let opened = try opened(request)
        guard opened.0.gallery.deliveredAt != nil else { throw HTTPFailure(.notFound, "Nothing is delivered yet.") }
        return opened
    }

    /// The gallery and who looks at it. A gallery of an account sends a guest to sign in
    /// first; anyone else gets the same 404 as for a token that never was.
    private func opened(_ request: Request) throws -> (GalleryDetails, GalleryViewer) {
        guard let token = request.parameters["token"] else { throw HTTPFailure(.notFound, "There is no such page.") }
        if let opened = try galleries.opened(token: token, by: request.signedIn?.userId) { return opened }
        if request.signedIn == nil, try galleries.needsAccount(token: token) { throw SignInRequired(request) }
        throw HTTPFailure(.notFound, "There is no such page.")
    }

    private func refused(_ request: Request, _ error: GalleryError) throws -> Response {
        try show(request, problem: GalleryViews(table: renderer.strings(for: request)).message(error), status: Self.status(of: error))
    }

    static func status(of error: GalleryError) -> HTTPStatus {
        switch error {
        case .notFound, .unknownPhoto, .notDelivered: .notFound
        case .notCreator, .blocked: .forbidden
        case .delivered, .limitReached: .conflict
        case .nothingPicked, .comment: .unprocessableContent
        }
    }
}
