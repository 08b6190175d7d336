import Fotofolio
import FotofolioSQLite
import Foundation

/// A proofing gallery of the demo world: `michal1` shows `jana.k` the photos of her trip
/// to India, watermarked; she has chosen two (one with a note) out of at most four, and the
/// gallery waits for her to send her choice, so both sides have something to do. Seeding
/// again adds nothing. Needs the demo world's people.
public struct DemoGalleries: Sendable {
    static let title = "Cesta po Indii – výběr"
    static let photos: [(file: String, picked: String?)] = [
        ("architecture-hawa-mahal-facade.jpg", "Tuhle prosím trochu víc oříznout zleva."),
        ("architecture-qutub-minar.jpg", ""),
        ("architecture-chinese-pagoda.jpg", nil),
        ("landscape-canyon-de-chelly.jpg", nil),
        ("landscape-picos-de-europa-trail.jpg", nil),
        ("landscape-dandelion-meadow.jpg", nil),
    ]

    let stores: Stores
    let photos: PhotoLibrary
    let photosDirectory: String

    public init(database: AppDatabase, photos: PhotoLibrary, photosDirectory: String) {
        stores = .sqlite(database)
        self.photos = photos
        self.photosDirectory = photosDirectory
    }

    /// Makes the gallery unless it is there; returns 1 when it made it.
    @discardableResult
    public func seed(at date: Date = Date()) throws -> Int {
        let accounts = AccountsService(stores: stores)
        let galleries = Galleries(stores: stores)
        guard let photographer = try accounts.user(username: "michal1"), let photographerId = photographer.id,
              try accounts.user(username: "jana.k") != nil,
              try !galleries.galleries(of: photographerId).contains(where: { $0.gallery.title == Self.title }) else { return 0 }
        let gallery = try galleries.create(GalleryForm(
            title: Self.title, client: "jana.k", pickLimit: "4",
            message: "Dobrý den, tady jsou náhledy z cesty. Vyberte prosím čtyři, které upravím a pošlu v plném rozlišení."),
                                           by: photographer, at: date)
        var added: [NewGalleryPhoto] = []
        for (index, item) in Self.photos.enumerated() {
            let photo = try photos.importPhoto(fileAt: "\(photosDirectory)/\(item.file)", owner: photographerId, at: date)
            let previews = try photos.watermarkedVariants(of: photo, text: "© \(photographer.fullName) · Fotofolio")
            added.append(NewGalleryPhoto(photoId: photo.id!, fileName: String(format: "DSC_%04d.JPG", 4120 + index), previews: previews))
        }
        try galleries.add(added, to: gallery.id, by: photographerId)
        for (photo, item) in zip(added, Self.photos) {
            guard let comment = item.picked else { continue }
            _ = try galleries.pick(photo.photoId, in: gallery, picked: true, comment: comment, at: date)
        }
        return 1
    }
}
