/// A gallery reaches its client: its title and note land in the client's list, its photos on
/// the client's page. While either of the two blocks the other, nothing new reaches them: a
/// gallery for them is refused, and so are photos added to one they already have. What they
/// hold goes on (choosing, sending the choice, delivery), as a booking may still be withdrawn.
/// The stores read the `ContactFacts` inside the transaction that would write.
public enum GalleryContact {
    /// A new gallery for a client account.
    public static func checkNewGallery(_ facts: ContactFacts) throws(GalleryErrors) {
        if facts.blockedBySender { throw GalleryErrors(problems: [.client: .youBlockedClient]) }
        if facts.blockedByTarget { throw GalleryErrors(problems: [.client: .clientBlocked]) }
    }

    /// New photos in a client's gallery.
    public static func checkAdding(_ facts: ContactFacts) throws(GalleryError) {
        if facts.blockedBySender || facts.blockedByTarget { throw .blocked }
    }
}
