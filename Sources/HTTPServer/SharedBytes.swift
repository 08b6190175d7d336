/// Immutable bytes in one fixed allocation, handed to libmicrohttpd without copying: each
/// response holds a reference until the connection has sent it. A static asset kept in memory
/// shares one among all its responses; a page (made as a string, or a kept feed page with the
/// reader's token put in) has one of its own.
public final class SharedBytes: Sendable {
    // A raw allocation rather than an Array: its address must stay valid while C reads it,
    // which Array storage does not promise outside `withUnsafeBytes`.
    nonisolated(unsafe) let buffer: UnsafeRawBufferPointer

    public init(_ bytes: some Collection<UInt8>) {
        let storage = UnsafeMutableRawBufferPointer.allocate(byteCount: max(bytes.count, 1), alignment: 1)
        _ = storage.initializeMemory(as: UInt8.self, from: bytes)
        buffer = UnsafeRawBufferPointer(rebasing: storage[..<bytes.count])
    }

    /// `count` bytes written in place by `write`, which must initialize all of them: a body
    /// put together from pieces is copied once, into the memory libmicrohttpd sends from.
    public init(count: Int, writing write: (UnsafeMutableRawBufferPointer) -> Void) {
        let storage = UnsafeMutableRawBufferPointer.allocate(byteCount: max(count, 1), alignment: 1)
        write(UnsafeMutableRawBufferPointer(rebasing: storage[..<count]))
        buffer = UnsafeRawBufferPointer(rebasing: storage[..<count])
    }

    /// The UTF-8 of `text`, copied once: a page made as a string is sent from here, where
    /// an Array of its bytes was copied again by libmicrohttpd.
    public convenience init(utf8Of text: String) {
        var text = text
        self.init(count: text.utf8.count) { buffer in
            text.withUTF8 { source in buffer.copyMemory(from: UnsafeRawBufferPointer(source)) }
        }
    }

    public var count: Int { buffer.count }

    /// A copy, for tests and for cutting ranges.
    public var bytes: [UInt8] { Array(buffer) }

    deinit { buffer.deallocate() }
}
