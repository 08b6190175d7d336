import Dispatch
import Synchronization

/// Runs photo work (libvips) on threads of its own, a few at a time, with a bounded
/// number of callers waiting. Whoever calls `run` blocks until its work is done, so an
/// upload request answers once its variants exist, but libvips never runs on the
/// caller's thread and never more than `concurrency` photos at once, which bounds memory.
public final class PhotoProcessing: Sendable {
    /// How many photos are processed at once.
    public let concurrency: Int
    /// How many more may wait their turn before new work is refused as busy.
    public let waitingLimit: Int
    private let slots: DispatchSemaphore
    private let admitted = Mutex(0)
    private let queue = DispatchQueue(label: "fotofolio.photo-processing", qos: .userInitiated, attributes: .concurrent)

    public init(concurrency: Int = 2, waitingLimit: Int = 32) {
        self.concurrency = max(1, concurrency)
        self.waitingLimit = max(0, waitingLimit)
        slots = DispatchSemaphore(value: self.concurrency)
    }

    /// Work admitted and not yet finished (running or waiting).
    public var inProgress: Int { admitted.withLock { $0 } }

    /// Runs `work` on a processing thread and returns its result; throws
    /// `PhotoProcessingBusy` at once when the queue is full.
    public func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) throws -> T {
        let capacity = concurrency + waitingLimit
        let admittedNow = admitted.withLock { count in
            guard count < capacity else { return false }
            count += 1
            return true
        }
        guard admittedNow else { throw PhotoProcessingBusy() }
        let job = Job<T>()
        queue.async { [self] in
            slots.wait()
            let result = Result { try work() }
            slots.signal()
            admitted.withLock { $0 -= 1 }
            job.finish(result)
        }
        return try job.result()
    }
}

/// One piece of work's outcome, handed from the processing thread to the caller.
private final class Job<T: Sendable>: Sendable {
    private let outcome = Mutex<Result<T, any Error>?>(nil)
    private let done = DispatchSemaphore(value: 0)

    func finish(_ result: Result<T, any Error>) {
        outcome.withLock { $0 = result }
        done.signal()
    }

    func result() throws -> T {
        done.wait()
        return try outcome.withLock { $0! }.get()
    }
}

/// Every processing slot and waiting place is taken: try again in a moment.
public struct PhotoProcessingBusy: Error, Sendable {}
