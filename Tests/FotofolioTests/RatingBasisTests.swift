import Foundation
import GRDB
import Postgres
import Testing
@testable import Fotofolio
@testable import FotofolioSQLite

extension TestDatabase {
    /// What the stored rating of `ratedId` by `raterId` says it rests on, read from its row.
    func ratingBasis(of ratedId: Int64, by raterId: Int64) throws -> String? {
        if let postgres {
            return try postgres.withConnection { connection in
                try connection.query("SELECT basis FROM rating WHERE rater_id = $1 AND rated_id = $2", [raterId, ratedId])
                    .first?.decode(0, as: String.self)
            }
        }
        return try database.pool.read { db in
            try String.fetchOne(db, sql: "SELECT basis FROM rating WHERE raterId = ? AND ratedId = ?", arguments: [raterId, ratedId])
        }
    }
}

/// Anyone rates; a rating keeps what it rests on, and only a booking that is done or a
/// conversation both wrote in makes it verified.
@Suite struct RatingBasisTests {
    let shoots: ShootWorld
    var world: TestDatabase { shoots.world }
    var vojta: Int64 { shoots.vojta }
    var jana: Int64 { shoots.jana }
    var eva: Int64 { shoots.eva }

    init() throws {
        shoots = try ShootWorld()
    }

    @Test func strangersRateEachOtherUnverified() throws {
        #expect(try world.ratings.contact(of: jana, with: vojta) == .none)
        let rated = try world.ratings.rate(vojta, stars: 4, by: jana)
        #expect(rated.ratingCount == 1 && rated.averageRating == 4 && rated.verifiedRatingCount == 0)
        try world.ratings.rate(jana, stars: 5, by: vojta)
        #expect(try world.ratings.stars(givenTo: vojta, by: jana) == 4)
        #expect(try world.ratingBasis(of: vojta, by: jana) == RatingBasis.none.rawValue)
        #expect(try world.ratingBasis(of: jana, by: vojta) == RatingBasis.none.rawValue)
    }

    @Test func writingToSomeoneWhoNeverAnsweredIsNoContact() throws {
        let room = try world.messenger.directRoom(between: jana, and: vojta).id
        try world.send("Dobrý den, máte volno?", in: room, by: jana)
        try world.send("Haló?", in: room, by: jana)
        #expect(try world.ratings.contact(of: jana, with: vojta) == .none)
        #expect(try world.ratings.contact(of: vojta, with: jana) == .none)
        #expect(try world.ratings.rate(vojta, stars: 1, by: jana).verifiedRatingCount == 0)
    }

    @Test func writingInDifferentConversationsIsNoContact() throws {
        let janas = try world.messenger.directRoom(between: jana, and: eva).id
        let vojtas = try world.messenger.directRoom(between: vojta, and: eva).id
        try world.send("Ahoj Evo", in: janas, by: jana)
        try world.send("Dobrý den, Evo", in: vojtas, by: vojta)
        #expect(try world.ratings.contact(of: jana, with: vojta) == .none)
    }

    @Test func aConversationInWhichBothWroteMakesEitherRatingVerified() throws {
        let room = try world.messenger.directRoom(between: jana, and: vojta).id
        try world.send("Dobrý den, máte volno?", in: room, by: jana)
        try world.send("Dobrý den, ano.", in: room, by: vojta)
        #expect(try world.ratings.contact(of: jana, with: vojta) == .conversation)
        #expect(try world.ratings.contact(of: vojta, with: jana) == .conversation)
        let rated = try world.ratings.rate(vojta, stars: 4, by: jana)
        #expect(rated.ratingCount == 1 && rated.verifiedRatingCount == 1)
        try world.ratings.rate(jana, stars: 5, by: vojta)
        #expect(try world.ratingBasis(of: vojta, by: jana) == RatingBasis.conversation.rawValue)
        #expect(try world.ratingBasis(of: jana, by: vojta) == RatingBasis.conversation.rawValue)
        #expect(try world.ratings.contact(of: jana, with: jana) == .none)
    }

    @Test func aGroupConversationInWhichBothWroteCounts() throws {
        let group = try world.messenger.createGroup(named: "Svatba", by: eva, members: [jana, vojta]).id
        try world.send("Ahoj všichni", in: group, by: jana)
        try world.send("Dobrý den", in: group, by: vojta)
        #expect(try world.ratings.rate(vojta, stars: 3, by: jana).verifiedRatingCount == 1)
    }

    @Test func aRatingGivenBeforeContactBecomesVerifiedWhenChangedAfter() throws {
        #expect(try world.ratings.rate(vojta, stars: 2, by: jana).verifiedRatingCount == 0)
        try world.converse(jana, with: vojta)
        let changed = try world.ratings.rate(vojta, stars: 3, by: jana)
        #expect(changed.ratingCount == 1 && changed.verifiedRatingCount == 1 && changed.averageRating == 3)
        #expect(try world.ratingBasis(of: vojta, by: jana) == RatingBasis.conversation.rawValue)
        #expect(try world.ratings.removeRating(of: vojta, by: jana)?.verifiedRatingCount == 0)
    }

    @Test func aBookingThatIsDoneLetsTheClientRateThePhotographerVerified() throws {
        let request = try shoots.request(from: jana, to: vojta)
        let booking = try shoots.accept(try shoots.offer(on: request.id, by: vojta).id, by: jana)
        let after = booking.endsAt.addingTimeInterval(60)
        #expect(try world.ratings.contact(of: jana, with: vojta, at: after) == .booking)
        #expect(try world.ratings.contact(of: jana, with: vojta, at: booking.endsAt) == .booking)
        // Before it ends, the cards they exchanged are what there is.
        #expect(try world.ratings.contact(of: jana, with: vojta, at: booking.endsAt.addingTimeInterval(-1)) == .conversation)
        // A booking is the client's ground to rate the photographer, not the other way round.
        #expect(try world.ratings.contact(of: vojta, with: jana, at: after) == .conversation)
        let rated = try world.ratings.rate(vojta, stars: 5, by: jana, at: after)
        #expect(rated.ratingCount == 1 && rated.averageRating == 5 && rated.verifiedRatingCount == 1)
        #expect(try world.ratingBasis(of: vojta, by: jana) == RatingBasis.booking.rawValue)
        // Changed later, it still rests on the booking.
        try world.ratings.rate(vojta, stars: 4, by: jana, at: after.addingTimeInterval(86_400))
        #expect(try world.ratingBasis(of: vojta, by: jana) == RatingBasis.booking.rawValue)
    }

    @Test func aCancelledBookingIsNoGroundOfItsOwn() throws {
        let request = try shoots.request(from: jana, to: vojta)
        let booking = try shoots.accept(try shoots.offer(on: request.id, by: vojta).id, by: jana)
        try shoots.cancel(booking.id, by: vojta)
        #expect(try world.ratings.contact(of: jana, with: vojta, at: booking.endsAt.addingTimeInterval(60)) == .conversation)
    }

    @Test func aBookingWithSomeoneElseIsNoContact() throws {
        let request = try shoots.request(from: jana, to: vojta)
        let booking = try shoots.accept(try shoots.offer(on: request.id, by: vojta).id, by: jana)
        let after = booking.endsAt.addingTimeInterval(60)
        #expect(try world.ratings.rate(vojta, stars: 1, by: eva, at: after).verifiedRatingCount == 0)
        #expect(try world.ratingBasis(of: vojta, by: eva) == RatingBasis.none.rawValue)
    }

    @Test func someoneWhoBlockedTheRaterCannotBeRatedByThem() throws {
        try world.converse(jana, with: vojta)
        try world.blocking.block(jana, by: vojta)
        #expect(throws: RatingError.blocked) { try world.ratings.rate(vojta, stars: 1, by: jana) }
        #expect(try world.rowCount("rating") == 0)
    }

    @Test func nobodyRatesTheirOwnProfile() throws {
        #expect(throws: RatingError.ownProfile) { try world.ratings.rate(vojta, stars: 5, by: vojta) }
    }
}

/// The feed's "free on": photographers busy that day are left out.
@Suite struct FreeOnFeedTests {
    let shoots: ShootWorld
    var world: TestDatabase { shoots.world }
    let vojtas: Portfolio, petras: Portfolio

    init() throws {
        shoots = try ShootWorld()
        let world = shoots.world
        vojtas = try world.portfolio(of: try #require(try world.accounts.user(id: shoots.vojta)), name: "Svatby", tags: "svatba")
            .portfolio
        petras = try world.portfolio(of: try #require(try world.accounts.user(id: shoots.petra)), name: "Portréty", tags: "svatba")
            .portfolio
    }

    private func free(on day: CalendarDay, tags: [String] = []) throws -> FeedPage {
        try world.feed.page(FeedQuery(tags: tags, freeOn: day))
    }

    @Test func aPhotographerMarkedBusyIsLeftOutThatDayOnly() throws {
        let day = shoots.today.adding(days: 7)
        try shoots.bookings.setBusyDays([day], of: shoots.vojta, at: shoots.now)
        for tags in [[], ["svatba"]] {
            let busy = try free(on: day, tags: tags)
            #expect(busy.portfolios.map(\.id) == [petras.id] && busy.total == 1, "\(tags)")
            let otherDay = try free(on: day.adding(days: 1), tags: tags)
            #expect(Set(otherDay.portfolios.map(\.id)) == [vojtas.id, petras.id] && otherDay.total == 2, "\(tags)")
        }
        #expect(try world.feed.page(FeedQuery()).total == 2)
        try shoots.bookings.setBusyDays([], of: shoots.vojta, at: shoots.now)
        #expect(try free(on: day).total == 2)
    }

    @Test func aPhotographerBookedIsLeftOutUntilTheBookingIsCancelled() throws {
        let request = try shoots.request(from: shoots.jana, to: shoots.petra)
        let booking = try shoots.accept(try shoots.offer(on: request.id, by: shoots.petra, dayIn: 9).id, by: shoots.jana)
        let booked = try free(on: booking.day)
        #expect(booked.portfolios.map(\.id) == [vojtas.id] && booked.total == 1)
        #expect(try free(on: booking.day, tags: ["svatba"]).portfolios.map(\.id) == [vojtas.id])
        try shoots.cancel(booking.id, by: shoots.petra)
        let back = try free(on: booking.day)
        #expect(Set(back.portfolios.map(\.id)) == [vojtas.id, petras.id] && back.total == 2)
    }

    @Test func everyPageCountsOnlyTheFreeAndSoDoesThePagePastTheLast() throws {
        let vojta = try #require(try world.accounts.user(id: shoots.vojta))
        let petra = try #require(try world.accounts.user(id: shoots.petra))
        for index in 0..<4 { try world.portfolio(of: vojta, name: "V\(index)", tags: "svatba") }
        for index in 0..<2 { try world.portfolio(of: petra, name: "P\(index)", tags: "svatba") }
        let day = shoots.today.adding(days: 3)
        try shoots.bookings.setBusyDays([day], of: shoots.vojta, at: shoots.now)
        for tags in [[], ["svatba"]] {
            var query = FeedQuery(tags: tags, freeOn: day)
            query.pageSize = 2
            var found: [Int64?] = []
            while true {
                let page = try world.feed.page(query)
                #expect(page.total == 3, "\(tags)")
                found += page.portfolios.map(\.id)
                guard let next = page.next else {
                    query.after = page.portfolios.last.map(FeedCursor.init) ?? query.after
                    break
                }
                query.after = next
            }
            let owners = try found.map { try world.portfolios.details(id: $0!)?.portfolio.ownerId }
            #expect(owners == [petra.id, petra.id, petra.id], "\(tags)")
            let beyond = try world.feed.page(query)
            #expect(beyond.portfolios.isEmpty && beyond.total == 3, "\(tags)")
        }
    }
}
