import Foundation
import Imaging

/// Proofing galleries from the first upload to the delivered files: the photographer makes
/// one for a client, adds photos (watermarked for the client's eyes), the client picks and
/// sends a selection, the photographer delivers.
public struct Galleries: Sendable {
    let store: any GalleryStore
    let accounts: any AccountsStore

    public init(stores: Stores) {
        store = stores.galleries
        accounts = stores.accounts
    }

    /// A client's note on a photo.
    public static let commentLimit = TextLimit(characters: 500)

    /// A new gallery of `photographer`, or every problem of the form (an unknown client too).
    public func create(_ form: GalleryForm, by photographer: User, at date: Date = Date()) throws -> Gallery {
        guard photographer.role == .creator, let photographerId = photographer.id else { throw GalleryError.notCreator }
        let draft = try form.validated()
        var clientId: Int64?
        if !draft.client.isEmpty {
            guard let client = try accounts.user(username: draft.client), let id = client.id, id != photographerId else {
                throw GalleryErrors(problems: [.client: .unknownClient])
            }
            clientId = id
        }
        return try store.create(photographerId: photographerId, clientId: clientId, title: draft.title, message: draft.message,
                                pickLimit: draft.pickLimit, token: SecretToken.make(), at: date)
    }

    /// The gallery as its photographer sees it; `GalleryError.notFound` for anyone else.
    /// The gallery as stored, for whoever tells its people about it (its mails).
    public func gallery(id: Int64) throws -> Gallery? {
        try store.gallery(id: id)
    }

    public func owned(_ galleryId: Int64, by photographerId: Int64) throws -> GalleryDetails {
        guard let gallery = try store.gallery(id: galleryId), gallery.photographerId == photographerId,
              let details = try store.details(of: gallery) else { throw GalleryError.notFound }
        return details
    }

    /// The gallery its link opens, and who is looking: its photographer, or the client
    /// (for a gallery of an account, only when signed in as that account). Nil for anyone
    /// else, and for a token that is not a gallery's.
    public func opened(token: String, by userId: Int64?) throws -> (details: GalleryDetails, viewer: GalleryViewer)? {
        guard SecretToken.isWellFormed(token), let gallery = try store.gallery(token: token) else { return nil }
        let viewer: GalleryViewer
        if userId == gallery.photographerId { viewer = .photographer }
        else if gallery.clientId == nil || gallery.clientId == userId { viewer = .client }
        else { return nil }
        return try store.details(of: gallery).map { ($0, viewer) }
    }

    /// Whether the token is a gallery of an account (whose client must sign in first).
    public func needsAccount(token: String) throws -> Bool {
        guard SecretToken.isWellFormed(token) else { return false }
        return try store.gallery(token: token)?.clientId != nil
    }

    public func galleries(of photographerId: Int64) throws -> [(gallery: Gallery, picks: Int, photos: Int)] {
        try store.galleries(photographerId: photographerId)
    }

    public func galleries(forClient clientId: Int64) throws -> [(gallery: Gallery, picks: Int, photos: Int)] {
        try store.galleries(clientId: clientId)
    }

    public func add(_ photos: [NewGalleryPhoto], to galleryId: Int64, by photographerId: Int64) throws {
        guard !photos.isEmpty else { return }
        try store.add(photos, to: galleryId, by: photographerId)
    }

    /// Picks a photo or takes the pick back; returns how many are picked.
    public func pick(_ photoId: Int64, in gallery: Gallery, picked: Bool, comment: String = "", at date: Date = Date()) throws -> Int {
        try store.setPick(in: gallery.id, photoId: photoId, picked: picked, comment: try Self.validComment(comment), at: date)
    }

    /// The whole selection at once (the form without script).
    public func replacePicks(in gallery: Gallery, with picks: [Int64: String], at date: Date = Date()) throws -> Int {
        if let limit = gallery.pickLimit, picks.count > limit { throw GalleryError.limitReached(limit) }
        var checked: [Int64: String] = [:]
        for (photoId, comment) in picks { checked[photoId] = try Self.validComment(comment) }
        return try store.replacePicks(in: gallery.id, with: checked, at: date)
    }

    public func submit(_ gallery: Gallery, at date: Date = Date()) throws {
        try store.submit(gallery.id, at: date)
    }

    public func deliver(_ galleryId: Int64, by photographerId: Int64, at date: Date = Date()) throws {
        try store.deliver(galleryId, by: photographerId, at: date)
    }

    /// Whether delivered files keep the camera's GPS position and serial numbers; off
    /// unless the photographer chooses it for a gallery whose client should have them.
    public func setKeepsCameraDetails(_ keeps: Bool, in galleryId: Int64, by photographerId: Int64) throws {
        try store.setKeepsCameraDetails(keeps, in: galleryId, by: photographerId)
    }

    /// Counts a download of delivered files; refused before delivery.
    public func countDownload(of gallery: Gallery) throws {
        guard gallery.deliveredAt != nil else { throw GalleryError.notDelivered }
        try store.countDownload(of: gallery.id)
    }

    /// The picked photos' file names, one a line, in the gallery's order: what the
    /// photographer's editing software takes as a list.
    public static func fileList(_ details: GalleryDetails) -> String {
        details.picks.map { $0.fileName + "\n" }.joined()
    }

    static func validComment(_ raw: String) throws(GalleryError) -> String {
        let text = raw.withUnixLineBreaks.trimmingCharacters(in: .whitespacesAndNewlines)
        guard commentLimit.allows(text) else { throw .comment(.tooLong) }
        guard !text.containsControlCharacters(allowing: ["\n"]) else { throw .comment(.invalidText) }
        return text
    }
}
