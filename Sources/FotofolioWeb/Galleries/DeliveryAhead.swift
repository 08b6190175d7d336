import Foundation

/// The delivered files of an archive, each made one step ahead on a queue of its own while
/// the previous one is sent, so the archive's producer (off the polling thread already)
/// rarely waits for a photo to be read or, for WebP and HEIC, encoded again. At most two
/// files are in memory: the one going out and the next. Nothing is made before the first
/// `take`.
final class DeliveryAhead: @unchecked Sendable {
    private let count: Int
    private let make: @Sendable (Int) throws -> [UInt8]
    private let queue = DispatchQueue(label: "fotofolio.delivery")
    // Guarded by `lock`.
    private var made: [Int: Result<[UInt8], any Error>] = [:]
    private let lock = NSCondition()

    init(count: Int, make: @escaping @Sendable (Int) throws -> [UInt8]) {
        self.count = count
        self.make = make
    }

    /// The file at `index` (entries are taken in order), starting on the next.
    func take(_ index: Int) throws -> [UInt8] {
        if index == 0 { prepare(0) }
        prepare(index + 1)
        lock.lock()
        while made[index] == nil { lock.wait() }
        let result = made.removeValue(forKey: index)!
        lock.unlock()
        return try result.get()
    }

    private func prepare(_ index: Int) {
        guard index < count else { return }
        queue.async { [self] in
            let result = Result { try make(index) }
            lock.lock()
            made[index] = result
            lock.broadcast()
            lock.unlock()
        }
    }
}
