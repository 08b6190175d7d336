import Foundation
import Testing
@testable import Fotofolio

extension TestDatabase {
    /// Share links with cheap password hashing.
    var sharing: Sharing { Sharing(stores: stores, hasher: PasswordHasher(parameters: .fastForTests)) }

    /// A saved portfolio of `author` seen by `visibility`, under `licence` (nil: the author's
    /// default), with one photo per entry of `photoLicences` (nil: the portfolio's terms).
    @discardableResult
    func portfolio(of author: User, name: String, visibility: PortfolioVisibility, licence: Licence? = nil,
                   photoLicences: [Licence?] = [nil], tags: String = "", at date: Date = Date()) throws -> PortfolioDetails {
        var draft = try self.draft(of: author, name: name, photos: photoLicences.count)
        draft.tags = tags
        draft.visibility = visibility
        draft.licence = licence
        for (index, photoLicence) in photoLicences.enumerated() { draft.photos[index].licence = photoLicence }
        return try portfolios.create(draft, by: author, at: date)
    }

    /// The portfolio made `visibility` by its author, changing nothing else.
    @discardableResult
    func make(_ portfolioId: Int64, _ visibility: PortfolioVisibility, by author: User) throws -> PortfolioDetails {
        var draft = PortfolioDraft(try #require(try portfolios.details(id: portfolioId)))
        draft.visibility = visibility
        return try portfolios.update(portfolioId, with: draft, by: author.id!)
    }

    /// The author's default licence, set as the profile form sets it.
    @discardableResult
    func setDefaultLicence(_ licence: Licence, of author: User) throws -> User {
        var edit = ProfileEdit(try #require(try accounts.user(id: author.id!)))
        edit.licence = licence
        return try accounts.updateProfile(of: author.id!, with: edit)
    }
}

/// The problems a share link form is refused for; empty when it passes.
func shareLinkProblems(_ form: ShareLinkForm, today: CalendarDay) -> [ShareLinkField: ShareLinkProblem] {
    do {
        _ = try form.validated(today: today)
        return [:]
    } catch {
        return error.problems
    }
}
