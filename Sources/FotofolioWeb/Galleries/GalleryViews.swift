import Fotofolio
import Foundation
import HTTPServer
import Imaging

/// What the gallery pages show of a gallery: its photos as tiles (watermarked until
/// delivery), the count of picks against the limit, and its state in words.
struct GalleryViews {
    let table: StringTable

    static func path(_ gallery: Gallery) -> String { "/galleries/\(gallery.id)" }
    static func clientPath(_ gallery: Gallery) -> String { "/g/\(gallery.token)" }

    /// `partials/gallery-photos`: one tile per photo, with the client's heart and comment.
    func tiles(_ details: GalleryDetails, viewer: GalleryViewer) -> [GalleryPage.Tile] {
        let gallery = details.gallery
        let delivered = gallery.deliveredAt != nil
        let handedOver = Set(delivered ? details.delivering.map { $0.photo.storedId } : [])
        return details.photos.enumerated().map { index, item in
            // Until its delivery everyone, the photographer too, sees what the client sees: a
            // photo not delivered keeps its watermark for good.
            let isDelivered = handedOver.contains(item.photo.storedId)
            var shown = item.photo
            if !isDelivered, !item.previews.isEmpty { shown.variants = item.previews }
            let id = item.photo.storedId
            let base = Self.clientPath(gallery)
            let alt = table.string("galleries.photoAlt").replacingOccurrences(of: "{number}", with: String(index + 1))
                .replacingOccurrences(of: "{file}", with: item.fileName)
            return GalleryPage.Tile(
                id: id, number: index + 1, image: PhotoViews.square(shown, alt: alt, number: index + 1,
                                                                    sizes: "(min-width: 48em) 16rem, 50vw"),
                fullURL: PhotoViews.full(shown, alt: alt, number: index + 1, eager: false).src,
                fileName: item.fileName, picked: item.pick != nil, comment: item.pick?.comment ?? "",
                hasComment: !(item.pick?.comment.isEmpty ?? true),
                pickAction: viewer == .client && !delivered ? "\(base)/photos/\(id)/pick" : nil,
                downloadURL: viewer == .client && isDelivered ? "\(base)/photos/\(id)/download" : nil,
                pickLabel: table.string(item.pick == nil ? "galleries.pick" : "galleries.unpick"))
        }
    }

    /// "12 of 30 chosen", "12 chosen".
    func pickSummary(_ details: GalleryDetails) -> String {
        pickSummary(count: details.picks.count, limit: details.gallery.pickLimit)
    }

    func pickSummary(count: Int, limit: Int?) -> String {
        guard let limit else { return table.plural("galleries.picked", count: count) }
        return table.plural("galleries.pickedOf", count: count).replacingOccurrences(of: "{limit}", with: String(limit))
    }

    func state(_ gallery: Gallery) -> String {
        table.string("galleries.state.\(gallery.state.rawValue)")
    }

    /// What a refused step is told, in the reader's words.
    func message(_ error: GalleryError) -> String {
        switch error {
        case .limitReached(let limit): table.plural("galleries.problems.limit", count: limit)
        case .delivered: table.string("galleries.problems.delivered")
        case .notDelivered: table.string("galleries.problems.notDelivered")
        case .unknownPhoto: table.string("galleries.problems.unknownPhoto")
        case .nothingPicked: table.string("galleries.problems.nothingPicked")
        case .blocked: table.string("galleries.problems.blocked")
        case .comment(let problem): table.string("galleries.problems.comment.\(problem.rawValue)")
        case .notFound, .notCreator: table.string("galleries.problems.notFound")
        }
    }
}

/// `pages/gallery`: a gallery for its photographer (uploads, link, live picks, delivery) or
/// its client (hearts, comments, sending the selection, downloads once delivered).
struct GalleryPage: ViewModel {
    struct Tile: ViewModel {
        let id: Int64
        let number: Int
        let image: PhotoModel
        let fullURL: String
        let fileName: String
        let picked: Bool
        let comment: String
        let hasComment: Bool
        /// Where the client's heart posts; nil for the photographer and after delivery.
        let pickAction: String?
        /// One delivered file, for the client.
        let downloadURL: String?
        let pickLabel: String
    }

    let title: String
    let message: String
    let photographer: String
    let photographerUsername: String
    let isPhotographer: Bool
    let state: String
    let stateKey: String
    let summary: String
    let limit: Int?
    let count: Int
    let delivered: Bool
    let canPick: Bool
    let csrf: String
    let notice: String?
    let problem: String?
    let tiles: [Tile]
    let hasTiles: Bool
    /// The photographer's: the client's address, upload, export, delivery.
    let clientLink: String?
    let clientName: String?
    let uploadAction: String?
    let exportURL: String?
    let deliverAction: String?
    let downloads: String?
    /// The client's: the whole form's action, sending the selection, the archive.
    let picksAction: String?
    let zipURL: String?
    /// The gallery's id, for the live events the photographer's page follows.
    let galleryId: Int64
    /// The photographer's choice whether delivered files keep the camera's details.
    var cameraDetailsAction: String? = nil
    var keepsCameraDetails = false
}

/// `pages/galleries`: a photographer's galleries and the form for a new one; a client's galleries.
struct GalleriesPage: ViewModel {
    struct Item: ViewModel {
        let title: String
        let url: String
        let state: String
        let stateKey: String
        let facts: String
    }

    let csrf: String
    let isCreator: Bool
    let own: [Item]
    let hasOwn: Bool
    let forMe: [Item]
    let hasForMe: Bool
    let hasErrors: Bool
    let fields: [FormFieldView]
}
