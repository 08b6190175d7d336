import Testing
@testable import MQTTClient

@Suite struct ReconnectBackoffTests {
    @Test func delaysGrowWithTheSquareOfTheAttemptUpToTheMaximum() {
        var backoff = ReconnectBackoff(delay: .seconds(1), maximum: .seconds(30))
        let delays = (1...7).map { _ in backoff.nextDelay() }
        #expect(delays == [1, 4, 9, 16, 25, 30, 30].map { Duration.seconds($0) })
    }

    @Test func anAcceptedConnectionStartsTheDelaysOver() {
        var backoff = ReconnectBackoff(delay: .seconds(2), maximum: .seconds(60))
        _ = backoff.nextDelay()
        _ = backoff.nextDelay()
        backoff.reset()
        #expect(backoff.nextDelay() == .seconds(2))
        #expect(backoff.nextDelay() == .seconds(8))
    }

    @Test func delaysAreWholeSecondsOfAtLeastOne() {
        var backoff = ReconnectBackoff(delay: .milliseconds(200), maximum: .milliseconds(1_500))
        #expect(backoff.nextDelay() == .seconds(1))
        #expect(backoff.nextDelay() == .seconds(1))
    }

    @Test func aMaximumBelowTheDelayKeepsTheDelay() {
        var backoff = ReconnectBackoff(delay: .seconds(5), maximum: .seconds(1))
        #expect(backoff.nextDelay() == .seconds(5))
        #expect(backoff.nextDelay() == .seconds(5))
    }
}
