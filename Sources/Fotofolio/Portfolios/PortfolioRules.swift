/// The rules of a valid portfolio, apart from storage so they read as a list.
enum PortfolioRules {
    static let nameLength = 1...80
    static let maximumDescriptionLength = 2000
    static let photoCount = 1...PortfolioDraft.photoLimit
    static let maximumAltTextLength = 500

    /// Problems that need no database: everything but photo ownership.
    static func problems(in draft: PortfolioDraft) -> [PortfolioField: PortfolioProblem] {
        var problems: [PortfolioField: PortfolioProblem] = [:]
        let name = draft.name.trimmed
        if name.isEmpty { problems[.name] = .nameMissing }
        else if name.count > nameLength.upperBound { problems[.name] = .nameTooLong }
        if draft.description.trimmed.count > maximumDescriptionLength { problems[.description] = .descriptionTooLong }
        problems[.tags] = TagParsing.problem(with: TagParsing.tags(in: draft.tags))
        if draft.photos.isEmpty { problems[.photos] = .noPhotos }
        else if draft.photos.count > photoCount.upperBound { problems[.photos] = .tooManyPhotos }
        else if draft.photos.contains(where: { $0.altText.trimmed.count > maximumAltTextLength }) {
            problems[.photos] = .altTextTooLong
        }
        return problems
    }
}
