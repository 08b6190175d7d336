import Glibc

/// Finding ASCII markers by bytes, in rendered pages and stored JSON: Foundation's
/// `range(of:)` and `components(separatedBy:)` fold character clusters and cost more than
/// the rest of a feed page.
public enum ByteSearch {
    /// Where `marker` first starts in `bytes` at or after `start`: memchr finds each candidate first byte.
    public static func firstIndex(of marker: [UInt8], in bytes: UnsafeRawBufferPointer, from start: Int = 0) -> Int? {
        guard let first = marker.first, let base = bytes.baseAddress, bytes.count >= marker.count else { return nil }
        let lastStart = bytes.count - marker.count
        var index = start
        while index <= lastStart {
            guard let hit = memchr(base + index, Int32(first), lastStart - index + 1) else { return nil }
            let candidate = UnsafeRawPointer(hit) - base
            let matches = marker.withUnsafeBytes { needle in memcmp(base + candidate, needle.baseAddress!, marker.count) == 0 }
            if matches { return candidate }
            index = candidate + 1
        }
        return nil
    }
}
