import Foundation
import Fotofolio
import HTTPServer
import Testing
@testable import FotofolioWeb

/// Every address that names a subject by id answers as `VisibilityRules` says, for every
/// kind of person and every state of the subject: what one may not see is a 404 (or a form
/// without it) that names nothing. A new route with a parameter fails here until it is
/// walked below or said to be another rule's business.
@Suite(.serialized) struct SubjectRoutesTests {
    /// Routes whose parameter names no portfolio, photo, film, message or profile, or whose
    /// access is another rule's: why.
    static let otherRules: [String: String] = [
        "GET /confirm-email/:token": "the person's own e-mail token",
        "GET /reset-password/:token": "the person's own reset token, mailed to them (PasswordResets)",
        "POST /reset-password/:token": "the person's own reset token, mailed to them (PasswordResets)",
        "GET /unsubscribe/:kind/:token": "a signed link naming its person and kind (MailPreferences)",
        "POST /unsubscribe/:kind/:token": "a signed link naming its person and kind (MailPreferences)",
        "GET /moderation/mail/:key": "operators only (RequireOperator), every mail",
        "GET /calendar/:token/bookings.ics": "the person's own calendar token",
        "GET /u/:username/accent.css": "a colour, which names no work",
        "POST /u/:username/block": "blocking a person: ContactRules",
        "POST /u/:username/unblock": "blocking a person: ContactRules",
        "POST /u/:username/rating": "rating a person: a block (RatingRules) in the rating's transaction",
        "POST /u/:username/shoot": "a request to a person: ContactRules in BookingStore.request",
        "GET /messages/:room": "a conversation: its members only (MessengerService)",
        "POST /messages/:room": "a conversation: its members only (MessengerService)",
        "POST /messages/:room/read": "a conversation: its members only (MessengerService)",
        "POST /messages/:room/name": "a conversation: its members only (MessengerService)",
        "POST /messages/:room/members": "a conversation: its members only (MessengerService)",
        "POST /messages/:room/members/remove": "a conversation: its members only (MessengerService)",
        "GET /messages/:room/report": "a conversation: its members only; the message chosen is walked as /report",
        "GET /messages/:room/:message/edit": "a message of a conversation: its members only, the author to change it (MessageChanges)",
        "POST /messages/:room/:message/edit": "a message of a conversation: its members only, the author to change it (MessageChanges)",
        "POST /messages/:room/:message/delete": "a message of a conversation: its members only, the author to change it (MessageChanges)",
        "POST /messages/:room/:message/reactions": "a message of a conversation: its members only (MessageChangePagesTests)",
        "GET /messages/:room/files/:id": "a message's file: the room's members only, while the message stands (MessageAttachmentPagesTests)",
        "GET /messages/:room/files/:id/small": "a message's photo: the room's members only, while the message stands (MessageAttachmentPagesTests)",
        "GET /shoots/:request/offer": "a shoot: its two people (BookingRules)",
        "POST /shoots/:request/offer": "a shoot: its two people (BookingRules)",
        "GET /shoots/:request/decline": "a shoot: its two people (BookingRules)",
        "POST /shoots/:request/decline": "a shoot: its two people (BookingRules)",
        "GET /offers/:offer/accept": "a shoot: its two people (BookingRules)",
        "POST /offers/:offer/accept": "a shoot: its two people (BookingRules)",
        "GET /bookings/:booking/cancel": "a shoot: its two people (BookingRules)",
        "POST /bookings/:booking/cancel": "a shoot: its two people (BookingRules)",
        "GET /bookings/:booking/calendar.ics": "a booking: its two people (BookingRules)",
        "GET /bookings/:booking": "a booking: its two people (BookingPaymentPagesTests)",
        "GET /invoices/:invoice": "a booking's invoice: its two people (BookingPaymentPagesTests)",
        "GET /terms/:terms": "a photographer's terms: theirs, and clients offered them (BookingPaymentPagesTests)",
        "GET /invoices/:invoice/isdoc": "a booking's invoice: its two people (BookingPaymentPagesTests)",
        "POST /bookings/:booking/payments/:part": "a booking's payments: its photographer marks, its client is refused, anyone else gets a 404 (BookingPaymentPagesTests)",
        "POST /bookings/:booking/payments/:part/invoice": "its photographer issues the invoice, its client is refused, anyone else gets a 404 (InvoiceStepPagesTests)",
        "POST /bookings/:booking/payments/:part/settle": "its photographer records a refund, its client is refused, anyone else gets a 404 (InvoiceStepPagesTests)",
        "GET /demands/:demand": "a demand: its client, and photographers while DemandRules.mayView lets them (DemandPagesTests)",
        "GET /demands/:demand/edit": "a demand: its client only, before the first offer (DemandPagesTests)",
        "POST /demands/:demand/edit": "a demand: its client only, before the first offer (DemandPagesTests)",
        "POST /demands/:demand/close": "a demand: its client only (DemandPagesTests)",
        "GET /demands/:demand/photos/:number": "a demand's photo: whoever DemandRules.mayView lets see it, and operators (DemandPhotoPagesTests)",
        "GET /demands/:demand/photos/:number/small": "a demand's photo: whoever DemandRules.mayView lets see it, and operators (DemandPhotoPagesTests)",
        "POST /demands/:demand/hide": "a demand a photographer may see, hidden from their own feed (DemandPagesTests)",
        "GET /demands/:demand/offer": "a demand: photographers who may see it answer (DemandRules.checkAnswer, DemandPagesTests)",
        "POST /demands/:demand/offer": "a demand: photographers who may see it answer (DemandRules.checkAnswer, DemandPagesTests)",
        "GET /galleries/:id": "a gallery: its photographer's (Galleries.owned)",
        "POST /galleries/:id/photos": "a gallery: its photographer's (Galleries.owned)",
        "POST /galleries/:id/deliver": "a gallery: its photographer's (Galleries.owned)",
        "POST /galleries/:id/camera-details": "a gallery: its photographer's (Galleries.owned)",
        "GET /galleries/:id/picks.txt": "a gallery: its photographer's (Galleries.owned)",
        "GET /g/:token": "a gallery: whoever its link opens to (ClientGalleryPages)",
        "POST /g/:token/picks": "a gallery: whoever its link opens to; photos outside it are refused (GalleryStore)",
        "POST /g/:token/photos/:photo/pick": "a gallery: whoever its link opens to; photos outside it are refused (GalleryStore)",
        "GET /g/:token/photos/:photo/download": "a gallery: whoever its link opens to; photos outside it are refused",
        "GET /g/:token/download.zip": "a gallery: whoever its link opens to (ClientGalleryPages)",
        "GET /films/jobs/:id/progress": "the uploader's own film on its way (FilmLibrary.job)",
        "GET /portfolios/:id/links": "the author's own links: another's portfolio is a 404 to anyone",
        "POST /portfolios/:id/links": "the author's own links: another's portfolio is a 404 to anyone",
        "POST /portfolios/:id/links/:link/revoke": "the author's own links: another's portfolio is a 404 to anyone",
        "POST /push/subscriptions/:id/remove": "the person's own devices: another's is a 404 (PushStore.remove)",
        "POST /profile/mqtt/:account/revoke": "the person's own MQTT accounts: another's is a 404 (MQTTAccountStore.remove)",
        "GET /sitemaps/:file": "lists only what a guest may open, for everyone alike (SitemapTests)",
    ]

    /// Routes walked below, with a parameter or with a subject in their query or form.
    static let walked: Set<String> = [
        "GET /portfolios/:id", "GET /portfolios/:id/edit", "POST /portfolios/:id", "GET /portfolios/:id/delete",
        "POST /portfolios/:id/delete", "GET /s/:token", "POST /s/:token", "GET /media/:file", "GET /photos/:id/original",
        "GET /u/:username", "GET /en/u/:username", "GET /en/portfolios/:id", "GET /u/:username/feed.atom", "GET /u/:username/shoot", "GET /report", "POST /report", "POST /selection/toggle",
        "POST /selection/add", "POST /selection/remove",
    ]

    @Test func everyRouteThatTakesAnIdIsWalkedOrSaidToBeAnotherRulesBusiness() throws {
        let server = try WebTestServer()
        let registered = Set(server.app.router.registeredRoutes.map { "\($0.method.rawValue) \($0.pattern)" })
        let withParameters = registered.filter { $0.contains("/:") || $0.contains("/*") }
        let unaccounted = withParameters.subtracting(Self.walked).subtracting(Self.otherRules.keys)
        #expect(unaccounted.isEmpty, "routes nobody decided about: \(unaccounted.sorted())")
        #expect(Self.walked.subtracting(registered).isEmpty, "walked routes that are gone: \(Self.walked.subtracting(registered))")
    }

    @Test func everySubjectRouteAnswersAsTheRuleSaysOnSQLite() async throws {
        try await walk(try await SubjectWorld())
    }

    @Test func everySubjectRouteAnswersAsTheRuleSaysOnPostgreSQL() async throws {
        try await walk(try await SubjectWorld(store: .postgres(poolSize: 4)))
    }

    private func walk(_ world: SubjectWorld) async throws {
        var walks = SubjectWalks(world: world)
        for person in SubjectWorld.Person.allCases {
            world.act(as: person)
            try await walks.portfolios(as: person)
            try await walks.photos(as: person)
            try await walks.forms(as: person)
        }
        #expect(walks.failures.isEmpty, "\(walks.failures.count) answers differ from the rule:\n\(walks.failures.joined(separator: "\n"))")
        // What the rule says, said once more in words for the states that matter most.
        let guest = world.viewer(.guest)
        #expect(try world.works.map { try world.visibility.sight(of: .portfolio($0.id), for: guest) } == [.reader, .none, .none, .none, .none])
        #expect(try world.works.map { try world.visibility.sight(of: $0.files[0], for: guest) } == [.everyone, .everyone, .none, .none, .none])
    }
}
