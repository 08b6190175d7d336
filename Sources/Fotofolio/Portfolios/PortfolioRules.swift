/// The rules of a valid portfolio, apart from storage so they read as a list.
enum PortfolioRules {
    static let nameLimit = TextLimit(characters: 80)
    static let descriptionLimit = TextLimit(characters: 2000)
    static let photoCount = 1...PortfolioDraft.photoLimit
    static let altTextLimit = TextLimit(characters: 500)

    /// Problems that need no database: everything but photo ownership.
    static func problems(in draft: PortfolioDraft) -> [PortfolioField: PortfolioProblem] {
        var problems: [PortfolioField: PortfolioProblem] = [:]
        if !nameLimit.allows(draft.name) { problems[.name] = .nameTooLong }
        else if draft.name.trimmed.isEmpty { problems[.name] = .nameMissing }
        else if draft.name.containsControlCharacters() { problems[.name] = .textCharacters }
        let description = draft.description.withUnixLineBreaks
        if !descriptionLimit.allows(description.trimmed) { problems[.description] = .descriptionTooLong }
        else if description.containsControlCharacters(allowing: multilineControls) { problems[.description] = .textCharacters }
        problems[.tags] = TagParsing.problem(in: draft.tags)
        if draft.photos.isEmpty { problems[.photos] = .noPhotos }
        else if draft.photos.count > photoCount.upperBound { problems[.photos] = .tooManyPhotos }
        else if draft.photos.contains(where: { !altTextLimit.allows($0.altText.trimmed) }) { problems[.photos] = .altTextTooLong }
        else if draft.photos.contains(where: { $0.altText.containsControlCharacters() }) { problems[.photos] = .textCharacters }
        return problems
    }
}
