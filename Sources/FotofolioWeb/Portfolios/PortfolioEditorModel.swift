import Fotofolio

/// The portfolio form's view: the draft as typed, each photo with its thumbnail.
struct PortfolioEditorModel {
    let draft: PortfolioDraft
    /// The draft's photos that exist and are the author's, in the draft's order.
    let photos: [Photo]
    /// Each photo's square crop, as stored or as typed.
    let framings: PhotoFramings
    let table: StringTable

    func dictionary(action: String, isNew: Bool, csrf: String, problems: [PortfolioField: PortfolioProblem],
                    uploadProblems: [String]) -> [String: Any] {
        var errors: [String: Any] = [:]
        for (field, problem) in problems { errors[field.rawValue] = table.string("portfolio.problems.\(problem.rawValue)") }
        return [
            "action": action, "isNew": isNew, "csrf": csrf, "cancelURL": isNew ? "/profile" : action,
            "deleteURL": isNew ? false : "\(action)/delete",
            "values": [
                "name": draft.name, "description": draft.description, "tags": draft.tags,
                "hidesShotDetails": draft.hidesShotDetails,
            ],
            "photos": photoItems, "hasPhotos": !photos.isEmpty,
            "errors": errors, "hasErrors": !problems.isEmpty || !uploadProblems.isEmpty || !framings.isValid,
            "framingInvalid": !framings.isValid,
            "uploadProblems": uploadProblems,
            "maxTags": TagParsing.maximumCount,
            // The script fills these placeholders in for each photo it uploads.
            "newItem": ["id": "{id}", "src": "{src}", "color": "{color}", "alt": "", "isCover": false, "framing": false],
        ]
    }

    private var photoItems: [[String: Any]] {
        let alts = Dictionary(draft.photos.map { ($0.photoId, $0.altText) }) { first, _ in first }
        let cover = photos.first { $0.id == draft.coverPhotoId }?.id ?? photos.first?.id
        return photos.enumerated().map { index, photo in
            [
                "id": photo.id!, "src": PhotoViews.thumbnailURL(photo), "color": photo.placeholderColor,
                "alt": alts[photo.id!] ?? "", "isCover": photo.id == cover,
                "isFirst": index == 0, "isLast": index == photos.count - 1, "number": index + 1,
                "framing": framings.view(of: photo.id!, table: table),
            ]
        }
    }
}
