import Foundation
import Fotofolio
import HTTPServer
import Logging

/// A message's photos and PDFs: taken from the composer's form (`POST /messages/:room`,
/// `files`), and served to the room's members only (`GET /messages/:room/files/:id` for a
/// photo's large variant or a PDF, `…/small` for a photo's square). Who may send them, and
/// how much, is decided from the request's head before a byte of the body is stored;
/// which files they are, from their bytes before any is kept.
struct MessageAttachments {
    let photos: PhotoLibrary
    let messenger: MessengerService
    let renderer: PageRenderer
    let logger: Logger
    /// The send route's: admitted (signed in, from our pages, a writer of the room, a body
    /// within `AttachmentRules.largestBody`) before the body is read, run off the polling threads.
    let sendOptions: RouteOptions

    /// How long a member's browser keeps a file: it stops being served once its message is
    /// removed or deleted, so not for long, and never in a shared cache.
    static let cacheControl = "private, max-age=3600"

    init(photos: PhotoLibrary, messenger: MessengerService, renderer: PageRenderer, logger: Logger, admission: UploadAdmission,
         formBytes: Int = BodyLimits().formBytes) {
        self.photos = photos
        self.messenger = messenger
        self.renderer = renderer
        self.logger = logger
        sendOptions = RouteOptions(
            acceptsUploads: true,
            admission: admission.gate(largestBody: AttachmentRules.largestBody, formBytes: formBytes) {
                [messenger, renderer] head, userId, isUpload in
                Self.writingRefusal(head, userId: userId, isUpload: isUpload, messenger: messenger, renderer: renderer)
            },
            isSlow: true)
    }

    func register(in router: inout Router) {
        router.get("/messages/:room/files/:id") { request in try serve(request, thumbnail: false) }
        router.get("/messages/:room/files/:id/small") { request in try serve(request, thumbnail: true) }
    }

    /// Why `userId` may not write in the room the head names, as the send route would answer;
    /// nil when they may. A block refuses an upload here; a text alone is read, so the room
    /// comes back with it kept and the reason (`keepsTheDraft`).
    private static func writingRefusal(_ head: Request, userId: Int64, isUpload: Bool, messenger: MessengerService,
                                       renderer: PageRenderer) -> HTTPFailure? {
        guard let roomId = head.storedId("room") else { return HTTPFailure(.notFound, "There is no such conversation.") }
        do {
            try messenger.checkMayWrite(in: roomId, by: userId)
            return nil
        } catch let error as MessengerError where error.keepsTheDraft && !isUpload {
            return nil
        } catch let error as MessengerError {
            let failure = MessageViews.failure(error)
            return HTTPFailure(failure.status, renderer.strings(for: head).string(failure.key))
        } catch {
            return HTTPFailure(.serviceUnavailable, "The conversation could not be read; try again in a moment.")
        }
    }

    // MARK: - Taking files

    /// A refusal of the files sent, in the reader's words, with its status.
    struct Refusal: Error {
        let status: HTTPStatus
        let message: String
    }

    /// The non-empty files of the form's `files` field.
    static func files(in request: Request) -> [UploadedFile] {
        request.form.files.filter { $0.fieldName == "files" && !($0.filename.isEmpty && $0.size == 0) }
    }

    /// The files checked together (`AttachmentRules.kinds`: counts, kinds, sizes) before any
    /// is kept, then each kept: a photo through the photo pipeline, a PDF as it came.
    func keep(_ files: [UploadedFile], owner: Int64, table: StringTable) throws(Refusal) -> [MessageAttachment] {
        let uploads = files.map { file in
            AttachmentRules.Upload(name: file.filename, declaredType: file.contentType, byteCount: file.size, head: Self.head(of: file.path))
        }
        let kinds: [AttachmentKind]
        do {
            kinds = try AttachmentRules.kinds(of: uploads)
        } catch {
            throw refusal(error, table: table)
        }
        var attachments: [MessageAttachment] = []
        for (file, kind) in zip(files, kinds) {
            let name = AttachmentRules.displayName(file.filename, kind: kind)
            do throws(PhotoImportError) {
                switch kind {
                case .photo:
                    let photo = try photos.importPhoto(fileAt: file.path, owner: owner)
                    guard let attachment = MessageAttachment(photo: photo, name: name) else {
                        throw PhotoImportError.failed(detail: "photo \(photo.id ?? 0) has no variants")
                    }
                    attachments.append(attachment)
                case .pdf:
                    let kept = try photos.keepDocument(fileAt: file.path, owner: owner)
                    attachments.append(MessageAttachment(kind: .pdf, name: name, byteCount: kept.byteCount, file: kept.file))
                }
            } catch {
                throw refusal(error, file: name, table: table)
            }
        }
        return attachments
    }

    private func refusal(_ problem: AttachmentRules.Problem, table: StringTable) -> Refusal {
        let (status, key, file): (HTTPStatus, String, String) = switch problem {
        case .tooManyPhotos: (.unprocessableContent, "tooManyPhotos", "")
        case .tooManyPDFs: (.unprocessableContent, "tooManyFiles", "")
        case .tooLarge(let name): (.contentTooLarge, "tooLarge", name)
        case .notAPDF(let name): (.unprocessableContent, "notAPDF", name)
        case .unsupported(let name): (.unprocessableContent, "unsupported", name)
        }
        let shown = AttachmentRules.displayName(file, kind: .pdf)
        return Refusal(status: status, message: table.string("messages.attachments.problems.\(key)")
            .replacingOccurrences(of: "{file}", with: shown)
            .replacingOccurrences(of: "{count}", with: String(AttachmentRules.maxPhotos)))
    }

    private func refusal(_ error: PhotoImportError, file: String, table: StringTable) -> Refusal {
        let status: HTTPStatus = switch error {
        case .rejected: .unprocessableContent
        case .busy: .serviceUnavailable
        case .quotaExceeded: .insufficientStorage
        case .failed: .internalServerError
        }
        if case .failed(let detail) = error { logger.error("A message's file could not be kept: \(detail)") }
        let key = switch error {
        case .rejected(let reason): PhotoUploads.problemKey(reason)
        case .busy: "busy"
        case .quotaExceeded: "quotaExceeded"
        case .failed: "failed"
        }
        return Refusal(status: status, message: table.string("photos.problems.\(key)").replacingOccurrences(of: "{file}", with: file))
    }

    /// The first 16 bytes of a file: enough to tell its kind.
    private static func head(of path: String) -> [UInt8] {
        guard let handle = FileHandle(forReadingAtPath: path) else { return [] }
        defer { try? handle.close() }
        return Array((try? handle.read(upToCount: 16)) ?? Data())
    }

    // MARK: - Serving

    /// Members of the room only: anyone else, another room's id, a removed or deleted
    /// message's file, all get the same 404.
    private func serve(_ request: Request, thumbnail: Bool) throws -> Response {
        guard let userId = request.signedIn?.userId, let roomId = request.storedId("room"), let id = request.storedId("id"),
              let found = try messenger.attachment(id, in: roomId, for: userId) else { throw Self.notFound }
        let attachment = found.attachment
        let file = thumbnail ? attachment.thumbnailFile : attachment.file
        guard let file, let path = photos.path(of: file), let type = Self.mediaType(of: file, kind: attachment.kind) else {
            throw Self.notFound
        }
        var headers = HTTPHeaders()
        headers.set("Cache-Control", Self.cacheControl)
        headers.set("Content-Type", type)
        headers.set("X-Content-Type-Options", "nosniff")
        if attachment.kind == .pdf {
            // Saved, not shown on our origin: a PDF's scripts never run as the site.
            headers.set("Content-Disposition", AttachmentRules.contentDisposition(attachment.name, inline: false))
            headers.set("Content-Security-Policy", "sandbox")
        }
        guard let response = Response.contentAddressedFile(at: path, request: request, etag: "\"\(id)-\(file)\"", headers: headers)
        else { throw Self.notFound }
        return response
    }

    private static let notFound = HTTPFailure(.notFound, "There is no such file.")

    private static func mediaType(of file: String, kind: AttachmentKind) -> String? {
        switch kind {
        case .pdf: return file.hasSuffix(".pdf") ? "application/pdf" : nil
        case .photo: return MediaFiles.mediaType(ofVariant: file)
        }
    }
}
