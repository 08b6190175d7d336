import Foundation
import Testing
@testable import Fotofolio

/// The feed's "free on": photographers busy that day, marked by hand or by a booking, are
/// left out of the page and of its count, alone and together with the other filters.
@Suite struct FeedFreeOnTests {
    @Test func photographersBusyThatDayAreLeftOutOfThePageAndItsCount() throws {
        let world = try TestDatabase()
        let vojta = try world.creator(), petra = try world.creator("petra.foto")
        try world.portfolio(of: vojta, name: "Vojta", tags: "svatba")
        try world.portfolio(of: petra, name: "Petra", tags: "svatba")
        let day = CalendarDay(Date()).adding(days: 10)
        try world.stores.bookings.setBusyDays([day], from: day, through: day, of: vojta.id!)
        for tags in [[], [Tag.fold("svatba")]] {
            let busy = try world.feed.page(FeedQuery(tags: tags, freeOn: day))
            #expect(busy.portfolios.map(\.name) == ["Petra"] && busy.total == 1, "\(tags)")
            let free = try world.feed.page(FeedQuery(tags: tags, freeOn: day.adding(days: 1)))
            #expect(Set(free.portfolios.map(\.name)) == ["Vojta", "Petra"] && free.total == 2, "\(tags)")
        }
        // A page past the last counts apart, with the same filter.
        var query = FeedQuery(freeOn: day)
        query.after = try world.feed.page(query).portfolios.last.map(FeedCursor.init)
        let beyond = try world.feed.page(query)
        #expect(beyond.portfolios.isEmpty && beyond.total == 1)
    }
}
