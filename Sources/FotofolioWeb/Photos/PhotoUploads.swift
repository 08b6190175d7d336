import Fotofolio
import Foundation
import HTTPServer
import Imaging
import Logging

/// Turns the files of an upload into photos and films, and words what went wrong with each
/// file in the reader's language. `POST /photos` takes one file at a time from the
/// portfolio editor's script (which shows its progress) and answers JSON: a photo at once
/// (201), a film as a queued job (202) whose progress `FilmJobs` streams. Forms without
/// JavaScript send their files with the form and use `importFiles` directly, which waits
/// for a film to be made. A film is told from a photo by its content, never its name.
struct PhotoUploads {
    let photos: PhotoLibrary
    let films: FilmLibrary
    let renderer: PageRenderer
    let logger: Logger
    /// For every page form that may carry files: who may send one is decided before it is
    /// read, and the handler (which makes photos) runs off the polling thread.
    let routeOptions: RouteOptions
    /// The same for the editor script's endpoint.
    private let scriptOptions: RouteOptions

    init(photos: PhotoLibrary, films: FilmLibrary, renderer: PageRenderer, logger: Logger, admission: UploadAdmission) {
        self.photos = photos
        self.films = films
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
        /// Each photo's file name as sent, in the same order.
        var fileNames: [String] = []
        /// One sentence per file that did not become a photo.
        var problems: [String] = []
    }

    /// Every non-empty file sent in `field`, in order, processed, up to `limit` photos
    /// (films too where `allowsFilms`); failures and files past the limit become messages.
    func importFiles(_ request: Request, field: String, owner: Int64, limit: Int = .max, allowsFilms: Bool = false) -> Imported {
        let table = renderer.strings(for: request)
        var imported = Imported()
        for file in request.form.files where file.fieldName == field && !(file.filename.isEmpty && file.size == 0) {
            guard imported.photos.count < limit else {
                imported.problems.append(table.string("photos.problems.overLimit").replacingOccurrences(of: "{file}", with: file.filename))
                continue
            }
            if allowsFilms && FilmLibrary.looksLikeFilm(fileAt: file.path) {
                do {
                    imported.photos.append(try films.importFilm(fileAt: file.path, owner: owner))
                    imported.fileNames.append(file.filename)
                } catch {
                    log(error)
                    imported.problems.append(message(for: error.problem, file: file.filename, table: table))
                }
                continue
            }
            do {
                imported.photos.append(try photos.importPhoto(fileAt: file.path, owner: owner))
                imported.fileNames.append(file.filename)
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
        if FilmLibrary.looksLikeFilm(fileAt: file.path) { return acceptFilm(file, owner: owner, table: table) }
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

    /// Queues a film; its progress is streamed at the answer's `progress` address.
    private func acceptFilm(_ file: UploadedFile, owner: Int64, table: StringTable) -> Response {
        do {
            let job = try films.accept(fileAt: file.path, fileName: file.filename, owner: owner)
            return .json(QueuedFilm(job: job.storedId, progress: FilmJobs.progressURL(job.storedId),
                                    waiting: table.string("film.waiting")), status: .accepted)
        } catch {
            log(error)
            let status: HTTPStatus = switch error.problem {
            case .busy: .serviceUnavailable
            case .quotaExceeded: .insufficientStorage
            case .failed: .internalServerError
            case .tooLarge: .contentTooLarge
            default: .unprocessableContent
            }
            var response = Response.json(["error": message(for: error.problem, file: file.filename, table: table)], status: status)
            if status == .serviceUnavailable { response.headers.set("Retry-After", "60") }
            return response
        }
    }

    private func log(_ error: FilmImportError) {
        if error.problem == .failed { logger.error("Film processing failed: \(error.detail ?? "")") }
    }

    /// What went wrong with the film `file`, in the reader's words.
    func message(for problem: FilmProblem, file: String, table: StringTable) -> String {
        table.string("film.problems.\(problem.rawValue)").replacingOccurrences(of: "{file}", with: file.isEmpty ? "?" : file)
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

/// What the editor's script needs to follow a film it just uploaded.
struct QueuedFilm: Encodable {
    let job: Int64
    /// The job's event stream.
    let progress: String
    /// What the file's place in the list says until the first progress arrives.
    let waiting: String
}

/// What the editor's script needs to show a photo it just uploaded.
struct UploadedPhoto: Encodable {
    let id: Int64
    let src: String
    let color: String
}
