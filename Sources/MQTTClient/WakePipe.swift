#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A pipe that interrupts the network thread's `poll`: other threads write a byte when
/// they have queued a packet or want the thread to stop, the thread polls the read end.
///
/// Owns both descriptors. Both ends are non-blocking: a full pipe already means the
/// thread will wake, so a failed write loses nothing.
final class WakePipe: Sendable {
    /// What the network thread polls for `POLLIN`.
    let readDescriptor: Int32
    private let writeDescriptor: Int32

    init() throws(MQTTError) {
        var descriptors: [Int32] = [-1, -1]
        guard pipe(&descriptors) == 0 else {
            throw .library(code: Mosquitto.errnoError, message: "cannot create a pipe: \(String(cString: strerror(errno)))")
        }
        for descriptor in descriptors {
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
            // Not inherited by processes the application starts.
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        }
        readDescriptor = descriptors[0]
        writeDescriptor = descriptors[1]
    }

    deinit {
        close(readDescriptor)
        close(writeDescriptor)
    }

    /// Any thread: makes the next (or current) poll of `readDescriptor` return.
    func wake() {
        var byte: UInt8 = 0
        _ = write(writeDescriptor, &byte, 1)
    }

    /// Network thread: empties the pipe, so the next poll waits again.
    func drain() {
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(readDescriptor, &buffer, buffer.count) > 0 {}
    }
}
