/// How long the network thread waits before each reconnection attempt: delay × attempt²
/// (1, 4, 9, 16, 25 s with a 1 s delay), capped at the maximum, starting over once a
/// connection has been accepted. The delays are whole seconds, at least one.
struct ReconnectBackoff {
    private let delay: Duration
    private let maximum: Duration
    /// Attempts since the last accepted connection.
    private var attempts = 0

    init(delay: Duration, maximum: Duration) {
        self.delay = .seconds(max(1, delay.components.seconds))
        self.maximum = max(self.delay, .seconds(maximum.components.seconds))
    }

    /// The wait before the next attempt; each call counts one attempt.
    mutating func nextDelay() -> Duration {
        attempts += 1
        // Capped before squaring grows past what the cap could ever allow.
        guard attempts < 1_000 else { return maximum }
        return min(delay * (attempts * attempts), maximum)
    }

    /// The broker accepted a connection: the next loss waits the first delay again.
    mutating func reset() { attempts = 0 }
}
