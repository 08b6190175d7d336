import Foundation

// The one way the Swift tests wait: for a condition, with a deadline, never for a time.
// Deadlines are generous because the tests share two cores with the build and each other;
// a condition that holds returns at once, so a generous deadline costs nothing when green.

/// Whether `condition` came to hold before `timeout`, polling every few milliseconds on
/// this thread (for tests that are not `async`).
public func eventually(within timeout: Duration = .seconds(20), _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
        if try condition() { return true }
        Thread.sleep(forTimeInterval: 0.005)
    }
    return try condition()
}

/// Returns once `condition` holds; throws `TimedOut`, naming `what` was awaited, when it
/// has not by `timeout`.
public func waitUntil(_ what: String, timeout: Duration = .seconds(20),
                      _ condition: () async throws -> Bool) async throws {
    let deadline = ContinuousClock.now + timeout
    while try await !condition() {
        guard ContinuousClock.now < deadline else { throw TimedOut(description: "timed out waiting until \(what)") }
        try await Task.sleep(for: .milliseconds(10))
    }
}

/// A condition a test waited for never came to hold.
public struct TimedOut: Error, CustomStringConvertible {
    public let description: String
}
