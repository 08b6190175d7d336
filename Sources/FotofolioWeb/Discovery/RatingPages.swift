import Fotofolio
import HTTPServer

/// Rating another person (`POST /u/:username/rating`): one to five stars, or `remove`.
struct RatingPages {
    let renderer: PageRenderer
    let accounts: AccountsService
    let ratings: RatingsService
    /// The profile again, saying why the stars were refused.
    let profiles: ProfilePages

    func register(in router: inout Router) {
        router.group(RequireSignIn()) { router in
            router.post("/u/:username/rating") { request in try rate(request) }
        }
    }

    private func rate(_ request: Request) throws -> Response {
        let rater = try request.requireSignIn()
        guard let username = request.parameters["username"], let rated = try accounts.user(username: username) else {
            throw HTTPFailure(.notFound, "There is nobody with this username.")
        }
        let updated: User
        var stars: Int?
        do {
            if request.form["remove"] != nil {
                updated = try ratings.removeRating(of: rated.storedId, by: rater.userId) ?? rated
            } else {
                guard let given = request.form["stars"].flatMap(Int.init) else { throw RatingError.starsOutOfRange }
                updated = try ratings.rate(rated.storedId, stars: given, by: rater.userId)
                stars = given
            }
        } catch RatingError.ownProfile {
            throw HTTPFailure(.forbidden, "You cannot rate yourself.")
        } catch RatingError.starsOutOfRange {
            throw HTTPFailure(.unprocessableContent, "Choose one to five stars.")
        } catch RatingError.blocked {
            throw HTTPFailure(.forbidden, renderer.strings(for: request).string("rating.blocked"))
        } catch RatingError.tooManyToday {
            let message = renderer.strings(for: request).string("rating.tooManyToday")
            if request.wantsJSON { return .json(["error": message], status: .tooManyRequests) }
            return try profiles.profile(request, ratingProblem: message)
        }
        return request.answer(json: { .json(RatingReply(stars: stars, summary: RatingSummary.text(updated, table: renderer.strings(for: request)))) },
                              redirectingTo: "/u/\(QueryItems.escape(rated.username))#rating")
    }
}

/// What the rating script shows after a change.
struct RatingReply: Encodable {
    let stars: Int?
    let summary: String

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        // Always present, null when removed, so the script can tell.
        try container.encode(stars, forKey: .stars)
        try container.encode(summary, forKey: .summary)
    }

    enum CodingKeys: String, CodingKey { case stars, summary }
}
