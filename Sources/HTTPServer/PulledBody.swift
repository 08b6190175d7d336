/// A response body read a block at a time, only as fast as the client takes it: for large
/// downloads produced on the fly (a gallery's ZIP archive) that must never be held whole.
///
/// libmicrohttpd asks for the next block only when the socket can take more, so a slow
/// client holds at most one block in memory (plus whatever `read` keeps). The body has no
/// length: it goes out chunked. A response to HEAD never calls `read`: its head goes out
/// alone and the connection closes.
///
/// `read` fills up to `buffer.count` bytes from the start of `buffer` and returns how many
/// it wrote; 0 ends the body. A throw (or a count outside `0...buffer.count`) ends the
/// response with an error: libmicrohttpd closes the connection without the terminating
/// chunk, so the client sees a truncated download rather than a complete-looking one.
///
/// `read` runs off the polling threads, one call at a time, up to two blocks ahead of the
/// client (`PulledConnection`): it may take its time (read and encode the next photo) without
/// holding up other connections. It runs only while the response lives, never for HEAD.
public final class PulledBody: Sendable {
    let read: @Sendable (UnsafeMutableRawBufferPointer) throws -> Int

    public init(_ read: @escaping @Sendable (UnsafeMutableRawBufferPointer) throws -> Int) {
        self.read = read
    }

    /// What one call of `read` came to.
    enum Block {
        case bytes(Int)
        case end
        /// Why the body cannot go on: what `read` threw, or the impossible count it returned.
        case failed(String)
    }

    /// Calls `read` once, turning a throw or an impossible count into `.failed`.
    func next(into buffer: UnsafeMutableRawBufferPointer) -> Block {
        let count: Int
        do { count = try read(buffer) } catch { return .failed("\(error)") }
        guard count >= 0, count <= buffer.count else { return .failed("read returned \(count) for \(buffer.count) bytes") }
        return count == 0 ? .end : .bytes(count)
    }
}
