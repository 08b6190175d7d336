import Testing
import Fotofolio

/// Whether a rating may be given, the rule on its own.
@Suite struct RatingRulesTests {
    @Test(arguments: [
        (false, RatingBasis.booking, RatingBasis.booking, nil), (false, .conversation, .conversation, nil),
        (false, nil, nil, RatingError.noContact), (true, .booking, nil, .blocked), (true, nil, nil, .blocked),
    ] as [(Bool, RatingBasis?, RatingBasis?, RatingError?)])
    func aRatingRestsOnContactWithSomeoneWhoHasNotBlockedTheRater(blocked: Bool, contact: RatingBasis?, basis: RatingBasis?,
                                                                  refusal: RatingError?) throws {
        if let refusal {
            #expect(throws: refusal) { try RatingRules.basis(blockedByRated: blocked, contact: contact) }
        } else {
            #expect(try RatingRules.basis(blockedByRated: blocked, contact: contact) == basis)
        }
    }
}
