import Foundation
import Fotofolio
import HTTPServer

/// A demand's reference photos: taken with its form (`photos`, files through the photo
/// pipeline; `photo`, the ids of photos kept from before), and served only through the
/// demand's address (`GET /demands/:demand/photos/:number`, `…/small` for the square) to
/// whoever may see the demand (`DemandRules.mayView`) and to operators. Who may send them is
/// decided from the request's head before a byte of the body is stored.
struct DemandPhotos {
    let photos: PhotoLibrary
    let uploads: PhotoUploads
    let demands: Demands
    let moderation: Moderation
    /// The new demand's form: anyone signed in, from our pages, within `DemandRules.largestBody`.
    let postOptions: RouteOptions
    /// An edit's: only the client, only while the demand may be edited.
    let editOptions: RouteOptions

    /// How long a viewer's browser keeps a photo: it stops being served to a photographer once
    /// the demand closes, so not for long, and never in a shared cache.
    static let cacheControl = "private, max-age=3600"

    init(photos: PhotoLibrary, uploads: PhotoUploads, demands: Demands, moderation: Moderation, renderer: PageRenderer,
         admission: UploadAdmission, formBytes: Int = BodyLimits().formBytes) {
        self.photos = photos
        self.uploads = uploads
        self.demands = demands
        self.moderation = moderation
        postOptions = RouteOptions(
            acceptsUploads: true,
            admission: admission.gate(largestBody: DemandRules.largestBody, formBytes: formBytes) { _, _, _ in nil },
            isSlow: true)
        editOptions = RouteOptions(
            acceptsUploads: true,
            admission: admission.gate(largestBody: DemandRules.largestBody, formBytes: formBytes) { [demands, renderer] head, userId, _ in
                Self.editRefusal(head, userId: userId, demands: demands, renderer: renderer)
            },
            isSlow: true)
    }

    func register(in router: inout Router) {
        router.get("/demands/:demand/photos/:number") { request in try serve(request, small: false) }
        router.get("/demands/:demand/photos/:number/small") { request in try serve(request, small: true) }
    }

    /// Why `userId` may not edit the demand the head names, as the edit route would answer; nil
    /// when they may.
    private static func editRefusal(_ head: Request, userId: Int64, demands: Demands, renderer: PageRenderer) -> HTTPFailure? {
        let table = renderer.strings(for: head)
        do {
            guard let id = head.storedId("demand"), let item = try demands.demand(id, for: userId) else {
                return HTTPFailure(.notFound, table.string("demands.errors.unknown"))
            }
            try DemandRules.checkEdit(item.demand, by: userId, answers: item.offers.count, today: .today())
            return nil
        } catch let error as DemandError {
            return HTTPFailure(DemandPages.status(error), DemandPages.problem(error, table: table))
        } catch {
            return HTTPFailure(.serviceUnavailable, "The demand could not be read; try again in a moment.")
        }
    }

    // MARK: - Taking photos

    /// The photos a demand's form ends with, in order: those it kept (`photo`, ids of the
    /// client's own, unticked ones left out) and then those it uploads (`photos`). More than
    /// `DemandRules.maxPhotos` uploads nothing; a file the pipeline refuses is said with its
    /// name, and the photos that did come are kept for the form sent again.
    struct Taken {
        var photos: [DemandPhoto] = []
        var problem: String?
    }

    func take(_ request: Request, owner: Int64, table: StringTable) throws -> Taken {
        var taken = Taken()
        var ids: [Int64] = []
        for text in request.form.values("photo") {
            guard let id = StoredId.parse(text) else { taken.problem = table.string("bookings.problems.unknownPhoto"); continue }
            if !ids.contains(id) { ids.append(id) }
        }
        // More kept than a demand holds is said as such; the first five stay ticked.
        let tooMany = ids.count > DemandRules.maxPhotos
        ids = Array(ids.prefix(DemandRules.maxPhotos))
        let found = ids.isEmpty ? [] : try photos.photos(ids: ids, ownedBy: owner)
        let own = Dictionary(found.compactMap { photo in DemandPhoto(photo: photo).map { ($0.photoId, $0) } },
                             uniquingKeysWith: { first, _ in first })
        if own.count < ids.count { taken.problem = table.string("bookings.problems.unknownPhoto") }
        taken.photos = ids.compactMap { own[$0] }
        let files = request.form.files.filter { $0.fieldName == "photos" && !($0.filename.isEmpty && $0.size == 0) }
        guard !tooMany, taken.photos.count + files.count <= DemandRules.maxPhotos else {
            taken.problem = table.string("bookings.problems.tooManyPhotos")
            return taken
        }
        let imported = uploads.importFiles(request, field: "photos", owner: owner)
        taken.photos += imported.photos.compactMap(DemandPhoto.init(photo:))
        if let problem = imported.problems.first { taken.problem = problem }
        return taken
    }

    // MARK: - Serving

    /// Whoever may see the demand, and operators (for the moderation desk); anyone else, a
    /// number past its photos, all get the same 404.
    private func serve(_ request: Request, small: Bool) throws -> Response {
        let signedIn = try request.requireSignIn()
        guard let demandId = request.storedId("demand"), let number = request.storedId("number"), number <= DemandRules.maxPhotos,
              let demand = try demands.demand(demandId, for: signedIn.userId)?.demand
                ?? (try moderation.isOperator(signedIn.userId) ? try moderation.demand(demandId) : nil),
              Int(number) <= demand.photos.count else { throw Self.notFound }
        let photo = demand.photos[Int(number) - 1]
        let file = small ? photo.thumbnailFile : photo.file
        guard let path = photos.path(of: file), let type = MediaFiles.mediaType(ofVariant: file) else { throw Self.notFound }
        var headers = HTTPHeaders()
        headers.set("Cache-Control", Self.cacheControl)
        headers.set("Content-Type", type)
        headers.set("X-Content-Type-Options", "nosniff")
        guard let response = Response.contentAddressedFile(at: path, request: request, etag: "\"\(file)\"", headers: headers)
        else { throw Self.notFound }
        return response
    }

    private static let notFound = HTTPFailure(.notFound, "There is no such photo.")
}
