import Fotofolio

/// The count of unread messages on the Messages tab of every signed-in page, and the live
/// log's position it was counted at: the page's script adds what arrives after it.
struct UnreadBadge: Sendable {
    let messenger: MessengerService

    /// The badge's HTML (hidden at zero, so a script can show it) and the log position;
    /// nothing when the count cannot be read, so a page never fails for its badge.
    func render(for userId: Int64, table: StringTable) -> (html: String, after: Int64)? {
        guard let snapshot = try? messenger.unreadSnapshot(for: userId) else { return nil }
        let label = HTMLText.escape(table.string("messages.unreadLabel"))
        let html = "<span class=\"nav-badge\" data-unread-total=\"\(snapshot.total)\"\(snapshot.total == 0 ? " hidden" : "")>"
            + "<span data-unread-count>\(snapshot.total)</span><span class=\"visually-hidden\"> \(label)</span></span>"
        return (html, snapshot.sequence)
    }
}
