import Foundation
import Testing
@testable import Fotofolio

/// The mail outbox's contract, on both stores.
@Suite struct MailOutboxTests {
    func mail(to user: User, _ content: MailContent, due: Date = Date(), batch: String? = nil) -> NewMail {
        NewMail(to: user.id!, address: user.email, content: content, dueAt: due, batch: batch)
    }

    @Test func dueMailsComeOldestDueFirstAndLaterOnesWait() throws {
        let world = try TestDatabase()
        let user = try world.accounts.register(.client())
        let now = Date()
        try world.mail.enqueue(mail(to: user, .passwordReset(token: "b"), due: now.addingTimeInterval(-10)), at: now)
        try world.mail.enqueue(mail(to: user, .passwordReset(token: "a"), due: now.addingTimeInterval(-20)), at: now)
        try world.mail.enqueue(mail(to: user, .passwordReset(token: "later"), due: now.addingTimeInterval(60)), at: now)
        let due = try world.mail.due(at: now, missedBefore: now, limit: 10)
        #expect(due.map(\.content) == [.passwordReset(token: "a"), .passwordReset(token: "b")])
    }

    /// A mail due later (a payment's reminder) is scheduled, not waiting: nothing is late.
    @Test func aMailDueLaterIsScheduledNotWaiting() throws {
        let world = try TestDatabase()
        let user = try world.accounts.register(.client())
        let now = Date()
        try world.mail.enqueue(mail(to: user, .passwordReset(token: "now"), due: now), at: now)
        try world.mail.enqueue(mail(to: user, .paymentReminder(bookingId: 1, part: .rest, dueOn: "2027-06-28"),
                                    due: now.addingTimeInterval(30 * 86_400)), at: now)
        #expect(try world.mail.counts(at: now) == MailCounts(pending: 1, retrying: 0, failed: 0, scheduled: 1))
        #expect(try world.mail.counts(at: now.addingTimeInterval(31 * 86_400)) == MailCounts(pending: 2, retrying: 0, failed: 0))
    }

    @Test func missedMessagesWaitForTheUnreadDelay() throws {
        let world = try TestDatabase()
        let user = try world.accounts.register(.client())
        let now = Date()
        try world.mail.enqueue(mail(to: user, .missedMessages(since: now), due: now), at: now)
        #expect(try world.mail.due(at: now, missedBefore: now.addingTimeInterval(-600), limit: 10).isEmpty)
        #expect(try world.mail.due(at: now.addingTimeInterval(600), missedBefore: now, limit: 10).count == 1)
    }

    @Test func oneMailWaitsPerBatchAndTheNextBatchBeginsOnceItIsSent() throws {
        let world = try TestDatabase()
        let user = try world.accounts.register(.client())
        let now = Date()
        #expect(try world.mail.enqueue(mail(to: user, .missedMessages(since: now), batch: "missed:1"), at: now))
        #expect(try world.mail.enqueue(mail(to: user, .missedMessages(since: now), batch: "missed:1"), at: now) == false)
        let sent = try #require(try world.queuedMails().first)
        try world.mail.markSent(sent.id, at: now, keeping: sent.content)
        #expect(try world.mail.enqueue(mail(to: user, .missedMessages(since: now), batch: "missed:1"), at: now))
    }

    @Test func aSentMailKeepsNoSecret() throws {
        let world = try TestDatabase()
        let user = try world.accounts.register(.client())
        try world.mail.enqueue(mail(to: user, .passwordReset(token: "secret")), at: Date())
        let queued = try #require(try world.queuedMails().first)
        try world.mail.markSent(queued.id, at: Date(), keeping: queued.content.withoutSecrets)
        #expect(try world.queuedMails().isEmpty)
        let record = try #require(try world.mail.record(key: queued.key))
        #expect(record.state == .sent)
        #expect(record.kind == .passwordReset)
        #expect(try world.mail.counts() == MailCounts(pending: 0, retrying: 0, failed: 0))
    }

    @Test func aRetryWaitsAndCountsItsAttempts() throws {
        let world = try TestDatabase()
        let user = try world.accounts.register(.client())
        let now = Date()
        try world.mail.enqueue(mail(to: user, .passwordReset(token: "x")), at: now)
        let queued = try #require(try world.queuedMails().first)
        try world.mail.markRetry(queued.id, next: now.addingTimeInterval(30), error: "451 4.3.0 Try later")
        #expect(try world.mail.due(at: now, missedBefore: now, limit: 10).isEmpty)
        let again = try #require(try world.mail.due(at: now.addingTimeInterval(31), missedBefore: now, limit: 10).first)
        #expect(again.attempts == 1)
        #expect(try world.mail.counts() == MailCounts(pending: 0, retrying: 1, failed: 0))
        #expect(try world.mail.record(key: queued.key)?.lastError == "451 4.3.0 Try later")
    }

    @Test func threeHardBouncesStopMailToTheAddress() throws {
        let world = try TestDatabase()
        let user = try world.accounts.register(.client())
        let now = Date()
        for round in 0..<3 {
            #expect(try world.mail.enqueue(mail(to: user, .passwordReset(token: "\(round)")), at: now))
            let queued = try #require(try world.queuedMails().first)
            try world.mail.markFailed(queued.id, at: now, error: "550 5.1.1 No such user", hardBounce: true)
        }
        #expect(try world.mail.bounces(of: user.email.uppercased()) == 3)
        #expect(try world.mail.enqueue(mail(to: user, .passwordReset(token: "4")), at: now) == false)
        #expect(try world.mail.counts().failed == 3)
        #expect(try MailPreferences(stores: world.stores).isBouncing(user.email))
    }

    @Test func aKindTurnedOffIsNotQueuedButAccountMailsAlwaysAre() throws {
        let world = try TestDatabase()
        let user = try world.accounts.register(.client())
        let preferences = MailPreferences(stores: world.stores)
        var settings = try preferences.settings(of: user.id!)
        #expect(settings == .default)
        settings.shoots = false
        settings.messages = .never
        try preferences.save(settings, of: user.id!)
        #expect(try world.mail.enqueue(mail(to: user, .shoot(messageId: 1)), at: Date()) == false)
        #expect(try world.mail.enqueue(mail(to: user, .missedMessages(since: Date())), at: Date()) == false)
        #expect(try world.mail.enqueue(mail(to: user, .gallery(galleryId: 1, event: .ready)), at: Date()))
        #expect(try world.mail.enqueue(mail(to: user, .passwordReset(token: "x")), at: Date()))
    }

    @Test func anUnsubscribeLinkTurnsOffOneKindForItsPersonOnly() throws {
        let world = try TestDatabase()
        let jana = try world.accounts.register(.client())
        let vojta = try world.accounts.register(.creator())
        let preferences = MailPreferences(stores: world.stores)
        let token = try preferences.unsubscribeToken(for: jana.id!, kind: .shoot)
        // Another kind, another person's id with this signature, a changed signature: nothing.
        #expect(try preferences.unsubscribe(token: token, kind: .gallery) == false)
        #expect(try preferences.unsubscribe(token: "\(vojta.id!)." + token.split(separator: ".")[1], kind: .shoot) == false)
        #expect(try preferences.unsubscribe(token: String(token.dropLast()) + (token.hasSuffix("0") ? "1" : "0"), kind: .shoot) == false)
        #expect(try preferences.unsubscribe(token: try preferences.unsubscribeToken(for: jana.id!, kind: .passwordReset),
                                            kind: .passwordReset) == false)
        #expect(try preferences.settings(of: jana.id!) == .default)
        #expect(try preferences.unsubscribe(token: token, kind: .shoot))
        #expect(try preferences.settings(of: jana.id!).shoots == false)
        #expect(try preferences.settings(of: vojta.id!) == .default)
    }
}

/// What a message tells the people in its conversation by mail.
@Suite struct MessageMailTests {
    @Test func aBurstOfDirectMessagesMakesOneMissedMessageMail() throws {
        let world = try TestDatabase()
        let (jana, vojta) = (try world.accounts.register(.client()), try world.accounts.register(.creator()))
        let room = try world.messenger.directRoom(between: jana.id!, and: vojta.id!).id
        let start = Date()
        for second in 0..<5 { try world.send("Dobrý den \(second)", in: room, by: jana.id!, at: start.addingTimeInterval(Double(second))) }
        let queued = try world.queuedMails()
        #expect(queued.map(\.recipientId) == [vojta.id!])
        guard case .missedMessages(let since) = try #require(queued.first).content else { Issue.record("not a missed-message mail"); return }
        #expect(abs(since.timeIntervalSince(start)) < 0.001)
    }

    @Test func inAGroupOnlyAMentionMailsUnlessGroupsAreChosen() throws {
        let world = try TestDatabase()
        let (jana, vojta, eva) = (try world.accounts.register(.client()), try world.accounts.register(.creator()),
                                  try world.accounts.register(.client("eva.n", email: "eva@example.cz")))
        let room = try world.messenger.createGroup(named: "Svatba", by: jana.id!, members: [vojta.id!, eva.id!]).id
        var settings = MailSettings.default
        settings.groupMessages = true
        try world.mail.save(settings, of: eva.id!)
        try world.send("Ahoj všichni", in: room, by: jana.id!)
        #expect(try world.queuedMails().map(\.recipientId) == [eva.id!])
        try world.send("@vojtafoti máš čas v sobotu?", in: room, by: jana.id!)
        #expect(Set(try world.queuedMails().map(\.recipientId)) == [eva.id!, vojta.id!])
    }

    /// A store reads only the members in a message's audience: everyone a message tells must
    /// be in it, and an ordinary group message's audience is exactly whom it tells.
    @Test(arguments: [MessageMail.missed, .shoot, .none], [true, false])
    func everyoneAMessageTellsIsInItsAudience(kind: MessageMail, direct: Bool) {
        for mentioned in [true, false] {
            for (groupMessages, shoots) in [(true, true), (true, false), (false, true), (false, false)] {
                var settings = MailSettings.default
                settings.groupMessages = groupMessages
                settings.shoots = shoots
                let tells = kind.tells(roomIsDirect: direct, mentioned: mentioned, settings: settings)
                let inAudience = switch kind.audience(roomIsDirect: direct) {
                case .nobody: false
                case .everyone: true
                case .mentionedOrChoosingGroups: mentioned || settings.groupMessages
                }
                #expect(!tells || inAudience, "\(kind), direct \(direct), mentioned \(mentioned), \(settings)")
                if kind == .missed && !direct { #expect(tells == inAudience) }
            }
        }
        #expect(MessageMail.missed.audience(roomIsDirect: false) == .mentionedOrChoosingGroups)
        #expect(MessageMail.none.audience(roomIsDirect: direct) == .nobody)
    }

    @Test func aDigestIsDueAtTheNextHourOrMorning() {
        let date = Date(timeIntervalSince1970: 1_800_000_000 + 1234) // 2027-01-15 08:20:34 UTC
        #expect(MailRules.missedMessagesDue(.atOnce, from: date, delay: 600) == date.addingTimeInterval(600))
        #expect(MailRules.missedMessagesDue(.hourly, from: date, delay: 0) == Date(timeIntervalSince1970: 1_800_003_600))
        let morning = MailRules.missedMessagesDue(.daily, from: date, delay: 0)!
        #expect(morning > date && morning.timeIntervalSince(date) <= 86_400)
        #expect(Int(morning.timeIntervalSince1970) % 86_400 == 7 * 3600)
        #expect(MailRules.missedMessagesDue(.never, from: date, delay: 0) == nil)
    }

    @Test func theBatchsFirstMessageIsInItWhateverItsTimesLastBinaryDigit() throws {
        let since = Date(timeIntervalSince1970: 1_795_941_814.035)
        // The same millisecond, as a column read back and as the JSON of the mail's content give it.
        let sentAt = Date(timeIntervalSince1970: since.timeIntervalSince1970.nextDown)
        let decoded = try JSONDecoder().decode(MailContent.self, from: JSONEncoder().encode(MailContent.missedMessages(since: since)))
        #expect(sentAt < since)
        #expect(MailRules.isInBatch(sentAt: sentAt, since: since))
        if case .missedMessages(let read) = decoded { #expect(MailRules.isInBatch(sentAt: sentAt, since: read)) }
        #expect(!MailRules.isInBatch(sentAt: since.addingTimeInterval(-0.001), since: since))
        #expect(MailRules.isInBatch(sentAt: since.addingTimeInterval(0.001), since: since))
    }
}

@Suite struct MailRulesTests {
    @Test func retriesBackOffToTenMinutesAndGiveUpAfterThreeDays() {
        let created = Date(timeIntervalSince1970: 1_000_000)
        let waits = (1...7).map { MailRules.nextAttempt(after: $0, createdAt: created, now: created)!.timeIntervalSince(created) }
        #expect(waits == [30, 60, 120, 240, 480, 600, 600])
        #expect(MailRules.nextAttempt(after: 500, createdAt: created, now: created.addingTimeInterval(2 * 86_400))!
            .timeIntervalSince(created) == 2 * 86_400 + 600)
        #expect(MailRules.nextAttempt(after: 500, createdAt: created, now: created.addingTimeInterval(3 * 86_400 - 60)) == nil)
    }

    @Test func aRefusedAddressIsAHardBounceButARefusedMessageIsNot() {
        #expect(MailRules.isHardBounce(code: 550, reply: "550 5.1.1 <x@example.cz>: Recipient address rejected"))
        #expect(MailRules.isHardBounce(code: 550, reply: "550 No such user"))
        #expect(MailRules.isHardBounce(code: 554, reply: "554 5.7.1 Message rejected as spam") == false)
        #expect(MailRules.isHardBounce(code: 552, reply: "552 Message too large") == false)
    }
}
