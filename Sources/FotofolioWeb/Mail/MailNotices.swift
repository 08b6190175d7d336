import Foundation
import Fotofolio
import Mail

/// The words of the notices: shoot steps, galleries, missed messages. Each reads what it
/// tells when it is sent, as the recipient may see it then, so a mail never says more than
/// the site shows — and a batch of messages read meanwhile is not sent at all.
struct MailNotices {
    let messenger: MessengerService
    let bookings: Bookings
    let galleries: Galleries
    let accounts: AccountsService
    let payments: Payments
    let demands: Demands
    /// Messages quoted in one missed-message mail, and conversations named.
    static let quotedMessages = 8

    init(stores: Stores) {
        messenger = MessengerService(stores: stores)
        bookings = Bookings(stores: stores)
        galleries = Galleries(stores: stores)
        accounts = AccountsService(stores: stores)
        payments = Payments(stores: stores)
        demands = Demands(stores: stores)
    }

    func body(of mail: QueuedMail, to user: User, settings: MailSettings, words: MailWords) throws -> MailBody? {
        switch mail.content {
        case .shoot(let messageId): try shoot(messageId, to: user, words: words)
        case .missedMessages(let since): try missed(since: since, to: user, settings: settings, words: words)
        case .gallery(let galleryId, let event): try gallery(galleryId, event, to: user, words: words)
        case .paymentReminder(let bookingId, let part, let dueOn): try reminder(part, dueOn: dueOn, of: bookingId, to: user, words: words)
        case .bookingPayments(let bookingId): try bookingPayments(bookingId, to: user, words: words)
        case .demand(let demandId): try demand(demandId, to: user, words: words)
        default: nil
        }
    }

    /// A shoot step in the conversation: the card's words, a link to the conversation and,
    /// for a confirmed booking, its calendar event.
    private func shoot(_ messageId: Int64, to user: User, words: MailWords) throws -> MailBody? {
        guard let userId = user.id, let message = try messenger.message(messageId, for: userId), !message.isRemoved else { return nil }
        let step = message.card?.kind ?? "update"
        var body = MailBody(
            subject: words.text("mail.shoot.\(step).subject", ["name": message.author.name]),
            paragraphs: [words.text("mail.shoot.\(step).body", ["name": message.author.name])],
            quotes: [MailView.Quote(author: message.author.name, text: MessageLine.text(of: message, table: words.table), context: nil)],
            action: MailView.Link(label: words.text("mail.shoot.action"), url: words.address.url("/messages/\(message.roomId)")))
        if case .booking(let bookingId) = message.card, let booking = try bookings.booking(bookingId, for: userId),
           booking.cancellation == nil {
            body.attachments = [try calendarEvent(of: booking, for: userId, words: words)]
            body.notes = [words.text("mail.shoot.calendar")]
        }
        return body
    }

    /// To a photographer a new demand matches: what is asked, and the way to answer it. Nil
    /// once it is no longer open to them (closed, booked, expired, hidden, a block) or they
    /// answered it: the mail says no more than the feed would.
    private func demand(_ demandId: Int64, to user: User, words: MailWords) throws -> MailBody? {
        guard let userId = user.id, let demand = try openDemand(demandId, for: userId) else { return nil }
        let view = DemandView(demand, text: ShootText(table: words.table))
        let values = ["kind": view.title, "town": view.town, "when": view.when, "hours": view.hours, "budget": view.budget,
                      "until": view.openUntil]
        return MailBody(
            subject: words.text("mail.demand.subject", values),
            paragraphs: [words.text("mail.demand.body", values), words.text("mail.demand.details", values)],
            quotes: view.description.map { [MailView.Quote(author: words.text("demands.card"), text: $0, context: nil)] } ?? [],
            action: MailView.Link(label: words.text("mail.demand.action"), url: words.address.url(DemandPages.path(demandId))))
    }

    /// The demand while it is worth telling a photographer of: open, theirs to see, not
    /// answered by them yet (a mail and a push ask the same).
    func openDemand(_ demandId: Int64, for userId: Int64) throws -> Demand? {
        guard let item = try demands.demand(demandId, for: userId), item.offers.isEmpty, item.demand.clientId != userId,
              item.demand.state(today: .today()) == .open else { return nil }
        return item.demand
    }

    /// The booking as an event for the person's calendar (`.ics`).
    private func calendarEvent(of booking: Booking, for userId: Int64, words: MailWords) throws -> MailAttachment {
        let event = BookingPages.event(booking, for: userId, other: try accounts.user(id: booking.other(than: userId)),
                                       table: words.table, url: words.address.url("/messages/\(booking.roomId)"))
        let document = ICalendar.document([event], name: words.text("bookings.calendarName"), at: Date())
        return MailAttachment(filename: "fotofolio-booking-\(booking.id).ics",
                              contentType: "text/calendar; charset=utf-8; method=PUBLISH", data: Array(document.utf8))
    }

    /// To the client who just booked: what to pay and by when, each payment with its code,
    /// and the shoot for their calendar. Nil once the booking is cancelled or all is paid.
    private func bookingPayments(_ bookingId: Int64, to user: User, words: MailWords) throws -> MailBody? {
        guard let userId = user.id, let booking = try bookings.booking(bookingId, for: userId), booking.clientId == userId,
              booking.cancellation == nil else { return nil }
        let asked = try paymentsAsked(booking, words: words)
        guard !asked.payments.isEmpty else { return nil }
        let text = ShootText(table: words.table)
        let values = ["kind": booking.kind, "shootDay": text.shortDay(booking.day),
                      "name": try accounts.user(id: booking.photographerId)?.fullName ?? ""]
        return MailBody(
            subject: words.text("mail.payment.booked.subject", values),
            paragraphs: [words.text("mail.payment.booked.body", values),
                         words.text(asked.pictures.isEmpty ? "mail.payment.noPayee" : "mail.payment.lead.\(booking.payment.currency.rawValue)")],
            payments: asked.payments,
            action: MailView.Link(label: words.text("mail.payment.reminder.action"), url: words.address.url(BookingPages.path(booking.id))),
            notes: [words.text("mail.payment.booked.reminders"), words.text("mail.shoot.calendar")],
            attachments: asked.pictures + [try calendarEvent(of: booking, for: userId, words: words)])
    }

    /// A booking's payments not yet received (or only `part`), each with its QR payment as a
    /// PNG picture sent inline, and the same details as text.
    private func paymentsAsked(_ booking: Booking, only part: PaymentPart? = nil, words: MailWords)
        throws -> (payments: [MailView.Payment], pictures: [MailAttachment]) {
        let dues = try payments.payments(of: booking)
        let payee = try payments.payee(of: booking.photographerId)
        let text = ShootText(table: words.table)
        var asked: [MailView.Payment] = []
        var pictures: [MailAttachment] = []
        for due in dues where !due.isPaid && (part == nil || due.part == part) {
            let details = PaymentDetails(due, of: booking, payments: dues, payee: payee, table: words.table)
            var image: String?
            if let code = details.qrCode {
                let id = "qr-\(due.part.rawValue)-\(booking.id)@fotofolio"
                pictures.append(MailAttachment(filename: "qr-platba-\(due.part.rawValue).png", contentType: "image/png",
                                               data: code.png(scale: 5), contentID: id))
                image = "cid:" + id
            }
            asked.append(MailView.Payment(
                title: words.text("mail.payment.title", ["part": details.title, "amount": text.amount(due.amount, booking.payment.currency), "day": text.day(due.dueDay)]),
                image: image,
                imageLabel: words.text("payments.booking.qrLabel", ["part": details.title, "amount": text.amount(due.amount, booking.payment.currency)]),
                rows: details.rows.map { MailView.Payment.Row(label: $0.label, value: $0.value, code: $0.code) }))
        }
        return (asked, pictures)
    }

    /// The day before a payment is due, to the client: the payment, its code and a link to
    /// the booking. Nil once it is received, the booking cancelled, or its day moved.
    private func reminder(_ part: PaymentPart, dueOn: String, of bookingId: Int64, to user: User, words: MailWords) throws -> MailBody? {
        guard let userId = user.id, let booking = try bookings.booking(bookingId, for: userId), booking.clientId == userId,
              let due = PaymentReminder.stillDue(part, dueOn: dueOn, of: booking, payments: try payments.payments(of: booking))
        else { return nil }
        let text = ShootText(table: words.table)
        let dues = try payments.payments(of: booking)
        let title = PaymentDetails(due, of: booking, payments: dues, payee: nil, table: words.table).title
        let photographer = try accounts.user(id: booking.photographerId)?.fullName ?? ""
        let asked = try paymentsAsked(booking, only: part, words: words)
        let values = ["part": title, "amount": text.amount(due.amount, booking.payment.currency), "day": text.day(due.dueDay), "kind": booking.kind,
                      "shootDay": text.shortDay(booking.day), "name": photographer]
        return MailBody(
            subject: words.text("mail.payment.reminder.subject", values),
            paragraphs: [words.text("mail.payment.reminder.body", values),
                         words.text(asked.pictures.isEmpty ? "mail.payment.noPayee" : "mail.payment.lead.\(booking.payment.currency.rawValue)")],
            payments: asked.payments,
            action: MailView.Link(label: words.text("mail.payment.reminder.action"), url: words.address.url(BookingPages.path(booking.id))),
            notes: [words.text("mail.payment.reminder.alreadyPaid", values)],
            attachments: asked.pictures)
    }

    /// Messages to the person still unread, sent since the batch began: who wrote, where,
    /// and their first lines. Nil when everything was read meanwhile.
    private func missed(since: Date, to user: User, settings: MailSettings, words: MailWords) throws -> MailBody? {
        guard let userId = user.id else { return nil }
        var quotes: [MailView.Quote] = []
        var rooms: [(title: String, id: Int64)] = []
        var total = 0
        for summary in try messenger.rooms(of: userId) where summary.unreadCount > 0 {
            guard summary.room.kind == .direct || summary.mentionsReader || settings.groupMessages else { continue }
            let unread = try messenger.history(of: summary.room.id, for: userId, limit: Self.quotedMessages)
                .filter { $0.authorId != userId && $0.id > (summary.lastReadMessageId ?? 0) && MailRules.isInBatch(sentAt: $0.sentAt, since: since) && !$0.isRemoved && !$0.isDeleted }
            guard !unread.isEmpty else { continue }
            total += unread.count
            rooms.append((summary.title, summary.room.id))
            for message in unread where quotes.count < Self.quotedMessages {
                quotes.append(MailView.Quote(author: message.author.name, text: Self.firstLines(of: MessageLine.text(of: message, table: words.table)),
                                             context: summary.room.kind == .direct ? nil : summary.title))
            }
        }
        guard total > 0, let first = rooms.first else { return nil }
        let authors = Array(Set(quotes.map(\.author))).sorted()
        return MailBody(
            subject: words.table.plural("mail.missed.subject", count: total).replacingOccurrences(of: "{names}", with: authors.joined(separator: ", ")),
            paragraphs: [words.table.plural("mail.missed.body", count: rooms.count)
                .replacingOccurrences(of: "{rooms}", with: rooms.map(\.title).joined(separator: ", "))],
            quotes: quotes,
            action: MailView.Link(label: words.text("mail.missed.action"),
                                  url: words.address.url(rooms.count == 1 ? "/messages/\(first.id)" : "/messages")),
            notes: [words.text("mail.missed.readCancels")])
    }

    /// The first three lines of a message, at most 300 characters.
    static func firstLines(of text: String) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: true).prefix(3).joined(separator: "\n")
        return lines.count > 300 ? String(lines.prefix(300)) + "…" : lines
    }

    private func gallery(_ galleryId: Int64, _ event: GalleryMailEvent, to user: User, words: MailWords) throws -> MailBody? {
        guard let gallery = try galleries.gallery(id: galleryId) else { return nil }
        let photographer = try accounts.user(id: gallery.photographerId)
        let name = event == .picksSent ? (try gallery.clientId.flatMap { try accounts.user(id: $0) }?.fullName ?? "") : (photographer?.fullName ?? "")
        return MailBody(
            subject: words.text("mail.gallery.\(event.rawValue).subject", ["title": gallery.title]),
            paragraphs: [words.text("mail.gallery.\(event.rawValue).body", ["name": name, "title": gallery.title])],
            action: MailView.Link(label: words.text("mail.gallery.\(event.rawValue).action"),
                                  url: words.address.url(event == .picksSent ? "/galleries/\(gallery.id)" : "/g/\(gallery.token)")))
    }
}
