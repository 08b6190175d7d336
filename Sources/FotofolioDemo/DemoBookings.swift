import Fotofolio
import FotofolioSQLite
import Foundation

/// Shoots of the demo world, so every card has a state to show: `martin.b` asked
/// `vojtafoti` for his wedding, got an offer, asked for a change, accepted the second offer
/// (the first shows as replaced) and has a confirmed booking in both calendars; `jana.k`
/// waits for an offer for a portrait. Every step carries a fixed UUID, so seeding again
/// stores nothing twice. Needs the demo world's people.
public struct DemoBookings: Sendable {
    enum Step {
        case request(from: String, to: String, ShootRequestForm)
        case offer(by: String, ShootOfferForm)
        case text(by: String, to: String, String)
        case accept(by: String)
    }

    let database: AppDatabase
    let bookings: Bookings
    let messenger: MessengerService
    let accounts: AccountsService

    public init(database: AppDatabase) {
        self.database = database
        bookings = Bookings(stores: .sqlite(database))
        messenger = MessengerService(stores: .sqlite(database))
        accounts = AccountsService(stores: .sqlite(database))
    }

    /// The next 14 June at least a month away: the wedding's day.
    static func weddingDay(after date: Date) -> CalendarDay {
        let today = CalendarDay(date)
        let thisYear = CalendarDay(year: today.year, month: 6, day: 14)!
        return today.days(to: thisYear) >= 30 ? thisYear : CalendarDay(year: today.year + 1, month: 6, day: 14)!
    }

    /// Stores what is missing; returns how many steps it stored (0 the second time).
    @discardableResult
    public func seed(at date: Date = Date()) throws -> Int {
        let wedding = Self.weddingDay(after: date)
        let today = CalendarDay(date)
        var steps: [(String, DemoConversations.When, Step)] = []
        var request = ShootRequestForm()
        request.kind = "Svatba"
        request.firstDay = wedding.text
        request.town = "Průhonice"
        request.hours = "10"
        request.budget = "1800"
        request.message = "Dobrý den, 14. června se ženíme v Průhonicích a moc se nám líbí vaše svatební fotky. "
            + "Fotil byste nás od obřadu do prvního tance?"
        steps.append(("d3e40000-0000-4000-8000-000000000111", .daysAgo(3, hour: 20, minute: 10),
                      .request(from: "martin.b", to: "vojtafoti", request)))
        var first = ShootOfferForm()
        first.day = wedding.text
        first.start = "11:00"
        first.hours = "9"
        first.place = "Zámek Průhonice"
        first.price = "16200"
        first.included = "Obřad, portréty novomanželů, raut a první tanec; 300 upravených fotografií do tří týdnů."
        first.validUntil = today.adding(days: 14).text
        steps.append(("d3e40000-0000-4000-8000-000000000112", .daysAgo(2, hour: 9, minute: 30), .offer(by: "vojtafoti", first)))
        steps.append(("d3e40000-0000-4000-8000-000000000113", .daysAgo(2, hour: 19, minute: 2),
                      .text(by: "martin.b", to: "vojtafoti",
                            "Moc děkujeme! Mohl byste přijet už v 10 na přípravy? A šlo by k tomu i fotokniha?")))
        var second = first
        second.start = "10:00"
        second.hours = "10"
        second.price = "19500"
        second.included = "Přípravy, obřad, portréty novomanželů, raut a první tanec; 350 upravených fotografií "
            + "do tří týdnů a fotokniha 30 × 30 cm."
        // A deposit to hold the day, the rest when the photos are delivered.
        second.deposit = "5 000"
        second.depositDueDays = "7"
        second.restDueDays = "14"
        steps.append(("d3e40000-0000-4000-8000-000000000114", .daysAgo(1, hour: 8, minute: 15), .offer(by: "vojtafoti", second)))
        steps.append(("d3e40000-0000-4000-8000-000000000115", .daysAgo(1, hour: 21, minute: 40), .accept(by: "martin.b")))
        steps.append(("d3e40000-0000-4000-8000-000000000116", .minutesAgo(25),
                      .text(by: "martin.b", to: "vojtafoti", "Paráda, 14. června se tedy ženíme s vámi! Harmonogram pošlu do skupiny.")))
        var portrait = ShootRequestForm()
        portrait.kind = "Portrét"
        portrait.firstDay = today.adding(days: 20).text
        portrait.lastDay = today.adding(days: 34).text
        portrait.town = "Praha"
        portrait.hours = "2"
        portrait.budget = "1500"
        portrait.message = "Potřebuji nové portréty na web, nejradši venku na Letné."
        steps.append(("d3e40000-0000-4000-8000-000000000121", .minutesAgo(95), .request(from: "jana.k", to: "vojtafoti", portrait)))

        var stored = 0
        var requestId: [String: Int64] = [:]
        var openOffer: Int64?
        for (uuid, when, step) in steps {
            let at = when.date(before: date)
            switch step {
            case .request(let from, let to, let form):
                let before = try count()
                let request = try bookings.request(form, uuid: uuid, from: try userId(from), to: try userId(to),
                                                   text: { Self.words(request: $0) }, at: at)
                requestId[from] = request.id
                if try count() > before { stored += 1 }
            case .offer(let by, let form):
                let before = try count()
                let offer = try bookings.offer(form, on: requestId["martin.b"]!, uuid: uuid, by: try userId(by),
                                               text: { Self.words(offer: $0) }, at: at)
                openOffer = offer.id
                if try count() > before { stored += 1 }
            case .text(let by, let to, let text):
                let room = try messenger.directRoom(between: try userId(by), and: try userId(to), at: at)
                if try messenger.send(MessageDraft(uuid: uuid, content: text), in: room.id, by: try userId(by), at: at).isNew {
                    stored += 1
                }
            case .accept(let by):
                let before = try count()
                let booking = try bookings.accept(openOffer!, uuid: uuid, by: try userId(by),
                                                  text: { _ in "Rezervace: svatba, nabídka přijata." }, at: at)
                if try count() > before { stored += 1 }
                // The photographer has seen the booking; only what follows is new to him.
                try messenger.markRead(booking.roomId, by: booking.photographerId, upTo: .max, at: at)
                try seedPayments(of: booking, at: date)
            }
        }
        return stored
    }

    /// Vojta's bank details (a made-up account: its checksum is right, so the QR payment
    /// scans) and the wedding's deposit received today, with its invoice; the balance is
    /// still to pay.
    private func seedPayments(of booking: Booking, at date: Date) throws {
        let payments = Payments(stores: .sqlite(database))
        if try payments.payee(of: booking.photographerId) == nil {
            var payee = PayeeForm()
            payee.account = "1234567899/0800"
            payee.name = "Vojta Votruba"
            payee.address = "Milady Horákové 12\n170 00 Praha 7"
            payee.paymentNote = "Foto Vojta"
            try payments.savePayee(payee, for: booking.photographerId, at: date)
        }
        if booking.payment.hasDeposit, try payments.payments(of: booking).first?.isPaid == false {
            try payments.mark(.deposit, of: booking.id, received: true, on: CalendarDay(date).text, by: booking.photographerId,
                              texts: { booking in
                                  let what = "\(booking.kind), \(booking.day.day). \(booking.day.month). \(booking.day.year)"
                                  return InvoiceTexts(deposit: "Záloha na focení: " + what, rest: "Doplatek za focení: " + what,
                                                      whole: "Focení: " + what, refund: "Vrácení platby za focení: " + what)
                              }, at: date)
        }
    }

    /// Messages stored in all: what tells a step stored now from one stored before.
    private func count() throws -> Int {
        try database.pool.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM chatMessage") ?? 0 }
    }

    private func userId(_ username: String) throws -> Int64 {
        guard let id = try accounts.user(username: username)?.id else { throw DemoConversations.DemoError.missingPerson(username) }
        return id
    }

    static func words(request: ShootRequestDraft) -> String {
        "Poptávka focení: \(request.kind), \(request.firstDay.text), \(request.town), \(request.hours) h, \(request.budget) Kč/h\n\n"
            + request.message
    }

    static func words(offer: ShootOfferDraft) -> String {
        "Nabídka: \(offer.price) Kč, \(offer.day.text) od \(ClockTime.text(offer.startMinutes)), \(offer.place)\n\n\(offer.included)"
    }
}
