import Fotofolio
import Foundation
import HTTPServer
import Imaging
import Logging

/// Turns the files of an upload into photos, and words what went wrong with each file
/// in the reader's language. `POST /photos` takes one file at a time from the portfolio
/// editor's script (which shows its progress) and answers JSON; forms without
/// JavaScript send their files with the form and use `importFiles` directly.
struct PhotoUploads {
    let photos: PhotoLibrary
    let renderer: PageRenderer
    let logger: Logger
    /// For every page form that may carry files: who may send one is decided before it is
    /// read, and the handler (which makes photos) runs off the polling thread.
    let routeOptions: RouteOptions
    /// The same for the editor script's endpoint.
    private let scriptOptions: RouteOptions

    init(photos: PhotoLibrary, renderer: PageRenderer, logger: Logger, admission: UploadAdmission) {
        self.photos = photos
        self.renderer = renderer
        self.logger = logger
        routeOptions = RouteOptions(acceptsUploads: true, admission: admission.gate(), isSlow: true)
        scriptOptions = RouteOptions(acceptsUploads: true, admission: admission.gate(forScripts: true), isSlow: true)
    }

    func register(in router: inout Router) {
        router.group(RequireSignIn()) { router in
            router.post("/photos", options: scriptOptions) { request in try upload(request) }
        }
    }

    struct Imported {
        var photos: [Photo] = []
        /// One sentence per file that did not become a photo.
        var problems: [String] = []
    }

    /// Every non-empty file sent in `field`, in order, processed, up to `limit` photos;
    /// failures and files past the limit become messages.
    func importFiles(_ request: Request, field: String, owner: Int64, limit: Int = .max) -> Imported {
        let table = renderer.strings(for: request)
        var imported = Imported()
        for file in request.form.files where file.fieldName == field && !(file.filename.isEmpty && file.size == 0) {
            guard imported.photos.count < limit else {
                imported.problems.append(table.string("photos.problems.overLimit").replacingOccurrences(of: "{file}", with: file.filename))
                continue
            }
            do {
                imported.photos.append(try photos.importPhoto(fileAt: file.path, owner: owner))
            } catch {
                imported.problems.append(message(for: error, file: file.filename, table: table))
            }
        }
        return imported
    }

    private func upload(_ request: Request) throws -> Response {
        let owner = try request.requireSignIn().userId
        let table = renderer.strings(for: request)
        guard let file = request.form.file("file"), file.size > 0 else {
            return .json(["error": table.string("photos.problems.noFile")], status: .unprocessableContent)
        }
        do {
            let photo = try photos.importPhoto(fileAt: file.path, owner: owner)
            return .json(UploadedPhoto(id: photo.storedId, src: PhotoViews.thumbnailURL(photo), color: photo.placeholderColor),
                         status: .created)
        } catch {
            let status: HTTPStatus = switch error {
            case .rejected: .unprocessableContent
            case .busy: .serviceUnavailable
            case .quotaExceeded: .insufficientStorage
            case .failed: .internalServerError
            }
            if case .failed(let detail) = error { logger.error("Photo upload failed: \(detail)") }
            var response = Response.json(["error": message(for: error, file: file.filename, table: table)], status: status)
            if status == .serviceUnavailable { response.headers.set("Retry-After", "5") }
            return response
        }
    }

    /// What went wrong with `file`, in the reader's words.
    func message(for error: PhotoImportError, file: String, table: StringTable) -> String {
        let key = switch error {
        case .rejected(let reason): Self.problemKey(reason)
        case .busy: "busy"
        case .quotaExceeded: "quotaExceeded"
        case .failed: "failed"
        }
        return table.string("photos.problems.\(key)").replacingOccurrences(of: "{file}", with: file.isEmpty ? "?" : file)
    }

    static func problemKey(_ error: ImagingError) -> String {
        switch error {
        case .fileTooLarge: "tooLarge"
        case .unsupportedFormat: "unsupported"
        case .tooManyPixels: "tooManyPixels"
        case .animated: "animated"
        case .damaged, .unreadableFile: "damaged"
        case .libraryUnavailable, .invalidFraming, .processingFailed, .writeFailed: "failed"
        }
    }
}

/// What the editor's script needs to show a photo it just uploaded.
struct UploadedPhoto: Encodable {
    let id: Int64
    let src: String
    let color: String
}
