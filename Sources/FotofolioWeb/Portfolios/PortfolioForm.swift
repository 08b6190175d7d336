import Fotofolio
import HTTPServer

/// The portfolio form as sent: the draft, and which in-form action was asked for.
///
/// Without JavaScript, moving or removing a photo submits the whole form; the server
/// answers with the form re-rendered in the new state, and nothing is saved until Save.
struct PortfolioForm {
    enum Action: Equatable {
        case save
        case move(photoId: Int64, by: Int)
        case remove(photoId: Int64)
        /// Files were added without saving (the "Upload" button of the no-script form).
        case upload
    }

    var draft: PortfolioDraft
    let action: Action

    init(_ form: Form) {
        var draft = PortfolioDraft()
        draft.name = form["name"] ?? ""
        draft.description = form["description"] ?? ""
        draft.tags = form["tags"] ?? ""
        draft.hidesShotDetails = form["hidesShotDetails"] == "on"
        // An unknown value keeps the safest choice: a portfolio is never made public by a typo.
        draft.visibility = form["visibility"].map { PortfolioVisibility(rawValue: $0) ?? .private } ?? .public
        draft.licence = form["licence"].flatMap(Licence.init(rawValue:))
        var seen = Set<Int64>()
        for id in form.values("photo").compactMap(Int64.init) where seen.insert(id).inserted {
            draft.photos.append(.init(photoId: id, altText: form["alt-\(id)"] ?? "",
                                      licence: form["licence-\(id)"].flatMap(Licence.init(rawValue:))))
        }
        draft.coverPhotoId = form["cover"].flatMap(Int64.init)
        self.draft = draft
        action = Self.action(form)
    }

    private static func action(_ form: Form) -> Action {
        if let move = form["move"] {
            let parts = move.split(separator: ":")
            if parts.count == 2, let id = Int64(parts[0]) { return .move(photoId: id, by: parts[1] == "up" ? -1 : 1) }
        }
        if let id = form["remove"].flatMap(Int64.init) { return .remove(photoId: id) }
        if form["upload"] != nil { return .upload }
        return .save
    }

    /// Applies a move or removal to the draft (in the form only).
    mutating func applyAction() {
        switch action {
        case .move(let id, let offset):
            guard let index = draft.photos.firstIndex(where: { $0.photoId == id }) else { return }
            let target = index + offset
            guard draft.photos.indices.contains(target) else { return }
            draft.photos.swapAt(index, target)
        case .remove(let id):
            draft.photos.removeAll { $0.photoId == id }
            if draft.coverPhotoId == id { draft.coverPhotoId = nil }
        case .save, .upload:
            break
        }
    }
}
