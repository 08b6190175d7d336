import Foundation
import Fotofolio
import HTTPServer
import QRCode

/// One booking for its two people (`/bookings/:booking`): what was agreed, and its payments,
/// each with a QR payment to the photographer's account and the same details as text; the
/// photographer marks each received (`/bookings/:booking/payments/:part`).
extension BookingPages {
    static func path(_ bookingId: Int64) -> String { "/bookings/\(bookingId)" }
    static func markPath(_ bookingId: Int64, _ part: PaymentPart) -> String { "/bookings/\(bookingId)/payments/\(part.rawValue)" }
    static func issuePath(_ bookingId: Int64, _ part: PaymentPart) -> String { markPath(bookingId, part) + "/invoice" }
    static func settlePath(_ bookingId: Int64, _ part: PaymentPart) -> String { markPath(bookingId, part) + "/settle" }

    /// Which of a payment's forms a problem belongs to.
    enum PaymentForm {
        case mark, settle, issue
    }

    /// `pages/booking`.
    struct DetailPage: ViewModel {
        struct Row: ViewModel {
            let label: String
            let value: String
            /// Set in a monospace face and selectable whole: account numbers, symbols.
            let code: Bool
        }

        struct MarkForm: ViewModel {
            let action: String
            let paidOn: String
            let max: String
            let received: Bool
            let error: String?
            /// A euro payment about to get its invoice: the rate of the day, typed.
            let rate: RateField?
        }

        /// The Czech National Bank's rate of the day a euro invoice is for.
        struct RateField: ViewModel {
            /// The field's id: the payment's part and the form (`rate-deposit-mark`).
            let id: String
            let value: String
            let error: String?
        }

        /// After a cancellation: the payment was kept, or refunded on a day.
        struct SettleForm: ViewModel {
            let action: String
            let refundedOn: String
            let max: String
            let error: String?
        }

        /// An invoice or a credit note of the payment: its page and its ISDOC file.
        struct Document: ViewModel {
            let label: String
            let page: String
            let isdoc: String
        }

        struct PaymentView: ViewModel {
            let part: String
            let title: String
            let amount: String
            let stateKey: String
            let state: String
            let qr: String?
            let qrLabel: String
            let details: [Row]
            let hasDetails: Bool
            let mark: MarkForm?
            /// Issues the invoice before the money arrives (the photographer's, when allowed).
            let issue: String?
            let issueRate: RateField?
            let issueError: String?
            let settle: SettleForm?
            /// The payment's invoice and, after a refund, its credit note.
            let documents: [Document]
            let hasDocuments: Bool
        }

        let id: Int64
        let title: String
        let stateKey: String
        let state: String
        let rows: [Row]
        let included: String?
        let note: String?
        let payments: [PaymentView]
        let hasPayments: Bool
        /// Some payment has a code to scan, and what kind of code it is.
        let hasQR: Bool
        let qrLead: String
        let summary: String
        let noPayeeClient: Bool
        let noPayeePhotographer: Bool
        let isPhotographer: Bool
        /// The terms the client accepted with the offer.
        let terms: TermsPages.TermsView?
        let conversation: String
        let ics: String?
        let cancel: String?
        let csrf: String
    }

    func detail(_ request: Request) throws -> Response {
        try detailPage(request)
    }

    func markPayment(_ request: Request) throws -> Response {
        try paymentStep(request, .mark) { userId, id, part, texts in
            try payments.mark(part, of: id, received: request.form["received"] != "0", on: request.form["paidOn"] ?? "",
                              rate: request.form["rate"] ?? "", by: userId, texts: texts)
            return Self.path(id) + "#payment-\(part.rawValue)"
        }
    }

    /// The photographer issues a payment's invoice now and is taken to it.
    func issueInvoice(_ request: Request) throws -> Response {
        try paymentStep(request, .issue) { userId, id, part, texts in
            InvoicePages.path(try payments.issueInvoice(part, of: id, rate: request.form["rate"] ?? "", by: userId, texts: texts))
        }
    }

    /// After a cancellation, the photographer records that a payment was kept or refunded.
    func settlePayment(_ request: Request) throws -> Response {
        try paymentStep(request, .settle) { userId, id, part, texts in
            // A refund is final: nothing is recorded unless one of the two was chosen.
            guard let outcome = request.form["outcome"].flatMap(PaymentSettlement.Outcome.init(rawValue:)) else {
                throw PaymentMarkProblem.notAnOutcome
            }
            try payments.settle(part, of: id, outcome, on: request.form["refundedOn"] ?? "", by: userId, texts: texts)
            return Self.path(id) + "#payment-\(part.rawValue)"
        }
    }

    /// One of the photographer's steps with a payment: done, it redirects where `step` says;
    /// refused for a reason of the payment, the page again with the reason at the form.
    private func paymentStep(_ request: Request, _ form: PaymentForm,
                             _ step: (Int64, Int64, PaymentPart, (Booking) -> InvoiceTexts) throws -> String) throws -> Response {
        let table = renderer.strings(for: request)
        let userId = try request.requireSignIn().userId
        guard let id = request.storedId("booking"), let part = request.parameters["part"].flatMap(PaymentPart.init(rawValue:)) else {
            throw HTTPFailure(.notFound, table.string("bookings.errors.unknown"))
        }
        do {
            return .redirect(to: try step(userId, id, part, { booking in Self.invoiceTexts(booking, table: table) }))
        } catch let problem as PaymentMarkProblem {
            let typed = form == .mark ? request.form["paidOn"] : request.form["refundedOn"]
            return try detailPage(request, problem: (part, form, problem),
                                  typed: typed, typedRate: request.form["rate"], status: [.notCancelled, .notReceived, .alreadyRefunded, .settled, .cancelled,
                                                         .depositOnReceipt, .noPayee].contains(problem) ? .conflict : .unprocessableContent)
        } catch let error as BookingError {
            throw HTTPFailure(ShootPages.status(error), ShootPages.problem(error, table))
        }
    }

    /// Minutes after midnight in Prague at that moment.
    static func minutes(_ date: Date) -> Int {
        Int(date.timeIntervalSince(CalendarDay(date).start) / 60)
    }

    /// What an invoice's line says: "Záloha na focení: Svatba, 14. 6. 2027".
    static func invoiceTexts(_ booking: Booking, table: StringTable) -> InvoiceTexts {
        func line(_ key: String) -> String {
            table.string("payments.describe.\(key)").replacingOccurrences(of: "{kind}", with: booking.kind)
                .replacingOccurrences(of: "{day}", with: ShootText(table: table).shortDay(booking.day))
        }
        return InvoiceTexts(deposit: line("deposit"), rest: line("rest"), whole: line("whole"), refund: line("refund"))
    }

    private func detailPage(_ request: Request, problem: (PaymentPart, PaymentForm, PaymentMarkProblem)? = nil, typed: String? = nil,
                            typedRate: String? = nil,
                            status: HTTPStatus = .ok) throws -> Response {
        let userId = try request.requireSignIn().userId
        let table = renderer.strings(for: request)
        guard let id = request.storedId("booking"), let booking = try bookings.booking(id, for: userId) else {
            throw HTTPFailure(.notFound, table.string("bookings.errors.unknown"))
        }
        let text = ShootText(table: table)
        let now = Date(), today = CalendarDay.today(at: now)
        let other = try accounts.user(id: booking.other(than: userId))
        let isPhotographer = booking.photographerId == userId
        let payee = try payments.payee(of: booking.photographerId)
        let dues = try payments.payments(of: booking)
        let invoices = try payments.invoices(of: [booking])[booking.id] ?? []
        let state = booking.state(at: now)
        var views: [DetailPage.PaymentView] = []
        for due in dues {
            let details = PaymentDetails(due, of: booking, payments: dues, payee: payee, table: table)
            let title = details.title
            let stateKey = due.settlement?.outcome.rawValue ?? (due.isPaid ? "paid" : due.isOverdue(today: today) ? "overdue" : "waiting")
            let stateText = table.string("payments.states.\(stateKey)")
                .replacingOccurrences(of: "{day}", with: text.shortDay(due.settlement?.on ?? due.paidOn ?? due.dueDay))
            let qr = !due.isPaid && state != .cancelled ? details.qrCode?.svg() : nil
            func error(_ form: PaymentForm) -> String? {
                guard let problem, problem.0 == due.part, problem.1 == form else { return nil }
                return table.string("payments.problems.\(problem.2.rawValue)")
            }
            let partInvoices = invoices.filter { $0.part == due.part }
            var settle: DetailPage.SettleForm?
            if isPhotographer, PaymentRules.maySettle(due.part, of: booking, payments: dues) {
                settle = DetailPage.SettleForm(action: Self.settlePath(booking.id, due.part),
                                               refundedOn: (error(.settle) != nil ? typed : nil) ?? today.text, max: today.text,
                                               error: error(.settle))
            }
            let mayIssue = isPhotographer && PaymentRules.mayIssue(due.part, of: booking, payments: dues, payee: payee, invoices: partInvoices)
            // A euro payment's invoice asks for the rate of its day; a rate problem is said there.
            let rateProblem = problem.map { [PaymentMarkProblem.rateMissing, .rateFormat, .rateOutOfRange].contains($0.2) } ?? false
            func rate(_ form: PaymentForm) -> DetailPage.RateField? {
                guard booking.payment.currency == .eur, payee != nil, partInvoices.invoice(of: due.part) == nil else { return nil }
                return DetailPage.RateField(id: "rate-\(due.part.rawValue)-\(form)", value: error(form) != nil ? typedRate ?? "" : "", error: rateProblem ? error(form) : nil)
            }
            views.append(DetailPage.PaymentView(
                part: due.part.rawValue, title: title, amount: text.amount(due.amount, booking.payment.currency), stateKey: stateKey, state: stateText, qr: qr,
                qrLabel: table.string("payments.booking.qrLabel").replacingOccurrences(of: "{part}", with: title)
                    .replacingOccurrences(of: "{amount}", with: text.amount(due.amount, booking.payment.currency)),
                details: details.rows.map { DetailPage.Row(label: $0.label, value: $0.value, code: $0.code) },
                hasDetails: !details.rows.isEmpty,
                // After a cancellation a payment received is settled, not unmarked.
                mark: isPhotographer && due.settlement == nil && settle == nil
                    ? DetailPage.MarkForm(action: Self.markPath(booking.id, due.part),
                                          paidOn: (error(.mark) != nil ? typed : nil) ?? (due.paidOn ?? today).text,
                                          max: today.text, received: due.isPaid, error: rateProblem ? nil : error(.mark),
                                          rate: due.isPaid ? nil : rate(.mark)) : nil,
                issue: mayIssue ? Self.issuePath(booking.id, due.part) : nil, issueRate: mayIssue ? rate(.issue) : nil,
                issueError: rateProblem ? nil : error(.issue), settle: settle,
                documents: partInvoices.map { invoice in
                    DetailPage.Document(label: InvoicePages.title(of: invoice, table: table), page: InvoicePages.path(invoice),
                                        isdoc: InvoicePages.isdocPath(invoice))
                },
                hasDocuments: !partInvoices.isEmpty))
        }
        let outstanding = dues.filter { !$0.isPaid }.reduce(Amount.zero) { $0 + $1.amount }
        let summary = dues.isEmpty ? table.string("payments.booking.free")
            : state == .cancelled ? table.string("payments.booking.cancelled")
            : outstanding == .zero ? table.string("payments.booking.allPaid")
            : table.string("payments.booking.outstanding").replacingOccurrences(of: "{amount}", with: text.amount(outstanding, booking.payment.currency))
        var rows = [
            DetailPage.Row(label: table.string("bookings.fields.with"), value: "\(other?.fullName ?? "") (@\(other?.username ?? ""))", code: false),
            DetailPage.Row(label: table.string("bookings.fields.when"), value: text.time(booking.day, startMinutes: booking.startMinutes,
                                                                                         hours: booking.hours), code: false),
            DetailPage.Row(label: table.string("bookings.fields.place"), value: booking.place, code: false),
            DetailPage.Row(label: table.string("bookings.fields.price"), value: text.price(booking.price, booking.payment.currency), code: false),
        ]
        rows += text.paymentRows(booking.payment, price: booking.price).map { DetailPage.Row(label: $0.label, value: $0.value, code: false) }
        var terms: TermsPages.TermsView?
        if let agreed = booking.agreedTerms, let version = try payments.terms(agreed.termsId, for: userId) {
            let view = TermsPages.TermsView(version, table: table)
            let accepted = "\(text.shortDay(CalendarDay(agreed.acceptedAt))) \(ClockTime.text(Self.minutes(agreed.acceptedAt)))"
            rows.append(DetailPage.Row(label: table.string("payments.terms.agreed"), value: "\(view.version), \(accepted)", code: false))
            terms = view
        }
        let page = DetailPage(
            id: booking.id, title: booking.kind, stateKey: state.rawValue, state: table.string("bookings.bookingStates.\(state.rawValue)"),
            rows: rows, included: booking.included.isEmpty ? nil : booking.included,
            note: booking.cancellation.map { text.cancelled($0.reason) }, payments: views, hasPayments: !views.isEmpty, hasQR: views.contains { $0.qr != nil },
            qrLead: table.string("payments.booking.qrLead.\(booking.payment.currency.rawValue)"), summary: summary,
            noPayeeClient: payee == nil && !dues.isEmpty && !isPhotographer, noPayeePhotographer: payee == nil && isPhotographer,
            isPhotographer: isPhotographer, terms: terms, conversation: "/messages/\(booking.roomId)",
            ics: state == .cancelled ? nil : Self.icsPath(booking.id), cancel: state == .confirmed ? "/bookings/\(booking.id)/cancel" : nil,
            csrf: request.csrfToken)
        var response = try renderer.render(.booking, for: request, title: booking.kind, content: page)
        response.status = status
        response.headers.set("Cache-Control", "private, no-store")
        return response
    }
}
