/// What may change a gallery, and when: pure, so both stores decide alike inside their
/// transactions, with the gallery and its count of picks read there.
public enum GalleryRules {
    /// The photographer's own gallery. Another photographer's is told apart from none by
    /// nothing: both are `.notFound`.
    public static func owned(_ gallery: Gallery?, by photographerId: Int64) throws -> Gallery {
        guard let gallery, gallery.photographerId == photographerId else { throw GalleryError.notFound }
        return gallery
    }

    /// The gallery while its picks may change: until it is delivered.
    public static func choosable(_ gallery: Gallery?) throws -> Gallery {
        guard let gallery else { throw GalleryError.notFound }
        guard gallery.deliveredAt == nil else { throw GalleryError.delivered }
        return gallery
    }

    /// At most the gallery's limit of picks (none: any number).
    public static func checkPicks(_ count: Int, in gallery: Gallery) throws {
        if let limit = gallery.pickLimit, count > limit { throw GalleryError.limitReached(limit) }
    }

    /// A selection is sent with something in it.
    public static func checkSubmit(picks count: Int) throws {
        guard count > 0 else { throw GalleryError.nothingPicked }
    }
}
