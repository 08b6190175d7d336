import Foundation
import Testing
import Fotofolio

/// Whether a rating may be given and what it rests on, the rules on their own.
@Suite struct RatingRulesTests {
    @Test(arguments: [
        (false, RatingBasis.booking, RatingBasis.booking, nil), (false, .conversation, .conversation, nil),
        (false, .none, RatingBasis.none, nil), (true, .booking, nil, RatingError.blocked), (true, .none, nil, .blocked),
    ] as [(Bool, RatingBasis, RatingBasis?, RatingError?)])
    func anyoneNotBlockedRatesAndTheContactIsTheBasis(blocked: Bool, contact: RatingBasis, basis: RatingBasis?,
                                                       refusal: RatingError?) throws {
        if let refusal {
            #expect(throws: refusal) { try RatingRules.basis(blockedByRated: blocked, contact: contact) }
        } else {
            #expect(try RatingRules.basis(blockedByRated: blocked, contact: contact) == basis)
        }
    }

    @Test(arguments: [(RatingBasis.booking, true), (.conversation, true), (.none, false), (.beforeBookings, false)])
    func onlyRealContactIsVerified(basis: RatingBasis, verified: Bool) {
        #expect(basis.isVerified == verified)
    }

    @Test(arguments: [
        // (account age in days, new ratings today, a change, refused)
        (0.0, 9, false, false), (0.0, 10, false, true), (0.0, 10, true, false), (6.9, 10, false, true),
        (7.0, 10, false, false), (365.0, 500, false, false),
    ])
    func aNewAccountGivesTenNewRatingsADay(ageInDays: Double, givenToday: Int, isChange: Bool, refused: Bool) {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let check = {
            try RatingLimits.standard.check(raterCreatedAt: now.addingTimeInterval(-ageInDays * 86_400), givenToday: givenToday,
                                            isChange: isChange, at: now)
        }
        if refused {
            #expect(throws: RatingError.tooManyToday, performing: check)
        } else {
            #expect(throws: Never.self, performing: check)
        }
    }
}
