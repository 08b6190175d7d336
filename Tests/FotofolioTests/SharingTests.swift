import Foundation
import Testing
@testable import Fotofolio

/// A photographer with an unlisted series, another photographer, and a client, on a day in
/// March 2027: "now" is noon of it in Prague.
struct SharingWorld {
    let world: TestDatabase
    let vojta: User, petra: User, jana: User
    let series: Int64
    let today = CalendarDay(year: 2027, month: 3, day: 10)!
    var now: Date { today.at(minutes: 12 * 60) }

    init(_ visibility: PortfolioVisibility = .unlisted) throws {
        world = try TestDatabase()
        vojta = try world.creator()
        petra = try world.creator("petra.foto")
        jana = try world.client()
        series = try world.portfolio(of: vojta, name: "Svatba Novákových", visibility: visibility).portfolio.id!
    }

    var sharing: Sharing { world.sharing }

    @discardableResult
    func link(_ form: ShareLinkForm = ShareLinkForm(label: "Novákovi"), to portfolioId: Int64? = nil, by author: User? = nil,
              at date: Date? = nil) throws -> ShareLink {
        try sharing.create(form, for: portfolioId ?? series, by: (author ?? vojta).id!, at: date ?? now)
    }
}

/// The author makes, lists and revokes share links; nobody else does.
@Suite struct ShareLinkOwnershipTests {
    @Test func theAuthorCreatesALinkWithAFreshTokenAndNothingCounted() throws {
        let shared = try SharingWorld()
        let link = try shared.link(ShareLinkForm(label: "  Novákovi  "))
        #expect(link.portfolioId == shared.series)
        #expect(SecretToken.isWellFormed(link.token))
        #expect(link.label == "Novákovi")
        #expect(link.expiresAt == nil && link.lastDay == nil)
        #expect(!link.hasPassword)
        #expect(link.viewCount == 0)
        #expect(try shared.sharing.links(of: shared.series, by: shared.vojta.id!) == [link])
        let other = try shared.link()
        #expect(other.token != link.token && other.id != link.id)
    }

    @Test func theAuthorListsTheLinksNewestFirst() throws {
        let shared = try SharingWorld()
        let first = try shared.link(ShareLinkForm(label: "První"), at: shared.now)
        let second = try shared.link(ShareLinkForm(label: "Druhý"), at: shared.now + 60)
        let third = try shared.link(ShareLinkForm(label: "Třetí"), at: shared.now + 120)
        // Made at the same moment, the later one comes first.
        let fourth = try shared.link(ShareLinkForm(label: "Čtvrtý"), at: shared.now + 120)
        #expect(try shared.sharing.links(of: shared.series, by: shared.vojta.id!).map(\.label) == ["Čtvrtý", "Třetí", "Druhý", "První"])
        #expect(try shared.sharing.links(of: shared.series, by: shared.vojta.id!) == [fourth, third, second, first])
        // Another portfolio's links are its own.
        let other = try shared.world.portfolio(of: shared.vojta, name: "Jiné", visibility: .public).portfolio.id!
        #expect(try shared.sharing.links(of: other, by: shared.vojta.id!).isEmpty)
    }

    @Test func theAuthorRevokesALinkAndItIsGoneForGood() throws {
        let shared = try SharingWorld()
        let kept = try shared.link(ShareLinkForm(label: "Zůstane"))
        let revoked = try shared.link(ShareLinkForm(label: "Zmizí"))
        try shared.sharing.revoke(revoked.id, of: shared.series, by: shared.vojta.id!)
        #expect(try shared.sharing.links(of: shared.series, by: shared.vojta.id!) == [kept])
        #expect(try shared.sharing.open(token: revoked.token, at: shared.now) == nil)
        #expect(try shared.sharing.open(token: kept.token, at: shared.now) != nil)
        #expect(throws: PortfolioAccessError.notFound) { try shared.sharing.revoke(revoked.id, of: shared.series, by: shared.vojta.id!) }
        #expect(try shared.world.rowCount("shareLink") == 1)
    }

    @Test func nobodyButTheAuthorCreatesListsOrRevokesLinks() throws {
        let shared = try SharingWorld()
        let link = try shared.link()
        for stranger in [shared.petra, shared.jana] {
            #expect(throws: PortfolioAccessError.notOwner) { try shared.link(to: shared.series, by: stranger) }
            #expect(throws: PortfolioAccessError.notOwner) { try shared.sharing.links(of: shared.series, by: stranger.id!) }
            #expect(throws: PortfolioAccessError.notOwner) { try shared.sharing.revoke(link.id, of: shared.series, by: stranger.id!) }
        }
        #expect(try shared.sharing.links(of: shared.series, by: shared.vojta.id!) == [link])
        #expect(try shared.world.rowCount("shareLink") == 1)
    }

    @Test func aPortfolioThatDoesNotExistHasNoLinks() throws {
        let shared = try SharingWorld()
        #expect(throws: PortfolioAccessError.notFound) { try shared.link(to: 999_999) }
        #expect(throws: PortfolioAccessError.notFound) { try shared.sharing.links(of: 999_999, by: shared.vojta.id!) }
        #expect(throws: PortfolioAccessError.notFound) { try shared.sharing.revoke(1, of: 999_999, by: shared.vojta.id!) }
    }

    @Test func aLinkIsRevokedOnlyThroughItsOwnPortfolio() throws {
        let shared = try SharingWorld()
        let link = try shared.link()
        let vojtasOther = try shared.world.portfolio(of: shared.vojta, name: "Jiné", visibility: .public).portfolio.id!
        let petras = try shared.world.portfolio(of: shared.petra, name: "Petřino", visibility: .unlisted).portfolio.id!
        let petrasLink = try shared.link(to: petras, by: shared.petra)
        // His link named under his other portfolio, and Petra's link under his own portfolio.
        #expect(throws: PortfolioAccessError.notFound) { try shared.sharing.revoke(link.id, of: vojtasOther, by: shared.vojta.id!) }
        #expect(throws: PortfolioAccessError.notFound) {
            try shared.sharing.revoke(petrasLink.id, of: shared.series, by: shared.vojta.id!)
        }
        #expect(throws: PortfolioAccessError.notFound) { try shared.sharing.revoke(999_999, of: shared.series, by: shared.vojta.id!) }
        #expect(try shared.sharing.open(token: link.token, at: shared.now)?.link == link)
        #expect(try shared.sharing.open(token: petrasLink.token, at: shared.now)?.link == petrasLink)
    }

    @Test func aFormWithProblemsMakesNoLink() throws {
        let shared = try SharingWorld()
        #expect(throws: ShareLinkErrors(problems: [.lastDay: .inThePast, .password: .tooShort])) {
            try shared.link(ShareLinkForm(label: "Novákovi", lastDay: shared.today.adding(days: -1).text, password: "12345"))
        }
        #expect(try shared.world.rowCount("shareLink") == 0)
    }

    @Test func theLastDayIsCheckedAgainstTheDayTheLinkIsMadeInPrague() throws {
        let shared = try SharingWorld()
        // 00:30 in Prague is already the next day there, though not yet in UTC.
        let justAfterMidnight = shared.today.adding(days: 1).at(minutes: 30)
        #expect(throws: ShareLinkErrors(problems: [.lastDay: .inThePast])) {
            try shared.link(ShareLinkForm(lastDay: shared.today.text), at: justAfterMidnight)
        }
        let lateEvening = shared.today.at(minutes: 23 * 60 + 30)
        #expect(try shared.link(ShareLinkForm(lastDay: shared.today.text), at: lateEvening).lastDay == shared.today)
    }
}

/// What a token opens, for anyone holding it.
@Suite struct ShareLinkOpeningTests {
    @Test(arguments: [PortfolioVisibility.unlisted, .public])
    func aLinkOpensAnUnlistedOrPublicPortfolio(visibility: PortfolioVisibility) throws {
        let shared = try SharingWorld(visibility)
        let link = try shared.link()
        let opened = try #require(try shared.sharing.open(token: link.token, at: shared.now))
        #expect(opened.link == link)
        let details = try shared.world.portfolios.details(id: shared.series)
        #expect(opened.details == details)
        #expect(opened.details.portfolio.visibility == visibility)
    }

    @Test func aLinkToAPrivatePortfolioDoesNotOpenUntilItIsSharedAgain() throws {
        let shared = try SharingWorld(.private)
        let link = try shared.link()
        #expect(try shared.sharing.open(token: link.token, at: shared.now) == nil)
        try shared.world.make(shared.series, .unlisted, by: shared.vojta)
        #expect(try shared.sharing.open(token: link.token, at: shared.now)?.link == link)
        try shared.world.make(shared.series, .private, by: shared.vojta)
        #expect(try shared.sharing.open(token: link.token, at: shared.now) == nil)
    }

    @Test func anUnknownTokenOpensNothing() throws {
        let shared = try SharingWorld()
        try shared.link()
        #expect(try shared.sharing.open(token: String(repeating: "0", count: 48), at: shared.now) == nil)
        #expect(try shared.sharing.open(token: String(repeating: "f", count: 48), at: shared.now) == nil)
    }

    @Test func aMalformedTokenOpensNothingEvenWhenItNamesALink() throws {
        let shared = try SharingWorld()
        let token = try shared.link().token
        for text in ["", "xyz", token.uppercased(), " " + token, token + " ", token + "0", String(token.dropLast()),
                     String(token.dropLast()) + "g", "'; DROP TABLE shareLink; --", String(repeating: "a", count: 10_000)] {
            #expect(try shared.sharing.open(token: text, at: shared.now) == nil, "\(text.prefix(60))")
        }
        #expect(!SecretToken.isWellFormed(token.uppercased()))
        #expect(try shared.sharing.open(token: token, at: shared.now) != nil)
    }

    /// A last day is a whole day in Prague: the link opens until its last minute, also on
    /// days the clocks change, and not a moment after.
    @Test(arguments: ["2027-03-12", "2027-03-27", "2027-03-28", "2027-10-31"])
    func aLinkOpensUntilTheEndOfItsLastDayInPrague(lastDayText: String) throws {
        let shared = try SharingWorld()
        let lastDay = try #require(CalendarDay(lastDayText))
        let link = try shared.link(ShareLinkForm(label: "Do \(lastDayText)", lastDay: lastDayText))
        #expect(link.lastDay == lastDay)
        #expect(link.expiresAt == lastDay.adding(days: 1).start)
        for moment in [shared.now, lastDay.start, lastDay.at(minutes: 12 * 60), lastDay.at(minutes: 23 * 60 + 59),
                       lastDay.adding(days: 1).start.addingTimeInterval(-1)] {
            #expect(try shared.sharing.open(token: link.token, at: moment)?.link.id == link.id, "\(moment)")
        }
        for moment in [lastDay.adding(days: 1).start, lastDay.adding(days: 1).at(minutes: 30), lastDay.adding(days: 400).start] {
            #expect(try shared.sharing.open(token: link.token, at: moment) == nil, "\(moment)")
        }
        // Read back from the store, the link still knows its last day.
        #expect(try shared.sharing.links(of: shared.series, by: shared.vojta.id!).first?.lastDay == lastDay)
    }

    @Test func aLinkWithoutALastDayOpensYearsLater() throws {
        let shared = try SharingWorld()
        let link = try shared.link()
        #expect(try shared.sharing.open(token: link.token, at: shared.today.adding(days: 3650).start) != nil)
    }

    @Test func everyOpeningCountedAddsOneView() throws {
        let shared = try SharingWorld()
        let link = try shared.link()
        let other = try shared.link(ShareLinkForm(label: "Jiný"))
        try shared.sharing.countView(of: link)
        try shared.sharing.countView(of: link)
        let opened = try #require(try shared.sharing.open(token: link.token, at: shared.now))
        #expect(opened.link.viewCount == 2)
        try shared.sharing.countView(of: opened.link)
        let listed = try shared.sharing.links(of: shared.series, by: shared.vojta.id!)
        #expect(listed.first { $0.id == link.id }?.viewCount == 3)
        #expect(listed.first { $0.id == other.id }?.viewCount == 0)
    }

    @Test func deletingThePortfolioTakesItsLinksAlong() throws {
        let shared = try SharingWorld()
        let link = try shared.link()
        try shared.world.portfolios.delete(shared.series, by: shared.vojta.id!)
        #expect(try shared.sharing.open(token: link.token, at: shared.now) == nil)
        #expect(try shared.world.rowCount("shareLink") == 0)
    }
}

/// A link behind a password: the right one gives a pass that opens it from then on.
@Suite struct ShareLinkPasswordTests {
    let address = "203.0.113.7"

    @Test func aLinkWithoutAPasswordAdmitsAnyone() throws {
        let shared = try SharingWorld()
        let link = try shared.link()
        #expect(shared.sharing.admits(link, pass: nil))
        #expect(shared.sharing.admits(link, pass: "cokoli"))
    }

    @Test func aPasswordIsStoredOnlyAsAHash() throws {
        let shared = try SharingWorld()
        let link = try shared.link(ShareLinkForm(password: "tajne-heslo"))
        #expect(link.hasPassword)
        let hash = try #require(link.passwordHash)
        #expect(hash.hasPrefix("$argon2id$") && !hash.contains("tajne-heslo"))
    }

    @Test func withoutAPassNobodyIsAdmitted() throws {
        let shared = try SharingWorld()
        let link = try shared.link(ShareLinkForm(password: "tajne-heslo"))
        #expect(!shared.sharing.admits(link, pass: nil))
        #expect(!shared.sharing.admits(link, pass: ""))
        #expect(!shared.sharing.admits(link, pass: "tajne-heslo"))
        #expect(!shared.sharing.admits(link, pass: link.token))
        #expect(!shared.sharing.admits(link, pass: link.passwordHash))
    }

    @Test func aWrongPasswordIsRefused() throws {
        let shared = try SharingWorld()
        let link = try shared.link(ShareLinkForm(password: "tajne-heslo"))
        for wrong in ["", "tajne-hesl", "TAJNE-HESLO", "tajne-heslo ", String(repeating: "x", count: 10_000)] {
            #expect(throws: ShareUnlockError.wrongPassword) { try shared.sharing.unlock(link, password: wrong, from: address, at: shared.now) }
        }
    }

    @Test func theRightPasswordGivesAPassThatAdmits() throws {
        let shared = try SharingWorld()
        let link = try shared.link(ShareLinkForm(password: "tajne-heslo"))
        let pass = try shared.sharing.unlock(link, password: "tajne-heslo", from: address, at: shared.now)
        #expect(!pass.isEmpty)
        #expect(shared.sharing.admits(link, pass: pass))
        // The link as opened later from its token, and the pass from a second unlocking, agree.
        let opened = try #require(try shared.sharing.open(token: link.token, at: shared.now + 3600))
        #expect(shared.sharing.admits(opened.link, pass: pass))
        #expect(try shared.sharing.unlock(opened.link, password: "tajne-heslo", from: "198.51.100.1", at: shared.now + 3600) == pass)
        // Nothing but the pass itself: not a piece of it, nor more.
        #expect(!shared.sharing.admits(link, pass: String(pass.dropLast())))
        #expect(!shared.sharing.admits(link, pass: pass + "0"))
        #expect(!shared.sharing.admits(link, pass: pass.uppercased()))
    }

    @Test func aPassForAnotherLinkDoesNotAdmit() throws {
        let shared = try SharingWorld()
        let link = try shared.link(ShareLinkForm(label: "Novákovi", password: "tajne-heslo"))
        let other = try shared.link(ShareLinkForm(label: "Svědci", password: "tajne-heslo"))
        let pass = try shared.sharing.unlock(link, password: "tajne-heslo", from: address, at: shared.now)
        let otherPass = try shared.sharing.unlock(other, password: "tajne-heslo", from: address, at: shared.now)
        #expect(shared.sharing.admits(link, pass: pass) && shared.sharing.admits(other, pass: otherPass))
        #expect(!shared.sharing.admits(other, pass: pass))
        #expect(!shared.sharing.admits(link, pass: otherPass))
        // Changing nothing else: another token under the same password hash…
        var sameHash = link
        sameHash.token = other.token
        #expect(!shared.sharing.admits(sameHash, pass: pass))
        // …or the same token under another hash of the same password (a password set anew).
        var sameToken = link
        sameToken.passwordHash = other.passwordHash
        #expect(!shared.sharing.admits(sameToken, pass: pass))
        // A link of another portfolio, made by another author, behind the same password.
        let petras = try shared.world.portfolio(of: shared.petra, name: "Petřino", visibility: .unlisted).portfolio.id!
        let petrasLink = try shared.link(ShareLinkForm(password: "tajne-heslo"), to: petras, by: shared.petra)
        #expect(!shared.sharing.admits(petrasLink, pass: pass))
    }

    @Test func repeatedWrongPasswordsFromOneAddressMustWait() throws {
        let shared = try SharingWorld()
        let link = try shared.link(ShareLinkForm(password: "tajne-heslo"))
        for attempt in 0..<LoginThrottle.pairLimit {
            #expect(throws: ShareUnlockError.wrongPassword, "\(attempt)") {
                try shared.sharing.unlock(link, password: "hadam-\(attempt)", from: address, at: shared.now + Double(attempt))
            }
        }
        let later = shared.now + 60
        let refused = unlockWait { try shared.sharing.unlock(link, password: "hadam-dal", from: address, at: later) }
        #expect(refused != nil && refused! > .zero && refused! <= .seconds(LoginThrottle.pairWindow))
        // Even the right password waits there now…
        #expect(unlockWait { try shared.sharing.unlock(link, password: "tajne-heslo", from: address, at: later) } != nil)
        // …while someone elsewhere gets in, and another link from the same address is not held up.
        let elsewhere = try shared.sharing.unlock(link, password: "tajne-heslo", from: "198.51.100.1", at: later)
        #expect(shared.sharing.admits(link, pass: elsewhere))
        let other = try shared.link(ShareLinkForm(label: "Jiný", password: "jine-heslo"))
        #expect(throws: Never.self) { try shared.sharing.unlock(other, password: "jine-heslo", from: address, at: later) }
        // Once the window has passed, the right password opens it from there too.
        let afterWindow = shared.now + LoginThrottle.pairWindow + 1
        #expect(try shared.sharing.unlock(link, password: "tajne-heslo", from: address, at: afterWindow) == elsewhere)
    }

    @Test func aLinkWithoutAPasswordNeedsNoUnlocking() throws {
        let shared = try SharingWorld()
        let link = try shared.link()
        #expect(try shared.sharing.unlock(link, password: "cokoli", from: address, at: shared.now) == "")
        #expect(shared.sharing.admits(link, pass: nil))
    }
}

/// The wait an unlocking was refused with, or nil when it was not refused for waiting.
func unlockWait(_ body: () throws -> String) -> Duration? {
    do {
        _ = try body()
        return nil
    } catch let error as ShareUnlockError {
        guard case .tooManyAttempts(let wait) = error else { return nil }
        return wait
    } catch {
        return nil
    }
}
