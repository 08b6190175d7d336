import Testing
@testable import MQTTClient

@Suite struct AcknowledgementBookTests {
    @Test func acknowledgementAfterRegistrationReturnsTheWaiter() {
        var book = AcknowledgementBook<String, Int>()
        #expect(book.register("first", for: 7) == nil)
        #expect(book.acknowledge(7, with: 1) == "first")
        #expect(book.count == 0)
    }

    @Test func acknowledgementArrivingBeforeRegistrationIsKeptForIt() {
        var book = AcknowledgementBook<String, Int>()
        #expect(book.acknowledge(9, with: 42) == nil)
        #expect(book.register("late", for: 9) == 42)
        #expect(book.count == 0)
    }

    @Test func removingAllReturnsTheWaitersStillWaiting() {
        var book = AcknowledgementBook<String, Int>()
        _ = book.register("a", for: 1)
        _ = book.register("b", for: 2)
        _ = book.acknowledge(1, with: 0)
        #expect(book.removeAll() == ["b"])
        #expect(book.count == 0)
    }
}
