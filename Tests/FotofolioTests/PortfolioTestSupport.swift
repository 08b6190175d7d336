import Foundation
@testable import Fotofolio

extension TestDatabase {
    var portfolios: PortfoliosService { PortfoliosService(stores: stores) }

    /// A creator with a fresh account.
    func creator(_ username: String = "vojtafoti") throws -> User {
        try accounts.register(.creator(username, email: "\(username)@example.cz"))
    }

    func client(_ username: String = "jana.k") throws -> User {
        try accounts.register(.client(username, email: "\(username)@example.cz"))
    }

    /// A photo record of `owner` with no files behind it: enough for rules about portfolios.
    func storedPhoto(of owner: User) throws -> Int64 {
        let photo = Photo(
            id: nil, ownerId: owner.id!, originalFile: "originals/x.jpg", format: .jpeg, width: 300, height: 200,
            byteCount: 1000, placeholderColor: "#808080", cropCenterX: 0.5, cropCenterY: 0.5, cropZoom: 1,
            variants: [], shot: .init(), credit: nil, licence: nil, licenceURL: nil, createdAt: Date())
        return try stores.photos.insert(photo).id!
    }

    /// A valid draft with `count` new photos of `owner`.
    func draft(of owner: User, name: String = "Svatby", photos count: Int = 2) throws -> PortfolioDraft {
        var draft = PortfolioDraft()
        draft.name = name
        draft.description = "Svatby v Praze a okolí."
        draft.tags = "svatba portrét"
        for index in 0..<count {
            draft.photos.append(.init(photoId: try storedPhoto(of: owner), altText: "Fotka \(index + 1)"))
        }
        return draft
    }
}

func portfolioProblems(_ body: () throws -> Void) -> [PortfolioField: PortfolioProblem] {
    do {
        try body()
        return [:]
    } catch let error as PortfolioErrors {
        return error.problems
    } catch {
        return [:]
    }
}
