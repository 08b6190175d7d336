import Foundation

/// A temporary file open for writing. The descriptor closes when the last reference goes
/// away, so a parser abandoned in the middle of an upload does not leak it.
final class TemporaryFile: Sendable {
    let path: String
    private let descriptor: Int32

    /// Creates a new file in `directory` (created when missing), readable only by this user.
    /// Like `mkstemp`, the name is random and `O_EXCL` refuses any existing file or symlink;
    /// unlike it, `O_CLOEXEC` is set atomically, so no child process inherits the file.
    init(in directory: String) throws(HTTPFailure) {
        var error: Int32 = 0
        var createdDirectory = false
        // With 128 random bits a name is taken again only if something is very wrong.
        for _ in 0..<8 {
            let candidate = "\(directory)/upload-\(Self.randomName())"
            let fd = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            if fd >= 0 {
                path = candidate
                descriptor = fd
                return
            }
            error = errno
            if error == ENOENT && !createdDirectory {
                createdDirectory = true
                Self.createDirectory(directory)
            } else if error != EEXIST && error != EINTR {
                break
            }
        }
        throw Self.failure(errorNumber: error)
    }

    deinit { close(descriptor) }

    func append(_ bytes: UnsafeRawBufferPointer) throws(HTTPFailure) {
        guard let base = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count {
            let written = write(descriptor, base + offset, bytes.count - offset)
            if written < 0 {
                let error = errno
                if error == EINTR { continue }
                throw Self.failure(errorNumber: error)
            }
            offset += written
        }
    }

    /// 128 random bits in hex; the system generator is cryptographically secure.
    private static func randomName() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ in
            let hex = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }.joined()
    }

    /// Creates `path` and any missing parents with mode 0700; failures show up when the file
    /// is created in it.
    private static func createDirectory(_ path: String) {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/") {
            prefix += component
            _ = mkdir(prefix, 0o700)
            prefix += "/"
        }
    }

    private static func failure(errorNumber: Int32) -> HTTPFailure {
        let reason = String(cString: strerror(errorNumber))
        return HTTPFailure(.internalServerError, "The server could not store the uploaded file (\(reason)).")
    }
}

// MARK: - Byte search

extension [UInt8] {
    /// Where `needle` first occurs at or after `start`, as an index into the array.
    func firstOccurrence(of needle: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, start >= 0, count - start >= needle.count else { return nil }
        return withUnsafeBufferPointer { haystack in
            needle.withUnsafeBufferPointer { needle in
                guard let base = haystack.baseAddress, let needleBase = needle.baseAddress else { return nil }
                let lastStart = haystack.count - needle.count
                var candidate = start
                while candidate <= lastStart {
                    // memchr jumps to the next possible first byte far faster than a loop.
                    guard let hit = memchr(base + candidate, Int32(first), lastStart - candidate + 1) else { return nil }
                    let index = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(hit))
                    if memcmp(base + index, needleBase, needle.count) == 0 { return index }
                    candidate = index + 1
                }
                return nil
            }
        }
    }
}
