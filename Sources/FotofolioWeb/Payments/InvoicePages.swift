import Foundation
import Fotofolio
import HTTPServer
import QRCode

/// A booking's invoices for its two people: a page to read and print on A4
/// (`/invoices/:invoice`) and the same invoice as ISDOC 6.0.2 (`/invoices/:invoice/isdoc`)
/// for accounting software. Anyone else gets a 404 that names nothing.
struct InvoicePages {
    let renderer: PageRenderer
    let payments: Payments

    static func path(_ invoice: Invoice) -> String { "/invoices/\(invoice.id)" }
    static func isdocPath(_ invoice: Invoice) -> String { "/invoices/\(invoice.id)/isdoc" }

    /// "Faktura 2026-0001", "Opravný doklad 2026-0003".
    static func title(of invoice: Invoice, table: StringTable) -> String {
        table.string(invoice.kind == .invoice ? "payments.invoice.open" : "payments.invoice.creditNoteOpen")
            .replacingOccurrences(of: "{number}", with: invoice.number)
    }

    func register(in router: inout Router) {
        router.group(RequireSignIn()) { router in
            router.get("/invoices/:invoice") { request in try page(request) }
            router.get("/invoices/:invoice/isdoc") { request in try isdoc(request) }
        }
    }

    /// `pages/invoice`.
    struct Page: ViewModel {
        struct Party: ViewModel {
            let name: String
            let lines: [String]
            let companyId: String?
            let vatNumber: String?
        }

        struct Row: ViewModel {
            let label: String
            let value: String
        }

        /// A line of the table: the shoot, or the deposit deducted (negative).
        struct Item: ViewModel {
            let description: String
            let base: String
            let rate: String
            let tax: String
            let total: String
            let deduction: Bool
        }

        let title: String
        let isCreditNote: Bool
        /// "Corrects document 2026-0001 of 14 June 2026".
        let corrects: String?
        let number: String
        let supplier: Party
        let customer: Party
        let vatPayer: Bool
        let dates: [Row]
        let payment: [Row]
        let items: [Item]
        let payableLabel: String
        let total: String
        let paid: String?
        /// An invoice issued before its money arrived: the code to pay it with.
        let qr: String?
        let qrLabel: String
        let isdoc: String
        let booking: String
    }

    private func invoice(_ request: Request) throws -> Invoice {
        let userId = try request.requireSignIn().userId
        guard let id = request.storedId("invoice"), let invoice = try payments.invoice(id, for: userId) else {
            throw HTTPFailure(.notFound, renderer.strings(for: request).string("payments.invoice.unknown"))
        }
        return invoice
    }

    private func page(_ request: Request) throws -> Response {
        let invoice = try invoice(request)
        let table = renderer.strings(for: request)
        let text = ShootText(table: table)
        func party(_ party: Invoice.Party) -> Page.Party {
            Page.Party(name: party.name, lines: party.address.split(whereSeparator: \.isNewline).map(String.init),
                       companyId: party.companyId, vatNumber: party.vatNumber)
        }
        var dates = [Page.Row(label: table.string("payments.invoice.issued"), value: text.shortDay(invoice.issuedOn))]
        if invoice.isVATApplicable {
            dates.append(Page.Row(label: table.string("payments.invoice.taxPoint"), value: text.shortDay(invoice.taxPointOn)))
        }
        if invoice.kind == .invoice {
            dates.append(Page.Row(label: table.string("payments.fields.dueDay"), value: text.shortDay(invoice.dueOn)))
        }
        let account = (try? IBAN.parse(invoice.iban)).map(BankAccount.init(iban:))
        var payment = [Page.Row(label: table.string("payments.invoice.means"), value: table.string("payments.invoice.transfer"))]
        if let czech = account?.czech { payment.append(Page.Row(label: table.string("payments.fields.czechAccount"), value: czech.text)) }
        payment += [Page.Row(label: table.string("payments.fields.iban"), value: account?.iban.printed ?? invoice.iban),
                    Page.Row(label: table.string("payments.fields.variableSymbol"), value: String(invoice.variableSymbol))]
        let received = try payments.received(invoice)
        let rate = "\(invoice.vatPercent) %", currency = invoice.currency
        func money(_ amount: Amount) -> String { text.amount(amount, currency) }
        // A euro invoice: the rate and what it is in crowns, as Czech VAT and accounts take it.
        if currency == .eur, let exchange = invoice.rate {
            let local = invoice.local
            dates.append(Page.Row(label: table.string("payments.invoice.rate"), value: table.string("payments.invoice.rateValue")
                .replacingOccurrences(of: "{rate}", with: exchange.machineText.replacingOccurrences(of: ".", with: table.language == .cs ? "," : "."))))
            if invoice.isVATApplicable {
                dates.append(Page.Row(label: table.string("payments.invoice.localBase"), value: text.amount(local.differenceBase)))
                dates.append(Page.Row(label: table.string("payments.invoice.localTax"), value: text.amount(local.differenceTax)))
            }
            dates.append(Page.Row(label: table.string("payments.invoice.localTotal"), value: text.amount(local.payable)))
        }
        var items = [Page.Item(description: invoice.description, base: money(invoice.taxBase), rate: rate, tax: money(invoice.tax),
                               total: money(invoice.amount), deduction: false)]
        if let deposit = invoice.deposit, let paidOn = CalendarDay(deposit.paidOn) {
            let label = deposit.invoiceNumber.map {
                table.string("payments.invoice.depositLine").replacingOccurrences(of: "{number}", with: $0)
            } ?? table.string("payments.invoice.depositLineUntaxed")
            items.append(Page.Item(description: label.replacingOccurrences(of: "{day}", with: text.shortDay(paidOn)),
                                   base: money(.zero - deposit.taxBase), rate: deposit.isTaxed ? "\(deposit.vatPercent) %" : "",
                                   tax: money(.zero - deposit.tax), total: money(.zero - deposit.amount), deduction: true))
        }
        let paid: String? = switch invoice.kind {
        case .invoice: received.map { table.string("payments.invoice.paid").replacingOccurrences(of: "{day}", with: text.shortDay($0.paidOn)) }
        case .creditNote: table.string("payments.states.refunded").replacingOccurrences(of: "{day}", with: text.shortDay(invoice.taxPointOn))
        }
        // Not paid yet, and it still asks for money: the code to pay it with.
        var qr: String?
        if invoice.kind == .invoice, received == nil, invoice.payable > .zero, let iban = try? IBAN.parse(invoice.iban) {
            let message = "\(invoice.number) \(invoice.description)"
            let code: PaymentCode = switch currency {
            case .czk: .spayd(QRPayment(account: iban, amount: invoice.payable, variableSymbol: invoice.variableSymbol, dueDay: invoice.dueOn,
                                        recipient: invoice.supplier.name, message: message))
            case .eur: .epc(EPCPayment(account: iban, amount: invoice.payable, variableSymbol: invoice.variableSymbol,
                                       recipient: invoice.supplier.name, message: message))
            }
            qr = try? QRCode(encoding: code.text).svg()
        }
        let title = table.string(invoice.kind == .invoice ? "payments.invoice.title"
                                 : invoice.isVATApplicable ? "payments.invoice.creditNote" : "payments.invoice.creditNotePlain")
        var response = try renderer.render(.invoice, for: request, title: "\(title) \(invoice.number)", content: Page(
            title: title, isCreditNote: invoice.kind == .creditNote,
            corrects: invoice.corrects.map { reference in
                table.string("payments.invoice.corrects").replacingOccurrences(of: "{number}", with: reference.number)
                    .replacingOccurrences(of: "{day}", with: CalendarDay(reference.issuedOn).map(text.shortDay) ?? reference.issuedOn)
            },
            number: invoice.number, supplier: party(invoice.supplier), customer: party(invoice.customer),
            vatPayer: invoice.isVATApplicable, dates: dates, payment: payment, items: items,
            payableLabel: table.string(invoice.kind == .invoice ? "payments.invoice.payable" : "payments.invoice.refund"),
            total: money(invoice.kind == .invoice ? invoice.payable : .zero - invoice.payable),
            paid: paid, qr: qr,
            qrLabel: table.string("payments.booking.qrLabel").replacingOccurrences(of: "{part}", with: "\(title) \(invoice.number)")
                .replacingOccurrences(of: "{amount}", with: money(invoice.payable)),
            isdoc: Self.isdocPath(invoice), booking: BookingPages.path(invoice.bookingId)))
        response.headers.set("Cache-Control", "private, no-store")
        return response
    }

    private func isdoc(_ request: Request) throws -> Response {
        let invoice = try invoice(request)
        let file = invoice.number.unicodeScalars.map { ("0"..."9").contains($0) || ("A"..."Z").contains($0) || ("a"..."z").contains($0) ? String($0) : "-" }
            .joined()
        var response = Response(status: .ok, headers: ["Content-Type": "application/xml; charset=utf-8"],
                                body: .bytes(Array(ISDOC.document(invoice).utf8)))
        response.headers.set("Content-Disposition", "attachment; filename=\"faktura-\(file).isdoc\"")
        response.headers.set("Cache-Control", "private, no-store")
        return response
    }
}
