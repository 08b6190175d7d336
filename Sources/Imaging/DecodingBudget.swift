import Foundation

/// How many megapixels this process may hold decoded at once, for the work that decodes a
/// photo at full size (a delivered WebP or HEIC, made into a JPEG).
///
/// A 55-megapixel photo takes about 500 MB while it is decoded and encoded again; six at
/// once took 2.5 GB. Each such decode takes its photo's megapixels from the budget first
/// and gives them back when done; past the budget it waits its turn, at most a given time,
/// and then fails with `DecodingBusy` (the web answers 503 with `Retry-After`). A photo
/// larger than the whole budget still runs, alone.
///
/// One per process: every caller must share it, or it bounds nothing.
public final class DecodingBudget: @unchecked Sendable {
    // @unchecked: `inFlight`, `waiting` and `granted` are only touched with `condition` locked.
    public let megapixels: Int
    private let condition = NSCondition()
    private var inFlight = 0
    private var waiting = 0
    private var granted = 0

    /// What a full-size decode and its JPEG take per megapixel, rounded up from 512 MB
    /// measured for a 55-megapixel WebP with libvips 8.14 (3 bytes a pixel decoded, copied
    /// once without its metadata, plus the encoder's buffers): the basis of the default budget.
    public static let bytesPerMegapixel = 10 << 20

    public init(megapixels: Int = DecodingBudget.standardMegapixels) {
        self.megapixels = max(1, megapixels)
    }

    /// A quarter of the machine's memory at `bytesPerMegapixel`, and never less than one
    /// photo at the largest size accepted.
    public static var standardMegapixels: Int {
        let quarter = Int(clamping: ProcessInfo.processInfo.physicalMemory / 4)
        return max(PhotoLimits.standard.maxPixels / 1_000_000, quarter / bytesPerMegapixel)
    }

    /// The megapixels of a `width` × `height` photo, rounded up.
    public static func megapixels(width: Int, height: Int) -> Int {
        let (pixels, overflow) = max(0, width).multipliedReportingOverflow(by: max(0, height))
        return overflow ? .max : (pixels + 999_999) / 1_000_000
    }

    /// Runs `work` holding `megapixels` of the budget, once they fit; throws `DecodingBusy`
    /// when they have not fitted within `wait`.
    public func spending<T>(_ megapixels: Int, waitingAtMost wait: Duration, _ work: () throws -> T) throws -> T {
        try take(megapixels, waitingAtMost: wait)
        defer { give(megapixels) }
        return try work()
    }

    func take(_ megapixels: Int, waitingAtMost wait: Duration) throws(DecodingBusy) {
        let deadline = Date().addingTimeInterval(Double(wait.components.seconds) + Double(wait.components.attoseconds) / 1e18)
        condition.lock()
        defer { condition.unlock() }
        waiting += 1
        defer { waiting -= 1 }
        // One larger than the whole budget counts as the whole budget: it runs alone.
        let need = min(megapixels, self.megapixels)
        while inFlight > 0, inFlight + need > self.megapixels {
            if !condition.wait(until: deadline), inFlight > 0, inFlight + need > self.megapixels {
                throw DecodingBusy(retryAfter: .seconds(5))
            }
        }
        inFlight += need
        granted += 1
    }

    func give(_ megapixels: Int) {
        condition.lock()
        inFlight -= min(megapixels, self.megapixels)
        condition.broadcast()
        condition.unlock()
    }

    /// Megapixels being decoded now.
    public var megapixelsInFlight: Int { locked { inFlight } }
    /// Decodes waiting for the budget now.
    public var waitingDecodes: Int { locked { waiting } }
    /// Decodes let in so far.
    public var decodesStarted: Int { locked { granted } }

    private func locked<T>(_ read: () -> T) -> T {
        condition.lock()
        defer { condition.unlock() }
        return read()
    }
}

/// The decoding budget stayed full for as long as a request may wait.
public struct DecodingBusy: Error, Sendable {
    /// When to ask again.
    public let retryAfter: Duration
}
