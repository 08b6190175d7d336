import Foundation
import Fotofolio
import HTTPServer

/// Blocking someone from their profile or a direct conversation (`POST /u/:username/block`),
/// taking it back (`POST /u/:username/unblock`), and the list of people one has blocked
/// (`/profile/blocked`), where each can be unblocked. The forms say where to come back to
/// (`return`, a path on this site); without it a block comes back to the profile.
struct BlockPages {
    let renderer: PageRenderer
    let accounts: AccountsService
    let blocking: Blocking

    func register(in router: inout Router) {
        router.group(RequireSignIn()) { router in
            router.get("/profile/blocked") { request in try list(request) }
            router.post("/u/:username/block") { request in try block(request) }
            router.post("/u/:username/unblock") { request in try unblock(request) }
        }
    }

    /// `pages/blocked`: whom the person blocked, newest first.
    struct Page: ViewModel {
        struct Person: ViewModel {
            let username: String
            let fullName: String
            let initials: String
            let since: String
        }

        let csrf: String
        let people: [Person]
        let hasPeople: Bool
        /// Just unblocked someone.
        let notice: String?
    }

    private func list(_ request: Request) throws -> Response {
        let userId = try request.requireSignIn().userId
        let table = renderer.strings(for: request)
        let dates = MessageDates(for: request, table: table)
        let people = try blocking.blockedPeople(by: userId).map { blocked in
            Page.Person(username: blocked.user.username, fullName: blocked.user.fullName,
                        initials: Initials.of(blocked.user.fullName), since: dates.listLabel(blocked.blockedAt))
        }
        let notice = request.query["unblocked"] == "1" ? table.string("safety.unblocked") : nil
        return try renderer.render(.blocked, for: request, content: Page(
            csrf: request.csrfToken, people: people, hasPeople: !people.isEmpty, notice: notice))
    }

    private func block(_ request: Request) throws -> Response {
        let userId = try request.requireSignIn().userId
        let person = try person(in: request)
        do {
            try blocking.block(person.storedId, by: userId)
        } catch SafetyError.cannotBlockYourself {
            throw HTTPFailure(.unprocessableContent, renderer.strings(for: request).string("safety.errors.cannotBlockYourself"))
        }
        return .redirect(to: SafeRedirect.path(request.form["return"] ?? "/u/\(QueryItems.escape(person.username))?blocked=1"))
    }

    private func unblock(_ request: Request) throws -> Response {
        let userId = try request.requireSignIn().userId
        let person = try person(in: request)
        try blocking.unblock(person.storedId, by: userId)
        return .redirect(to: SafeRedirect.path(request.form["return"] ?? "/u/\(QueryItems.escape(person.username))"))
    }

    private func person(in request: Request) throws -> User {
        guard let username = request.parameters["username"], let user = try accounts.user(username: username) else {
            throw HTTPFailure(.notFound, "There is nobody with this username.")
        }
        return user
    }
}
