import Glibc
import GRDB
import PollingThreads
import Synchronization

/// A reader connection for each thread that answers requests, kept for that thread.
///
/// A read through the pool checks a connection out (a barrier queue, a semaphore, a lock,
/// and the threads waiting on each other for them) and asks SQLite for the schema's version
/// before every read. A polling thread answers one request at a time, so it can own a
/// connection instead: its reads go straight to it, with no checkout and no wait.
///
/// Only polling threads (`PollingThread.isCurrent`) get one, and never while the thread is
/// inside the pool (a write, or a read the pool gave it): a read inside a write must see
/// that write, and a read inside another must see the same snapshot. The schema is the one
/// the process migrated to when it opened the database; a process never changes it later.
final class ThreadReaders: Sendable {
    /// The most threads that get a connection of their own; the rest read through the pool.
    /// libmicrohttpd's polling threads are one per processor.
    static let limit = 64

    private let path: String
    private let configuration: Configuration
    private let readers = Mutex<[UInt: DatabaseQueue]>([:])

    init(path: String, configuration: Configuration) {
        self.path = path
        var configuration = configuration
        configuration.readonly = true
        configuration.label = "FotofolioSQLite.ThreadReader"
        self.configuration = configuration
    }

    /// The calling thread's own reader, made on its first read; nil when the thread is no
    /// polling thread, is inside the pool, or when `limit` threads already have one.
    func current() -> DatabaseQueue? {
        guard PollingThread.isCurrent, PoolDepth.value == 0 else { return nil }
        let thread = UInt(pthread_self())
        if let reader = readers.withLock({ $0[thread] }) { return reader }
        guard readers.withLock({ $0.count }) < Self.limit,
              let reader = try? DatabaseQueue(path: path, configuration: configuration) else { return nil }
        return readers.withLock { readers in
            if let existing = readers[thread] { return existing }
            guard readers.count < Self.limit else { return nil }
            readers[thread] = reader
            return reader
        }
    }

    /// How many threads have a reader of their own (for tests).
    var count: Int { readers.withLock { $0.count } }
}

/// How deep the calling thread is inside the pool: in a write, or in a read the pool gave it.
enum PoolDepth {
    static var value: Int { Int(bitPattern: pthread_getspecific(key)) }

    /// Runs `body` with the calling thread counted as inside the pool.
    static func inside<T>(_ body: () throws -> T) rethrows -> T {
        let outer = pthread_getspecific(key)
        pthread_setspecific(key, UnsafeRawPointer(bitPattern: Int(bitPattern: outer) + 1))
        defer { pthread_setspecific(key, outer) }
        return try body()
    }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        let created = pthread_key_create(&key, nil)
        precondition(created == 0, "pthread_key_create failed: \(created)")
        return key
    }()
}
