import Foundation
import Synchronization

/// An open file descriptor and the byte range of it to send.
///
/// Owns the descriptor until the server hands it to libmicrohttpd (which then closes it);
/// a region that is never sent closes it on `deinit`.
public final class FileRegion: Sendable {
    public let offset: Int
    public let length: Int
    private let descriptor: Mutex<Int32?>

    /// Opens `path` read-only and describes `length` bytes from `offset`
    /// (the rest of the file when `length` is nil). Nil if it cannot be opened.
    public init?(path: String, offset: Int = 0, length: Int? = nil) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG,
              offset >= 0, offset <= Int(info.st_size) else {
            close(fd)
            return nil
        }
        self.offset = offset
        self.length = min(length ?? (Int(info.st_size) - offset), Int(info.st_size) - offset)
        self.descriptor = Mutex(fd)
    }

    /// Takes the descriptor away from this region; the caller now owns it.
    func takeDescriptor() -> Int32? {
        descriptor.withLock { fd in
            defer { fd = nil }
            return fd
        }
    }

    deinit {
        if let fd = takeDescriptor() { close(fd) }
    }
}
