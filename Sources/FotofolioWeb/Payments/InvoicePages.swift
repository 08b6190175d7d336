import Foundation
import Fotofolio
import HTTPServer

/// A booking's invoices for its two people: a page to read and print on A4
/// (`/invoices/:invoice`) and the same invoice as ISDOC 6.0.2 (`/invoices/:invoice/isdoc`)
/// for accounting software. Anyone else gets a 404 that names nothing.
struct InvoicePages {
    let renderer: PageRenderer
    let payments: Payments

    static func path(_ invoice: Invoice) -> String { "/invoices/\(invoice.id)" }
    static func isdocPath(_ invoice: Invoice) -> String { "/invoices/\(invoice.id)/isdoc" }

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

        let number: String
        let supplier: Party
        let customer: Party
        let vatPayer: Bool
        let dates: [Row]
        let payment: [Row]
        let description: String
        let base: String
        let vatPercent: String
        let tax: String
        let total: String
        let paid: String?
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
        dates.append(Page.Row(label: table.string("payments.fields.dueDay"), value: text.shortDay(invoice.dueOn)))
        let account = (try? IBAN.parse(invoice.iban)).map(BankAccount.init(iban:))
        var payment = [Page.Row(label: table.string("payments.invoice.means"), value: table.string("payments.invoice.transfer"))]
        if let czech = account?.czech { payment.append(Page.Row(label: table.string("payments.fields.czechAccount"), value: czech.text)) }
        payment += [Page.Row(label: table.string("payments.fields.iban"), value: account?.iban.printed ?? invoice.iban),
                    Page.Row(label: table.string("payments.fields.variableSymbol"), value: String(invoice.variableSymbol))]
        let paid = try payments.paidOn(invoice)
        var response = try renderer.render(.invoice, for: request, title: "\(table.string("payments.invoice.title")) \(invoice.number)",
                                           content: Page(
            number: invoice.number, supplier: party(invoice.supplier), customer: party(invoice.customer),
            vatPayer: invoice.isVATApplicable, dates: dates, payment: payment, description: invoice.description,
            base: text.amount(invoice.taxBase), vatPercent: "\(invoice.vatPercent) %", tax: text.amount(invoice.tax),
            total: text.amount(invoice.amount),
            paid: paid.map { table.string("payments.invoice.paid").replacingOccurrences(of: "{day}", with: text.shortDay($0)) },
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
