#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Holds /dev/null open `count` times, so the descriptors the process opens next get
/// numbers above `count`, as in a server with that many connections. Close them when done.
struct PlaceholderDescriptors {
    private let descriptors: [Int32]

    init(count: Int) throws {
        try Self.allowOpenFiles(count + 1_024)
        var descriptors: [Int32] = []
        for _ in 0..<count {
            let descriptor = open("/dev/null", O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else {
                let reason = String(cString: strerror(errno))
                descriptors.forEach { _ = close($0) }
                throw TestFailure("cannot open /dev/null \(count) times: \(reason)")
            }
            descriptors.append(descriptor)
        }
        self.descriptors = descriptors
    }

    func closeAll() { descriptors.forEach { _ = close($0) } }

    /// Raises the soft limit on open files to `count` if it is lower and the hard limit allows.
    private static func allowOpenFiles(_ count: Int) throws {
        #if os(Linux)
        let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
        #else
        let resource = RLIMIT_NOFILE
        #endif
        var limit = rlimit()
        guard getrlimit(resource, &limit) == 0 else { return }
        guard limit.rlim_cur < rlim_t(count) else { return }
        guard limit.rlim_max >= rlim_t(count) else {
            throw TestFailure("the hard limit of \(limit.rlim_max) open files is below the \(count) this test needs")
        }
        limit.rlim_cur = rlim_t(count)
        _ = setrlimit(resource, &limit)
    }
}
