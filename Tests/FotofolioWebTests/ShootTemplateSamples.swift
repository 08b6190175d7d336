import Foundation
import Fotofolio
@testable import FotofolioWeb

/// The shoot pages' models, built the way their pages build them, every section entered:
/// a card of each kind for each side, the forms with every field wrong, the bookings list
/// with and without a calendar feed, and the availability both editable and read only.
enum Shoots {
    static let table = TemplateModelTests.renderer.templates.table(for: .en)
    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    static let today = CalendarDay(now)

    static var shoot: Shoot {
        let request = ShootRequest(id: 1, roomId: 2, clientId: 1, photographerId: 2, kind: "Wedding", firstDay: today.adding(days: 30),
                                   lastDay: today.adding(days: 31), town: "Praha", hours: 6, budget: 1500, message: "Outdoors, please.",
                                   createdAt: now, declineReason: "Busy season.")
        let offers = [1, 2].map { id in
            ShootOffer(id: Int64(id), requestId: 1, day: today.adding(days: 30), startMinutes: 600, hours: 6, place: "Mělník",
                       price: 9000, included: "100 edited photos", validUntil: today.adding(days: 7), createdAt: now,
                       payment: PaymentTerms(deposit: Amount(crowns: 2000), depositDueDays: 5, restDueDays: -7))
        }
        let booking = Booking(id: 1, requestId: 1, offerId: 2, roomId: 2, clientId: 1, photographerId: 2, kind: "Wedding",
                              day: today.adding(days: 30), startMinutes: 600, hours: 6, place: "Mělník", price: 9000,
                              included: "100 edited photos", createdAt: now,
                              cancellation: .init(byId: 2, reason: "Ill.", at: now),
                              payment: PaymentTerms(deposit: Amount(crowns: 2000), depositDueDays: 5, restDueDays: 14))
        return Shoot(request: request, offers: offers, booking: booking)
    }

    /// An open request, for the photographer's actions.
    static var openShoot: Shoot {
        var open = shoot
        open.request.declineReason = nil
        open.booking = nil
        return open
    }

    static func card(_ card: MessageCard, of shoot: Shoot, reader: Int64) -> ShootCardView {
        ShootCardView(card, of: shoot, reader: reader, text: ShootText(table: table), now: now)
    }

    static var cards: [ShootCardView] {
        var confirmed = shoot
        confirmed.booking?.cancellation = nil
        return [card(.request(1), of: shoot, reader: 1), card(.request(1), of: openShoot, reader: 2),
                card(.offer(2), of: openShoot, reader: 1), card(.offer(1), of: openShoot, reader: 1),
                card(.booking(1), of: shoot, reader: 1), card(.booking(1), of: confirmed, reader: 2)]
    }

    static func availability(editable: Bool) -> AvailabilityView {
        AvailabilityView(busy: [today.adding(days: 3): nil, today.adding(days: 5): 1], today: today, editable: editable, table: table)
    }

    static var fields: [FormFieldView] { [
        FormFieldView("kind", label: "Kind", value: "Wedding", hint: "A hint", error: "Fill this in.", maxlength: 60, list: "shoot-kinds"),
        FormFieldView("hours", label: "Hours", type: "number", value: "2", error: nil, min: "1", max: "24", inputmode: "numeric"),
        FormFieldView("message", label: "Message", value: "Hi", hint: "Anything", error: "Too long", required: false, multiline: true,
                      maxlength: 2000),
    ] }

    static var requestPage: ShootPages.Page {
        ShootPages.Page(heading: "Request a shoot", lead: "Tell Vojta", action: "/u/vojta/shoot", csrf: "c", uuid: "u", card: nil,
                        fields: fields, budget: Sample.slider, tags: [.init(label: "svatba")], problem: "Fix",
                        submit: "Send", danger: false, back: "/u/vojta", terms: termsView)
    }

    static var stepPage: ShootPages.Page {
        ShootPages.Page(heading: "Cancel", lead: "The day becomes free", action: "/bookings/1/cancel", csrf: "c", uuid: "u",
                        card: cards[5], fields: fields, budget: nil, tags: [], problem: "Fix", submit: "Cancel", danger: true,
                        back: "/messages/2")
    }

    static func bookingsPage(feed: Bool) -> BookingPages.ListPage {
        let item = BookingPages.ListPage.Item(
            id: 1, kind: "Wedding", with: "Vojta", withUsername: "vojta", when: "Saturday", place: "Mělník", price: "9,000 Kč",
            stateKey: "done", state: "Done", note: "Cancelled: ill", conversation: "/messages/2", ics: "/bookings/1/calendar.ics",
            cancel: "/bookings/1/cancel", rate: "/u/vojta#rating", detail: "/bookings/1", payment: "3,000 Kč to pay",
            paymentKey: "outstanding", outstanding: true)
        return BookingPages.ListPage(groups: [.init(title: "Done", key: "done", items: [item])], hasBookings: feed,
                                     feedURL: feed ? "http://h/calendar/x/bookings.ics" : nil,
                                     webcalURL: feed ? "webcal://h/calendar/x/bookings.ics" : nil, csrf: "c", isCreator: feed)
    }

    static var cardMessage: ChatMessageView {
        var message = Chat.messages[0]
        message.card = .offer(2)
        return ChatMessageView(message, reader: 1, dates: Chat.dates, card: cards[2])
    }

    /// A booking with a deposit received and a balance waiting, for each side.
    static func bookingPage(photographer: Bool, problem: String?) -> BookingPages.DetailPage {
        typealias Page = BookingPages.DetailPage
        let rows = [Page.Row(label: "IBAN", value: "CZ65 0800 0000 1920 0014 5399", code: true), Page.Row(label: "Amount", value: "7,000 Kč", code: false)]
        let payments = [
            Page.PaymentView(part: "deposit", title: "Deposit", amount: "2,000 Kč", stateKey: "paid", state: "Received 1/6/2027", qr: nil,
                             qrLabel: "QR payment: Deposit, 2,000 Kč", details: rows, hasDetails: true,
                             mark: photographer ? Page.MarkForm(action: "/bookings/1/payments/deposit", paidOn: "2027-06-01", max: "2027-06-02",
                                                                received: true, error: nil, rate: nil) : nil,
                             issue: nil, issueRate: nil, issueError: nil,
                             settle: photographer ? Page.SettleForm(action: "/bookings/1/payments/deposit/settle", refundedOn: "2027-06-02",
                                                                    max: "2027-06-02", error: problem) : nil,
                             documents: [Page.Document(label: "Invoice 2027-0001", page: "/invoices/1", isdoc: "/invoices/1/isdoc"),
                                         Page.Document(label: "Credit note 2027-0002", page: "/invoices/2", isdoc: "/invoices/2/isdoc")],
                             hasDocuments: true),
            Page.PaymentView(part: "rest", title: "Balance", amount: "7,000 Kč", stateKey: "overdue", state: "Overdue", qr: "<svg></svg>",
                             qrLabel: "QR payment: Balance, 7,000 Kč", details: rows, hasDetails: true,
                             mark: photographer ? Page.MarkForm(action: "/bookings/1/payments/rest", paidOn: "2027-06-03", max: "2027-06-02",
                                                                received: false, error: problem,
                                                                rate: Page.RateField(id: "rate-rest-mark", value: "25,125", error: problem)) : nil,
                             issue: photographer ? "/bookings/1/payments/rest/invoice" : nil,
                             issueRate: photographer ? Page.RateField(id: "rate-rest-mark", value: "", error: nil) : nil, issueError: problem, settle: nil,
                             documents: [], hasDocuments: false),
        ]
        return Page(id: 1, title: "Wedding", stateKey: "confirmed", state: "Confirmed", rows: rows, included: "100 edited photos",
                    note: "Cancelled: ill", payments: payments, hasPayments: true, hasQR: true, qrLead: "Scan the code", summary: "7,000 Kč left to pay.",
                    noPayeeClient: !photographer, noPayeePhotographer: photographer, isPhotographer: photographer, terms: termsView,
                    conversation: "/messages/2", ics: "/bookings/1/calendar.ics", cancel: "/bookings/1/cancel", csrf: "c")
    }

    static var termsView: TermsPages.TermsView {
        TermsPages.TermsView(ShootTerms(id: 3, photographerId: 2, version: 2, text: "No refunds.", hash: "ab", createdAt: now),
                             table: table)
    }

    static func invoicePage(vatPayer: Bool) -> InvoicePages.Page {
        let party = InvoicePages.Page.Party(name: "Vojta", lines: ["Letná 12", "170 00 Praha 7"], companyId: "26168685", vatNumber: "CZ26168685")
        let rows = [InvoicePages.Page.Row(label: "Issued", value: "1/6/2027")]
        let items = [
            InvoicePages.Page.Item(description: "Shoot", base: "826.45 Kč", rate: "21 %", tax: "173.56 Kč", total: "1,000.01 Kč", deduction: false),
            InvoicePages.Page.Item(description: "Deposit paid", base: "−82.64 Kč", rate: "21 %", tax: "−17.36 Kč", total: "−100 Kč", deduction: true),
        ]
        return InvoicePages.Page(title: vatPayer ? "Invoice" : "Credit note", isCreditNote: !vatPayer,
                                 corrects: vatPayer ? nil : "Corrects document 2027-0001 of 1/6/2027", number: "2027-0001", supplier: party,
                                 customer: party, vatPayer: vatPayer, dates: rows, payment: rows, items: items, payableLabel: "Amount due",
                                 total: "900.01 Kč", paid: "Paid 1/6/2027", qr: vatPayer ? "<svg></svg>" : nil, qrLabel: "QR",
                                 isdoc: "/invoices/1/isdoc", booking: "/bookings/1")
    }

    static var payeePage: PayeePages.Page {
        PayeePages.Page(fields: fields + [FormFieldView("restDueDays", label: "Balance due", value: "-7", hint: "h", error: "e",
                                                        options: [("-7", "7 days before"), ("0", "On the day")])],
                        csrf: "c", saved: true, removed: true, hasErrors: true, hasPayee: true, shownAs: "Clients will see: 19-2000145399/0800")
    }

    static var checked: [(template: String, model: any ViewModel)] {
        [("pages/shoot", requestPage), ("pages/shoot", stepPage),
         ("pages/booking", bookingPage(photographer: true, problem: "That day has not come yet.")),
         ("pages/booking", bookingPage(photographer: false, problem: nil)), ("pages/payee", payeePage),
         ("pages/invoice", invoicePage(vatPayer: true)), ("pages/invoice", invoicePage(vatPayer: false)),
         ("pages/terms", TermsPages.ShowPage(terms: termsView)),
         ("pages/terms-edit", TermsPages.EditPage(field: fields[2], current: termsView, csrf: "c", saved: true, hasErrors: true)),
         ("pages/bookings", bookingsPage(feed: true)), ("pages/bookings", bookingsPage(feed: false)),
         ("pages/availability", AvailabilityPages.Page(availability: availability(editable: true), csrf: "c", saved: true)),
         ("partials/availability", availability(editable: true)), ("partials/availability", availability(editable: false)),
         ("partials/chat-message", cardMessage),
         ("partials/rate-field", BookingPages.DetailPage.RateField(id: "rate-rest-mark", value: "25,125", error: "Type the rate as a number")),
         ("partials/rate-field", BookingPages.DetailPage.RateField(id: "rate-rest-mark", value: "", error: nil))]
            + cards.map { ("partials/shoot-card", $0) } + fields.map { ("partials/form-field", $0) }
    }
}
