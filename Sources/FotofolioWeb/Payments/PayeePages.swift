import Foundation
import Fotofolio
import HTTPServer

/// A photographer's bank details (`/profile/payments`): the account clients pay to, checked
/// as typed (`PayeeForm`), with the name and address a payment and an invoice bear. Every
/// problem is said at its field and nothing is kept until all are right.
struct PayeePages {
    let renderer: PageRenderer
    let payments: Payments

    static let path = "/profile/payments"

    func register(in router: inout Router) {
        router.group(RequireSignIn()) { router in
            router.get(Self.path) { request in try show(request) }
            router.post(Self.path) { request in try save(request) }
            router.post(Self.path + "/remove") { request in try remove(request) }
        }
    }

    /// `pages/payee`.
    struct Page: ViewModel {
        let fields: [FormFieldView]
        let csrf: String
        let saved: Bool
        let removed: Bool
        let hasErrors: Bool
        let hasPayee: Bool
        let shownAs: String?
    }

    private func show(_ request: Request) throws -> Response {
        let userId = try request.requirePhotographer(renderer.strings(for: request)).userId
        let payee = try payments.payee(of: userId)
        return try page(request, form: payee.map(PayeeForm.init) ?? PayeeForm(), payee: payee)
    }

    private func save(_ request: Request) throws -> Response {
        let userId = try request.requirePhotographer(renderer.strings(for: request)).userId
        var form = PayeeForm()
        form.account = request.form["account"] ?? ""
        form.name = request.form["name"] ?? ""
        form.address = request.form["address"] ?? ""
        form.companyId = request.form["companyId"] ?? ""
        form.vatNumber = request.form["vatNumber"] ?? ""
        form.paymentNote = request.form["paymentNote"] ?? ""
        form.invoicePrefix = request.form["invoicePrefix"] ?? ""
        do {
            try payments.savePayee(form, for: userId)
            return .redirect(to: Self.path + "?saved=1")
        } catch let problems as PayeeProblems {
            return try page(request, form: form, payee: try payments.payee(of: userId), problems: problems, status: .unprocessableContent)
        }
    }

    private func remove(_ request: Request) throws -> Response {
        let userId = try request.requirePhotographer(renderer.strings(for: request)).userId
        try payments.removePayee(of: userId)
        return .redirect(to: Self.path + "?removed=1")
    }

    private func page(_ request: Request, form: PayeeForm, payee: Payee?, problems: PayeeProblems = PayeeProblems(),
                      status: HTTPStatus = .ok) throws -> Response {
        let table = renderer.strings(for: request)
        func field(_ field: PayeeField, _ value: String, required: Bool = true, multiline: Bool = false, maxlength: Int? = nil,
                   inputmode: String? = nil) -> FormFieldView {
            FormFieldView(field.rawValue, label: table.string("payments.fields.\(field.rawValue)"), value: value,
                          hint: table.string("payments.hints.\(field.rawValue)"),
                          error: problems.fields[field].map { table.string("payments.problems.\($0)") }, required: required,
                          multiline: multiline, maxlength: maxlength, inputmode: inputmode)
        }
        let fields = [
            field(.account, form.account, maxlength: 64),
            field(.name, form.name, maxlength: PayeeForm.nameLimit.characters),
            field(.address, form.address, multiline: true, maxlength: PayeeForm.addressLimit.characters),
            field(.companyId, form.companyId, required: false, maxlength: 12, inputmode: "numeric"),
            field(.vatNumber, form.vatNumber, required: false, maxlength: 14),
            field(.paymentNote, form.paymentNote, required: false, maxlength: PayeeForm.paymentNoteLimit.characters),
            field(.invoicePrefix, form.invoicePrefix, required: false, maxlength: InvoiceSeries.prefixLimit),
        ]
        let shownAs = payee.map { payee in
            table.string("payments.payee.shownAs").replacingOccurrences(
                of: "{account}", with: payee.account.czech.map { "\($0.text) · \(payee.account.iban.printed)" } ?? payee.account.iban.printed)
        }
        var response = try renderer.render(.payee, for: request, content: Page(
            fields: fields, csrf: request.csrfToken, saved: request.query["saved"] == "1", removed: request.query["removed"] == "1",
            hasErrors: !problems.fields.isEmpty, hasPayee: payee != nil, shownAs: shownAs))
        response.status = status
        response.headers.set("Cache-Control", "private, no-store")
        return response
    }
}
