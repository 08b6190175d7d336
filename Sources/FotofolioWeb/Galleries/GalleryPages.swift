import Fotofolio
import Foundation
import HTTPServer
import Imaging

/// Proofing galleries for their photographer: the list and the form for a new one, the
/// gallery's page with its uploads, the client's address, the picks as they come (live),
/// their file names, and delivery.
struct GalleryPages {
    let renderer: PageRenderer
    let galleries: Galleries
    let photos: PhotoLibrary
    let uploads: PhotoUploads

    func register(in router: inout Router) {
        let uploadOptions = uploads.routeOptions
        router.group(RequireSignIn()) { router in
            router.get("/galleries") { request in try list(request) }
            router.post("/galleries") { request in try create(request) }
            router.get("/galleries/:id") { request in try show(request) }
            router.post("/galleries/:id/photos", options: uploadOptions) { request in try upload(request) }
            router.post("/galleries/:id/deliver") { request in try deliver(request) }
            router.post("/galleries/:id/camera-details") { request in try setCameraDetails(request) }
            router.get("/galleries/:id/picks.txt") { request in try export(request) }
        }
    }

    private func list(_ request: Request, form: GalleryForm = GalleryForm(), problems: [GalleryField: GalleryProblem] = [:],
                      status: HTTPStatus = .ok) throws -> Response {
        let user = try request.requireSignIn().user
        let table = renderer.strings(for: request)
        let views = GalleryViews(table: table)
        func item(_ entry: (gallery: Gallery, picks: Int, photos: Int), url: String) -> GalleriesPage.Item {
            .init(title: entry.gallery.title, url: url, state: views.state(entry.gallery), stateKey: entry.gallery.state.rawValue,
                  facts: table.plural("galleries.photoCount", count: entry.photos) + " · " + table.plural("galleries.picked", count: entry.picks))
        }
        let own = user.role == .creator ? try galleries.galleries(of: user.storedId).map { item($0, url: GalleryViews.path($0.gallery)) } : []
        let forMe = try galleries.galleries(forClient: user.storedId).map { item($0, url: GalleryViews.clientPath($0.gallery)) }
        func error(_ field: GalleryField) -> String? { problems[field].map { table.string("galleries.problems.\($0.rawValue)") } }
        return try renderer.render(.galleries, for: request, content: GalleriesPage(
            csrf: request.csrfToken, isCreator: user.role == .creator, own: own, hasOwn: !own.isEmpty, forMe: forMe,
            hasForMe: !forMe.isEmpty, hasErrors: !problems.isEmpty,
            fields: [
                FormFieldView("title", label: table.string("galleries.title"), value: form.title, error: error(.title),
                              maxlength: GalleryForm.titleLimit.characters),
                FormFieldView("client", label: table.string("galleries.client"), value: form.client,
                              hint: table.string("galleries.clientHint"), error: error(.client), required: false),
                FormFieldView("pickLimit", label: table.string("galleries.pickLimit"), type: "number", value: form.pickLimit,
                              hint: table.string("galleries.pickLimitHint"), error: error(.pickLimit), required: false,
                              min: "1", max: String(GalleryForm.pickLimits.upperBound), inputmode: "numeric"),
                FormFieldView("message", label: table.string("galleries.message"), value: form.message, error: error(.message),
                              required: false, multiline: true, maxlength: GalleryForm.messageLimit.characters),
            ]), status: status)
    }

    private func create(_ request: Request) throws -> Response {
        let user = try request.requireSignIn().user
        let form = GalleryForm(title: request.form["title"] ?? "", client: request.form["client"] ?? "",
                               pickLimit: request.form["pickLimit"] ?? "", message: request.form["message"] ?? "")
        do {
            let gallery = try galleries.create(form, by: user)
            return .redirect(to: GalleryViews.path(gallery))
        } catch let errors as GalleryErrors {
            return try list(request, form: form, problems: errors.problems, status: .unprocessableContent)
        } catch GalleryError.notCreator {
            throw HTTPFailure(.forbidden, "Only photographers make galleries.")
        }
    }

    private func show(_ request: Request) throws -> Response {
        let details = try owned(request)
        // Picks changed: the script asks for the tiles alone.
        let page = page(request, details)
        if request.fragment == "photos" {
            return try renderer.fragment("partials/gallery-photos", of: .gallery, for: request, content: page)
        }
        return try renderer.render(.gallery, for: request, title: details.gallery.title, content: page).atSecretAddress()
    }

    func page(_ request: Request, _ details: GalleryDetails, problem: String? = nil) -> GalleryPage {
        let table = renderer.strings(for: request)
        let views = GalleryViews(table: table)
        let gallery = details.gallery
        let path = GalleryViews.path(gallery)
        let notice: String? = if let added = request.query["added"].flatMap(Int.init) { table.plural("galleries.added", count: added) }
            else if request.query["delivered"] != nil { table.string("galleries.deliveredNotice") }
            else if let choice = request.query["cameraDetails"], ["kept", "removed"].contains(choice) {
                table.string("galleries.cameraDetails.\(choice)Notice")
            } else { nil }
        return GalleryPage(
            title: gallery.title, message: gallery.message, photographer: details.photographer.fullName,
            photographerUsername: details.photographer.username, isPhotographer: true, state: views.state(gallery),
            stateKey: gallery.state.rawValue, summary: views.pickSummary(details), limit: gallery.pickLimit,
            count: details.picks.count, delivered: gallery.deliveredAt != nil, canPick: false, csrf: request.csrfToken,
            notice: notice, problem: problem, tiles: views.tiles(details, viewer: .photographer), hasTiles: !details.photos.isEmpty,
            clientLink: CanonicalURL.of(request, path: GalleryViews.clientPath(gallery)),
            clientName: details.client.map { "\($0.fullName) (@\($0.username))" },
            uploadAction: gallery.deliveredAt == nil ? "\(path)/photos" : nil, exportURL: "\(path)/picks.txt",
            deliverAction: gallery.deliveredAt == nil ? "\(path)/deliver" : nil,
            downloads: table.plural("galleries.downloads", count: gallery.downloadCount),
            picksAction: nil, zipURL: nil, galleryId: gallery.id,
            cameraDetailsAction: "\(path)/camera-details", keepsCameraDetails: gallery.keepsCameraDetails)
    }

    /// Files sent with the form (many at once without script; one a request with it), each
    /// made a photo and then a watermarked preview, a few at a time like every upload.
    private func upload(_ request: Request) throws -> Response {
        let details = try owned(request)
        let table = renderer.strings(for: request)
        guard details.gallery.deliveredAt == nil else { throw HTTPFailure(.conflict, "The gallery is delivered.") }
        var imported = uploads.importFiles(request, field: "files", owner: details.gallery.photographerId, allowsFilms: false)
        var added: [NewGalleryPhoto] = []
        for (photo, name) in zip(imported.photos, imported.fileNames) {
            do {
                let previews = try photos.watermarkedVariants(of: photo, text: details.watermark)
                added.append(NewGalleryPhoto(photoId: photo.storedId, fileName: Self.fileName(name), previews: previews))
            } catch {
                imported.problems.append(table.string("photos.problems.failed").replacingOccurrences(of: "{file}", with: name))
            }
        }
        do {
            try galleries.add(added, to: details.gallery.id, by: details.gallery.photographerId)
        } catch GalleryError.blocked {
            throw HTTPFailure(.forbidden, GalleryViews(table: table).message(.blocked))
        }
        return try request.answer(json: {
            .json(UploadAnswer(added: added.count, problems: imported.problems),
                  status: imported.problems.isEmpty ? .created : .unprocessableContent)
        }, page: {
            guard imported.problems.isEmpty else {
                let refreshed = try owned(request)
                return try renderer.render(.gallery, for: request, title: refreshed.gallery.title,
                                           content: page(request, refreshed, problem: imported.problems.joined(separator: " ")),
                                           status: .unprocessableContent)
            }
            return .redirect(to: GalleryViews.path(details.gallery) + "?added=\(added.count)")
        })
    }

    struct UploadAnswer: Encodable {
        let added: Int
        let problems: [String]
    }

    /// The box "delivered files keep the camera's position and serial numbers": a form of
    /// its own, so it works without script and changes nothing else.
    private func setCameraDetails(_ request: Request) throws -> Response {
        let details = try owned(request)
        let keeps = request.form["keep"] == "1"
        try galleries.setKeepsCameraDetails(keeps, in: details.gallery.id, by: details.gallery.photographerId)
        return .redirect(to: GalleryViews.path(details.gallery) + "?cameraDetails=\(keeps ? "kept" : "removed")#camera-details")
    }

    private func deliver(_ request: Request) throws -> Response {
        let details = try owned(request)
        try galleries.deliver(details.gallery.id, by: details.gallery.photographerId)
        return .redirect(to: GalleryViews.path(details.gallery) + "?delivered=1")
    }

    /// The picked photos' file names, one a line, for the photographer's editing software.
    private func export(_ request: Request) throws -> Response {
        let details = try owned(request)
        var response = Response(status: .ok, body: .bytes(Array(Galleries.fileList(details).utf8)))
        response.headers.set("Content-Type", "text/plain; charset=utf-8")
        response.headers.set("Content-Disposition", "attachment; filename=\"picks-\(details.gallery.id).txt\"")
        response.headers.set("Cache-Control", "private, no-store")
        return response
    }

    private func owned(_ request: Request) throws -> GalleryDetails {
        let userId = try request.requireSignIn().userId
        guard let id = request.storedId("id") else { throw HTTPFailure(.notFound, "There is no such gallery.") }
        do {
            return try galleries.owned(id, by: userId)
        } catch GalleryError.notFound {
            throw HTTPFailure(.notFound, "There is no such gallery.")
        }
    }

    /// The name a file was sent under, without any folder and with no control characters,
    /// at most 200 bytes: it goes into a list and, later, into an archive.
    static func fileName(_ sent: String) -> String {
        let base = sent.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? ""
        var name = String(String.UnicodeScalarView(base.unicodeScalars.filter { $0.properties.generalCategory != .control }))
        while name.utf8.count > 200 { name.removeLast() }
        return name.isEmpty ? "photo.jpg" : name
    }
}
