import Foundation
import Fotofolio
import FotofolioSQLite
import Mail
import Testing
@testable import FotofolioWeb

/// What people are told by mail of what happens on the site, as each mail is written.
@Suite struct MailNoticeTests {
    @Test func everyStepOfAShootIsMailedToTheOtherSideAndTheBookingBringsItsCalendarEvent() async throws {
        let server = try ShootPagesTests.seeded()
        let booked = try await ShootPagesTests.book(on: server)
        let mails = try server.sentMails()
        let toVojta = mails.filter { $0.to.contains("vojtafoti@") }.map(\.subject)
        let toJana = mails.filter { $0.to.contains("jana.k@") }.map(\.subject)
        // In English: each last signed in with a browser asking for it.
        #expect(toVojta.contains("New shoot request from Jana Králová"))
        #expect(toVojta.contains("Booked: Jana Králová accepted the offer"))
        #expect(toJana.contains("Vojta Votruba sent you an offer"))
        let booking = try #require(mails.first { $0.subject == "Booked: Jana Králová accepted the offer" })
        #expect(booking.attachments == ["fotofolio-booking-\(booked.booking).ics"])
        #expect(booking.text?.contains("/messages/\(booked.room)") == true)
        #expect(booking.text?.contains("Zámek Průhonice") == true, "the card's words")
        // The client, who accepted, is mailed what to pay, with the same calendar event.
        let howToPay = try #require(mails.first { $0.to.contains("jana.k@") && $0.subject.hasPrefix("Booked: Svatba") })
        #expect(howToPay.attachments == ["fotofolio-booking-\(booked.booking).ics"])
        #expect(howToPay.text?.contains("/bookings/\(booked.booking)") == true)
    }

    @Test func aPhotographerANewDemandMatchesIsMailedOnceAndNotAfterAnswering() async throws {
        let (server, demand) = try await DemandPagesTests.posted()
        let sender = try #require(server.app.mailSender)
        sender.sendDue(at: Date().addingTimeInterval(60))
        // In Czech: Vojta has not used the site in another language.
        let toVojta = try server.sentMails().filter { $0.to.contains("vojtafoti@") && $0.subject.contains("zakázka") }
        #expect(toVojta.map(\.subject) == ["Nová zakázka pro vás: svatba, Praha"])
        #expect(toVojta.first?.text?.contains("/demands/\(demand)") == true)
        #expect(toVojta.first?.text?.contains("Svatba na zahradě") == true, "the description, quoted")
        #expect(!(try server.sentMails().contains { $0.to.contains("ad.fotograf@") && $0.subject.contains("zakázka") }), "Brno is not hers")
        #expect(toVojta.first?.text?.contains("Jana") == false, "the client is not named")
        // A second demand Vojta answers before its mail goes: the mail is not sent.
        try await server.cookies(of: "jana.k")
        var fields = DemandPagesTests.demandFields(tags: "portrét")
        fields["uuid"] = UUID().uuidString
        #expect(try await server.submit("/demands/new", fields).status == 303)
        let second = try #require(try Demands(stores: .sqlite(server.database)).demands(of: try server.userId("jana.k")).first?.demand.id)
        try await server.cookies(of: "vojtafoti")
        #expect(try await server.submit("/demands/\(second)/offer", ShootPagesTests.offerFields(day: DemandPagesTests.firstDay)).status == 303)
        sender.sendDue(at: Date().addingTimeInterval(120))
        // Signed in now, he reads the site in English; the second demand's mail was not sent.
        #expect(try server.sentMails().filter { $0.to.contains("vojtafoti@") && $0.text?.contains("/demands/") == true }.count == 1)
    }

    @Test func aClientHearsOfTheGalleryAndItsDeliveryAndThePhotographerOfThePicks() async throws {
        let scene = try await GalleryScene.make()
        try await scene.upload(["food-espresso-cup.jpg"])
        scene.be(scene.client)
        let photo = try #require(try scene.ids(of: ["food-espresso-cup.jpg"]).first)
        #expect(try await scene.server.submit(scene.clientPath + "/picks", ["pick": "\(photo)", "send": "1"]).status == 303)
        try await scene.deliver()
        let mails = try scene.server.sentMails()
        let toClient = mails.filter { $0.to.contains("jana.k@") }
        #expect(toClient.filter { (mail: ReadMail) in mail.subject.contains("Svatba Novákových") }.count == 2)
        #expect(toClient.contains { $0.subject.hasPrefix("Your photos are ready to pick") && $0.text?.contains("/g/\(scene.token)") == true })
        #expect(toClient.contains { $0.subject.hasPrefix("Your photos are delivered") })
        #expect(mails.contains { $0.to.contains("vojta.test@") && $0.subject.hasPrefix("Picks sent") })
    }

    @Test func messagesReadBeforeTheDelayAreNotMailed() async throws {
        let server = try BlockPagesTests.seeded()
        let room = try server.directRoom("jana.k", "vojtafoti")
        try await server.cookies(of: "jana.k")
        _ = try await server.post("Dobrý den, máte volno v sobotu?", in: room)
        let messenger = MessengerService(stores: .sqlite(server.database))
        let vojta = try server.userId("vojtafoti")
        try messenger.markRead(room, by: vojta, upTo: .max)
        let sender = try #require(server.app.mailSender)
        sender.sendDue(at: Date().addingTimeInterval(3600))
        #expect(try server.sentMails().filter { $0.to.contains("vojtafoti@") && $0.subject.contains("Jana") }.isEmpty)
        let rows = try MailStoreReading.states(in: server)
        #expect(rows.contains("cancelled"))
    }

    @Test func anUnreadBurstIsOneMailNamingWhoWroteAndWhere() async throws {
        let server = try BlockPagesTests.seeded()
        let room = try server.directRoom("jana.k", "vojtafoti")
        try await server.cookies(of: "jana.k")
        for number in 1...3 { _ = try await server.post("Zpráva \(number)", in: room) }
        try #require(server.app.mailSender).sendDue(at: Date().addingTimeInterval(601))
        let mails = try server.sentMails().filter { $0.to.contains("vojtafoti@") && $0.subject.contains("nepřečt") }
        #expect(mails.count == 1)
        let mail = try #require(mails.first)
        #expect(mail.subject == "3 nepřečtené zprávy od: Jana Králová")
        #expect(mail.text?.contains("Zpráva 1") == true && mail.text?.contains("Zpráva 3") == true)
        #expect(mail.text?.contains("/messages/\(room)") == true)
    }

    @Test func theOwnerIsToldOfHiddenWorkAndASuspensionWithTheReason() async throws {
        let server = try WebTestServer.withOperator()
        let id = try server.portfolioId(named: "Svatby")
        try await server.cookies(of: "eva.s")
        #expect(try await server.submit("/moderation/actions", ["subject": "portfolio:\(id)", "action": "hidePortfolio",
                                                                 "reason": "Cizí fotografie"]).status == 303)
        let mails = try server.sentMails().filter { $0.subject == "Část vaší tvorby byla skryta" }
        #expect(mails.count == 1)
        #expect(mails.first?.text?.contains("Cizí fotografie") == true)
    }
}

/// The mail outbox's states, read behind the app's back.
enum MailStoreReading {
    static func states(in server: WebTestServer) throws -> [String] {
        try server.database.pool.read { db in try String.fetchAll(db, sql: "SELECT state FROM mail ORDER BY id") }
    }
}
