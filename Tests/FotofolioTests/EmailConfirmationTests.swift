import Foundation
import Testing
@testable import Fotofolio

@Suite struct EmailConfirmationTests {
    @Test func aLinkIsMailedAndConfirmsTheAddressOnce() throws {
        let world = try TestDatabase()
        let user = try world.accounts.register(.client())
        let confirmations = EmailConfirmations(stores: world.stores)
        let token = try confirmations.issue(for: user)
        let queued = try world.queuedMails()
        #expect(queued.map(\.content) == [.confirmEmail(token: token)])
        #expect(queued.map(\.address) == [user.email])
        #expect(try confirmations.confirm(token) == .confirmed(userId: try #require(user.id)))
        #expect(try world.accounts.user(id: try #require(user.id))?.emailConfirmedAt != nil)
        #expect(try confirmations.confirm(token) == .alreadyUsed)
        #expect(try confirmations.confirm("no-such-token") == .unknown)
    }

    @Test func aLinkExpiresAfter48Hours() throws {
        let world = try TestDatabase()
        let user = try world.accounts.register(.client())
        let confirmations = EmailConfirmations(stores: world.stores)
        let start = Date()
        let token = try confirmations.issue(for: user, at: start)
        #expect(EmailConfirmations.lifetime == 48 * 3600)
        #expect(try confirmations.confirm(token, at: start.addingTimeInterval(EmailConfirmations.lifetime + 1)) == .expired)
        #expect(try world.accounts.user(id: try #require(user.id))?.emailConfirmedAt == nil)
    }

    @Test func aLinkForAnAddressNoLongerUsedConfirmsNothing() throws {
        let world = try TestDatabase()
        var user = try world.accounts.register(.client())
        let confirmations = EmailConfirmations(stores: world.stores)
        let old = try confirmations.issue(for: user)
        let previous = user.email
        user.email = "nova@example.cz"
        try world.stores.accounts.update(user, claimingAvatar: nil)
        let new = try confirmations.issue(for: user, previousAddress: previous)
        #expect(try confirmations.confirm(old) == .addressChanged)
        #expect(try world.accounts.user(id: try #require(user.id))?.emailConfirmedAt == nil)
        // The new address gets the link, the old one a notice of where mail goes now.
        let queued = try world.queuedMails()
        #expect(queued.contains { $0.content == .confirmEmail(token: new) && $0.address == "nova@example.cz" })
        #expect(queued.contains { $0.content == .emailChanged(newAddress: "nova@example.cz") && $0.address == previous })
        #expect(try confirmations.confirm(new) == .confirmed(userId: try #require(user.id)))
    }

    @Test func askingAgainWaitsFiveMinutesAndAllowsFiveADay() throws {
        let world = try TestDatabase()
        let user = try world.accounts.register(.client())
        let confirmations = EmailConfirmations(stores: world.stores)
        let start = Date.wholeSecond
        try confirmations.issue(for: user, at: start)
        #expect(throws: ResendThrottled(retryAfter: .seconds(240))) { try confirmations.resend(for: user, at: start.addingTimeInterval(60)) }
        for minute in 1...4 { try confirmations.resend(for: user, at: start.addingTimeInterval(Double(minute) * 360)) }
        #expect(throws: ResendThrottled.self) { try confirmations.resend(for: user, at: start.addingTimeInterval(3 * 3600)) }
        try confirmations.resend(for: user, at: start.addingTimeInterval(24 * 3600 + 60))
        #expect(try world.queuedMails().count == 6)
    }

    @Test func theResendWaitIsReadFromWhenLinksWent() {
        let now = Date(timeIntervalSince1970: 1_000_000)
        #expect(EmailConfirmations.resendWait(after: [], at: now) == nil)
        #expect(EmailConfirmations.resendWait(after: [now.addingTimeInterval(-60)], at: now) == .seconds(240))
        #expect(EmailConfirmations.resendWait(after: [now.addingTimeInterval(-301)], at: now) == nil)
        let five = (1...5).map { now.addingTimeInterval(Double(-$0) * 3600) }
        #expect(EmailConfirmations.resendWait(after: five, at: now) == .seconds(19 * 3600))
    }
}

extension TestDatabase {
    var mail: any MailStore { stores.mail }

    /// Every pending mail, due or not, oldest first.
    func queuedMails() throws -> [QueuedMail] {
        let far = Date().addingTimeInterval(400 * 24 * 3600)
        return try stores.mail.due(at: far, missedBefore: far, limit: 1000).sorted { $0.id < $1.id }
    }
}
