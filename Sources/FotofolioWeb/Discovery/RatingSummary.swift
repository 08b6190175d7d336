import Foundation
import Fotofolio

/// "★ 4,5 · 12 hodnocení · 3 ověřená", or "no ratings yet".
enum RatingSummary {
    static func text(_ user: User, table: StringTable) -> String {
        guard let average = user.averageRating else { return table.string("profile.noRatings") }
        let rounded = (average * 10).rounded() / 10
        let number = String(format: "%.1f", rounded).replacingOccurrences(of: ".", with: table.language == .cs ? "," : ".")
        let verified = user.verifiedRatingCount > 0 ? " · " + table.plural("profile.verifiedCount", count: user.verifiedRatingCount) : ""
        return "★ \(number) · " + table.plural("profile.ratingCount", count: user.ratingCount) + verified
    }
}
