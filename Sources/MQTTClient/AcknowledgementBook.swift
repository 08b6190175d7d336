/// Pairs packet ids (libmosquitto's "mid") with whoever waits for their acknowledgement.
///
/// libmosquitto hands out the mid as the publish or subscribe call returns, while the
/// acknowledgement arrives on its network thread, which can happen first. Rather than
/// holding a lock across the C call, the book keeps early acknowledgements until the
/// waiter is registered.
struct AcknowledgementBook<Waiter, Receipt> {
    private var waiters: [Int32: Waiter] = [:]
    private var earlyReceipts: [Int32: Receipt] = [:]

    var count: Int { waiters.count }

    /// Registers a waiter; returns the receipt if the acknowledgement already came.
    mutating func register(_ waiter: Waiter, for mid: Int32) -> Receipt? {
        if let receipt = earlyReceipts.removeValue(forKey: mid) { return receipt }
        waiters[mid] = waiter
        return nil
    }

    /// Records an acknowledgement; returns its waiter, or keeps it for a waiter to come.
    mutating func acknowledge(_ mid: Int32, with receipt: Receipt) -> Waiter? {
        if let waiter = waiters.removeValue(forKey: mid) { return waiter }
        earlyReceipts[mid] = receipt
        return nil
    }

    /// Empties the book, returning the waiters that will never be acknowledged.
    mutating func removeAll() -> [Waiter] {
        defer { waiters = [:]; earlyReceipts = [:] }
        return Array(waiters.values)
    }
}
