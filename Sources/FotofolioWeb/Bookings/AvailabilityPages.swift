import Foundation
import Fotofolio
import HTTPServer

/// A photographer marks the days they cannot shoot (`/profile/availability`): the next
/// months as checkboxes, sent as one form. Booked days mark themselves and stay.
struct AvailabilityPages {
    let renderer: PageRenderer
    let bookings: Bookings

    func register(in router: inout Router) {
        router.group(RequireSignIn()) { router in
            router.get("/profile/availability") { request in try show(request) }
            router.post("/profile/availability") { request in try save(request) }
        }
    }

    struct Page: ViewModel {
        let availability: AvailabilityView
        let csrf: String
        let saved: Bool
    }

    private func show(_ request: Request) throws -> Response {
        let userId = try photographer(request)
        let today = CalendarDay.today()
        let range = Bookings.availabilityRange(today: today)
        let busy = try bookings.busyDays(of: userId, from: range.first, through: range.last)
        return try renderer.render(.availability, for: request, content: Page(
            availability: AvailabilityView(busy: busy, today: today, editable: true, table: renderer.strings(for: request)),
            csrf: request.csrfToken, saved: request.query["saved"] == "1"))
    }

    private func save(_ request: Request) throws -> Response {
        let userId = try photographer(request)
        // Only days: anything else in the form is not a day and is left out.
        let days = Set(request.form.values("busy").prefix(400).compactMap { CalendarDay($0) })
        try bookings.setBusyDays(days, of: userId)
        return .redirect(to: "/profile/availability?saved=1")
    }

    private func photographer(_ request: Request) throws -> Int64 {
        try request.requirePhotographer(renderer.strings(for: request)).userId
    }
}
