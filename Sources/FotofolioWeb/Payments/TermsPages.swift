import Foundation
import Fotofolio
import HTTPServer

/// A photographer's terms (`/profile/terms`): one text, each saved change a new version that
/// offers from then on carry. A version as agreed (`/terms/:terms`) opens for its
/// photographer and for clients of a shoot one of whose offers carries it.
struct TermsPages {
    let renderer: PageRenderer
    let payments: Payments

    static let editPath = "/profile/terms"
    static func path(_ id: Int64) -> String { "/terms/\(id)" }

    func register(in router: inout Router) {
        router.group(RequireSignIn()) { router in
            router.get(Self.editPath) { request in try edit(request) }
            router.post(Self.editPath) { request in try save(request) }
            router.get("/terms/:terms") { request in try show(request) }
        }
    }

    /// One version: "Version 3 of 30/11/2026", its text and address.
    struct TermsView: ViewModel {
        let version: String
        let text: String
        let hash: String
        let href: String

        init(_ terms: ShootTerms, table: StringTable) {
            version = table.string("payments.terms.version").replacingOccurrences(of: "{version}", with: String(terms.version))
                .replacingOccurrences(of: "{day}", with: ShootText(table: table).shortDay(CalendarDay(terms.createdAt)))
            text = terms.text
            hash = terms.hash
            href = TermsPages.path(terms.id)
        }
    }

    /// `pages/terms-edit`.
    struct EditPage: ViewModel {
        let field: FormFieldView
        let current: TermsView?
        let csrf: String
        let saved: Bool
        let hasErrors: Bool
    }

    /// `pages/terms`.
    struct ShowPage: ViewModel {
        let terms: TermsView
    }

    private func edit(_ request: Request) throws -> Response {
        let userId = try request.requirePhotographer(renderer.strings(for: request)).userId
        let current = try payments.currentTerms(of: userId)
        return try editPage(request, text: current?.text ?? "", current: current)
    }

    private func save(_ request: Request) throws -> Response {
        let userId = try request.requirePhotographer(renderer.strings(for: request)).userId
        let text = request.form["terms"] ?? ""
        do {
            try payments.saveTerms(text, of: userId)
            return .redirect(to: Self.editPath + "?saved=1")
        } catch let problem as TermsProblem {
            return try editPage(request, text: text, current: try payments.currentTerms(of: userId),
                                problem: renderer.strings(for: request).string("payments.problems.terms.\(problem.rawValue)"),
                                status: .unprocessableContent)
        }
    }

    private func editPage(_ request: Request, text: String, current: ShootTerms?, problem: String? = nil,
                          status: HTTPStatus = .ok) throws -> Response {
        let table = renderer.strings(for: request)
        let field = FormFieldView("terms", label: table.string("payments.terms.label"), value: text, hint: table.string("payments.terms.hint"),
                                  error: problem, required: false, multiline: true, maxlength: ShootTerms.limit.characters)
        var response = try renderer.render(.termsEdit, for: request, content: EditPage(
            field: field, current: current.flatMap { $0.text.isEmpty ? nil : TermsView($0, table: table) }, csrf: request.csrfToken,
            saved: request.query["saved"] == "1", hasErrors: problem != nil))
        response.status = status
        response.headers.set("Cache-Control", "private, no-store")
        return response
    }

    private func show(_ request: Request) throws -> Response {
        let userId = try request.requireSignIn().userId
        let table = renderer.strings(for: request)
        guard let id = request.storedId("terms"), let terms = try payments.terms(id, for: userId) else {
            throw HTTPFailure(.notFound, table.string("payments.terms.unknown"))
        }
        var response = try renderer.render(.terms, for: request, content: ShowPage(terms: TermsView(terms, table: table)))
        response.headers.set("Cache-Control", "private, no-store")
        return response
    }
}
