import Fotofolio

/// `pages/portfolio-editor`: the draft as typed, each photo with its thumbnail and crop.
struct PortfolioEditorPage: ViewModel {
    struct Values: ViewModel {
        let name: String
        let description: String
        let tags: String
        let hidesShotDetails: Bool
    }

    /// Each field's problem, in the reader's words.
    struct Errors: ViewModel {
        let name: String?
        let description: String?
        let tags: String?
        let photos: String?

        init(_ problems: [PortfolioField: PortfolioProblem], table: StringTable) {
            func message(_ field: PortfolioField) -> String? {
                problems[field].map { table.string("portfolio.problems.\($0.rawValue)") }
            }
            name = message(.name)
            description = message(.description)
            tags = message(.tags)
            photos = message(.photos)
        }
    }

    /// `partials/photo-item`.
    struct PhotoItem: ViewModel {
        let id: String
        let src: String
        let color: String
        let alt: String
        let isCover: Bool
        let isFirst: Bool
        let isLast: Bool
        /// Nil for a photo the script uploaded into a form not saved yet.
        let framing: PrecisePlaneModel?
        /// A film's length, on its thumbnail.
        var duration: String? = nil
        /// A film's poster frame, chosen on its seek slider.
        var poster: PreciseSliderModel? = nil
        /// A film's MP4, where the picker shows the frame the slider is on.
        var filmURL: String? = nil
        /// This photo's own licence, or the portfolio's.
        var licence: LicenceSelect? = nil

        /// A film the script uploaded and the server made: its poster slider from the start,
        /// its crop once the form is shown again (like a photo's).
        static func uploaded(_ photo: Photo, table: StringTable) -> PhotoItem {
            PhotoItem(id: String(photo.storedId), src: PhotoViews.thumbnailURL(photo), color: photo.placeholderColor,
                      alt: "", isCover: false, isFirst: false, isLast: false, framing: nil,
                      duration: photo.film.map { FilmViews.duration($0.duration) },
                      poster: FilmPosters([photo], table: table).view(of: photo.storedId, table: table),
                      filmURL: photo.film.map { MediaFiles.url($0.mp4File) })
        }
    }

    let action: String
    let isNew: Bool
    let csrf: String
    let cancelURL: String
    let deleteURL: String?
    let values: Values
    let photos: [PhotoItem]
    let hasPhotos: Bool
    let errors: Errors
    let hasErrors: Bool
    let framingInvalid: Bool
    let uploadProblems: [String]
    let maxTags: Int
    /// Who sees the portfolio: public, unlisted, private.
    let visibility: [Choice]
    let licence: LicenceSelect
    /// The script fills these placeholders in for each photo it uploads.
    let newItem: PhotoItem

    struct Choice: ViewModel {
        let value: String
        let label: String
        let checked: Bool
    }
}

extension PortfolioEditorPage {
    /// - Parameters:
    ///   - photos: the draft's photos that exist and are the author's, in the draft's order.
    ///   - framings: each photo's square crop, as stored or as typed.
    init(draft: PortfolioDraft, photos: [Photo], framings: PhotoFramings, posters: FilmPosters, table: StringTable,
         action: String, isNew: Bool, csrf: String, problems: [PortfolioField: PortfolioProblem], uploadProblems: [String],
         authorLicence: Licence) {
        self.action = action
        self.isNew = isNew
        self.csrf = csrf
        cancelURL = isNew ? "/profile" : action
        deleteURL = isNew ? nil : "\(action)/delete"
        values = Values(name: draft.name, description: draft.description, tags: draft.tags,
                        hidesShotDetails: draft.hidesShotDetails)
        let alts = Dictionary(draft.photos.map { ($0.photoId, $0.altText) }) { first, _ in first }
        let licences = Dictionary(draft.photos.map { ($0.photoId, $0.licence) }) { first, _ in first }
        let views = LicenceViews(table: table)
        let portfolioLicence = draft.licence ?? authorLicence
        func photoLicence(_ id: String, _ selected: Licence?) -> LicenceSelect {
            var select = views.select(id: "licence-\(id)", name: "licence-\(id)", label: table.string("licence.photo"),
                                      selected: selected, inheritKey: "licence.inheritPortfolio", inherited: portfolioLicence)
            select.quiet = true
            return select
        }
        let cover = photos.first { $0.id == draft.coverPhotoId }?.id ?? photos.first?.id
        self.photos = photos.enumerated().map { index, photo in
            PhotoItem(id: String(photo.storedId), src: PhotoViews.thumbnailURL(photo), color: photo.placeholderColor,
                      alt: alts[photo.storedId] ?? "", isCover: photo.id == cover, isFirst: index == 0,
                      isLast: index == photos.count - 1, framing: framings.view(of: photo.storedId, table: table),
                      duration: photo.film.map { FilmViews.duration($0.duration) }, poster: posters.view(of: photo.storedId, table: table),
                      filmURL: photo.film.map { MediaFiles.url($0.mp4File) },
                      licence: photoLicence(String(photo.storedId), licences[photo.storedId] ?? nil))
        }
        hasPhotos = !photos.isEmpty
        errors = Errors(problems, table: table)
        hasErrors = !problems.isEmpty || !uploadProblems.isEmpty || !framings.isValid || !posters.isValid
        framingInvalid = !framings.isValid || !posters.isValid
        self.uploadProblems = uploadProblems
        maxTags = TagParsing.maximumCount
        visibility = PortfolioVisibility.allCases.map {
            Choice(value: $0.rawValue, label: table.string("sharing.\($0.rawValue)"), checked: $0 == draft.visibility)
        }
        licence = views.select(id: "licence", name: "licence", label: table.string("licence.portfolio"), selected: draft.licence,
                               inheritKey: "licence.inheritProfile", inherited: authorLicence)
        newItem = PhotoItem(id: "{id}", src: "{src}", color: "{color}", alt: "", isCover: false, isFirst: false,
                            isLast: false, framing: nil, licence: photoLicence("{id}", nil))
    }
}
