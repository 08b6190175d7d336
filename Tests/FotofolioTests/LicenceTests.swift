import Foundation
import Testing
@testable import Fotofolio

/// The licences: their names, which ones are free to reuse, and a photo's credit read as one.
@Suite struct LicenceTests {
    @Test(arguments: [
        ("CC BY 2.0", Licence.ccBy), ("CC BY 4.0", .ccBy), ("CC BY-SA 4.0", .ccBySa), ("CC BY-SA 2.0", .ccBySa),
        ("CC BY-NC 3.0", .ccByNc), ("CC0 1.0", .cc0),
    ])
    func aCreativeCommonsCreditNamesItsLicenceFamily(credit: String, licence: Licence) {
        #expect(Licence(creditName: credit) == licence)
    }

    @Test(arguments: ["Public domain", "CC BY-ND 4.0", "CC BY-NC-SA 4.0", "", "CC BY", "CC0", "CC", "All rights reserved",
                      "GFDL 1.2", "cc by 4.0"])
    func anyOtherCreditIsNoLicenceOfOurs(credit: String) {
        #expect(Licence(creditName: credit) == nil)
    }

    @Test func everyLicenceButAllRightsReservedIsFreeToReuseAndHasANameAndADeed() {
        for licence in Licence.allCases {
            #expect(licence.isFreeToReuse == (licence != .allRightsReserved), "\(licence)")
            #expect((licence.name != nil) == licence.isFreeToReuse, "\(licence)")
            #expect((licence.url?.hasPrefix("https://creativecommons.org/") ?? false) == licence.isFreeToReuse, "\(licence)")
        }
        #expect(Set(Licence.freeCodes) == ["cc-by", "cc-by-sa", "cc-by-nc", "cc0"])
    }

    @Test func aLicencesNameReadsBackAsTheSameLicence() {
        for licence in Licence.allCases {
            guard let name = licence.name else { continue }
            #expect(Licence(creditName: name) == licence, "\(name)")
        }
    }
}

/// Which licence a photo is shown with: its own, else its portfolio's, else its author's default.
@Suite struct PhotoLicenceTests {
    @Test func aPortfolioKeepsItsVisibilityItsLicenceAndEachPhotosLicence() throws {
        let world = try TestDatabase()
        let vojta = try world.creator()
        let created = try world.portfolio(of: vojta, name: "Série", visibility: .unlisted, licence: .ccBySa,
                                          photoLicences: [.ccBy, nil, .allRightsReserved])
        let read = try #require(try world.portfolios.details(id: created.portfolio.id!))
        #expect(read == created)
        #expect(read.portfolio.visibility == .unlisted)
        #expect(read.portfolio.licence == .ccBySa)
        #expect(read.photos.map(\.licence) == [.ccBy, nil, .allRightsReserved])
        #expect(read.photos.map { read.licence(of: $0) } == [.ccBy, .ccBySa, .allRightsReserved])
        // The edit form starts from what was stored, and saving it unchanged changes nothing.
        let draft = PortfolioDraft(read)
        #expect(draft.visibility == .unlisted && draft.licence == .ccBySa)
        #expect(draft.photos.map(\.licence) == [.ccBy, nil, .allRightsReserved])
        let saved = try world.portfolios.update(read.portfolio.id!, with: draft, by: vojta.id!)
        #expect(saved.portfolio.visibility == .unlisted && saved.portfolio.licence == .ccBySa)
        #expect(saved.photos.map(\.licence) == [.ccBy, nil, .allRightsReserved])
    }

    @Test func anEditChangesVisibilityAndLicencesAndCanClearThem() throws {
        let world = try TestDatabase()
        let vojta = try world.creator()
        let created = try world.portfolio(of: vojta, name: "Série", visibility: .private, licence: .cc0,
                                          photoLicences: [.ccByNc, nil])
        var draft = PortfolioDraft(created)
        draft.visibility = .public
        draft.licence = nil
        draft.photos[0].licence = nil
        draft.photos[1].licence = .ccBy
        _ = try world.portfolios.update(created.portfolio.id!, with: draft, by: vojta.id!)
        let read = try #require(try world.portfolios.details(id: created.portfolio.id!))
        #expect(read.portfolio.visibility == .public && read.portfolio.licence == nil)
        #expect(read.photos.map(\.licence) == [nil, .ccBy])
        // Without a licence of its own or the portfolio's, a photo is under the author's default.
        #expect(read.photos.map { read.licence(of: $0) } == [.allRightsReserved, .ccBy])
    }

    @Test func everyVisibilityIsStoredAndTheAuthorStillListsThemAll() throws {
        let world = try TestDatabase()
        let vojta = try world.creator()
        for visibility in PortfolioVisibility.allCases {
            let created = try world.portfolio(of: vojta, name: visibility.rawValue, visibility: visibility)
            #expect(try world.portfolios.details(id: created.portfolio.id!)?.portfolio.visibility == visibility)
        }
        let own = try world.portfolios.portfolios(ownedBy: vojta.id!)
        #expect(Set(own.map(\.portfolio.name)) == ["public", "unlisted", "private"])
        #expect(Set(own.map(\.portfolio.visibility)) == Set(PortfolioVisibility.allCases))
    }

    @Test func aNewPortfolioIsPublicUnderTheAuthorsDefault() throws {
        let world = try TestDatabase()
        let vojta = try world.creator()
        let created = try world.portfolio(of: vojta)
        #expect(created.portfolio.visibility == .public && created.portfolio.licence == nil)
        #expect(created.photos.allSatisfy { $0.licence == nil && created.licence(of: $0) == .allRightsReserved })
    }

    @Test func theAuthorsDefaultFollowsTheProfileIntoEveryPortfolioWithoutTermsOfItsOwn() throws {
        let world = try TestDatabase()
        let vojta = try world.creator()
        let plain = try world.portfolio(of: vojta, name: "Bez", visibility: .public)
        let own = try world.portfolio(of: vojta, name: "Vlastní", visibility: .public, licence: .ccByNc)
        try world.setDefaultLicence(.cc0, of: vojta)
        let plainRead = try #require(try world.portfolios.details(id: plain.portfolio.id!))
        let ownRead = try #require(try world.portfolios.details(id: own.portfolio.id!))
        #expect(plainRead.owner.licence == .cc0)
        #expect(plainRead.photos.map { plainRead.licence(of: $0) } == [.cc0])
        #expect(ownRead.photos.map { ownRead.licence(of: $0) } == [.ccByNc])
        // The feed's cards carry the same author.
        let cards = try world.feed.details(of: [plainRead.portfolio])
        #expect(cards.first.map { $0.licence(of: $0.photos[0]) } == .cc0)
    }
}

/// The default licence on the profile form.
@Suite struct ProfileLicenceTests {
    @Test func aCreatorsDefaultLicenceIsSaved() throws {
        let world = try TestDatabase()
        let vojta = try world.creator()
        #expect(vojta.licence == .allRightsReserved)
        #expect(try world.setDefaultLicence(.ccBySa, of: vojta).licence == .ccBySa)
        #expect(try world.accounts.user(id: vojta.id!)?.licence == .ccBySa)
        #expect(ProfileEdit(try #require(try world.accounts.user(id: vojta.id!))).licence == .ccBySa)
        try world.setDefaultLicence(.allRightsReserved, of: vojta)
        #expect(try world.accounts.user(id: vojta.id!)?.licence == .allRightsReserved)
    }

    @Test func anEditWithoutALicenceKeepsTheOneStored() throws {
        let world = try TestDatabase()
        let vojta = try world.creator()
        try world.setDefaultLicence(.cc0, of: vojta)
        var edit = ProfileEdit(try #require(try world.accounts.user(id: vojta.id!)))
        edit.licence = nil
        edit.location = "Brno"
        _ = try world.accounts.updateProfile(of: vojta.id!, with: edit)
        let read = try #require(try world.accounts.user(id: vojta.id!))
        #expect(read.licence == .cc0 && read.location == "Brno")
    }

    @Test func aClientsLicenceIsIgnored() throws {
        let world = try TestDatabase()
        let jana = try world.client()
        let saved = try world.setDefaultLicence(.ccBy, of: jana)
        #expect(saved.licence == .allRightsReserved)
        #expect(try world.accounts.user(id: jana.id!)?.licence == .allRightsReserved)
    }
}
