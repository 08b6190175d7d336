import Glibc
import Synchronization

/// Marks the threads that poll sockets (libmicrohttpd's), so that work which must never
/// hold one can refuse to start there.
///
/// A polling thread serves every connection it owns one callback at a time: argon2 (tens of
/// milliseconds and 19 MiB a try) or decoding a large photo there makes all of them wait.
/// Such work calls `refuse` as it starts; the server marks its polling threads while they
/// answer, and runs a route that does such work elsewhere (`RouteOptions.isSlow`). A debug
/// build stops at the first violation, so a route that forgot to say so fails its tests;
/// a release build counts it (`refusals`) and goes on.
///
/// Since such a thread answers one request at a time, SQLite gives it a reader connection
/// of its own (`ThreadReaders` in `FotofolioSQLite`).
public enum PollingThread {
    /// Whether the calling thread is answering on a polling thread now.
    public static var isCurrent: Bool { pthread_getspecific(key) != nil }

    /// Runs `body` with the calling thread marked as polling: for whoever answers requests
    /// the way a polling thread does (the daemon, and the in-process client tests use).
    public static func run<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        let outer = pthread_getspecific(key)
        pthread_setspecific(key, marker)
        defer { pthread_setspecific(key, outer) }
        return try body()
    }

    /// Called as slow work starts; `work` names it ("argon2", "image decoding").
    public static func refuse(_ work: StaticString) {
        guard isCurrent else { return }
        violations.add(1, ordering: .relaxed)
        assertionFailure("\(work) started on a polling thread: its route must run off it (RouteOptions(isSlow: true))")
    }

    /// How often slow work started on a polling thread in this process (release builds).
    public static var refusals: Int { violations.load(ordering: .relaxed) }

    private static let violations = Atomic<Int>(0)
}

/// The thread-specific slot that says "polling"; any non-nil value marks it.
private let key: pthread_key_t = {
    var key = pthread_key_t()
    let created = pthread_key_create(&key, nil)
    precondition(created == 0, "pthread_key_create failed: \(created)")
    return key
}()

/// A non-nil pointer that never points at anything: only its presence is read.
nonisolated(unsafe) private let marker = UnsafeRawPointer(bitPattern: 1)
