import CZlib

/// gzip compression (RFC 1952) through zlib.
enum Gzip {
    /// Compresses `bytes` into one gzip member, or nil if zlib fails.
    ///
    /// Uses the best (slowest) level: callers compress once and serve the result many times.
    static func compress(_ bytes: [UInt8], level: Int32 = Z_BEST_COMPRESSION) -> [UInt8]? {
        // zlib counts input in 32 bits; larger inputs would need a streaming loop nobody needs here.
        guard bytes.count <= Int(UInt32.max) else { return nil }
        var stream = z_stream()
        // windowBits 15 + 16 asks for the gzip wrapper instead of the zlib one.
        let status = deflateInit2_(
            &stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY,
            ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        guard status == Z_OK else { return nil }
        defer { deflateEnd(&stream) }
        return deflateAll(bytes, into: &stream)
    }

    /// Runs one `deflate(Z_FINISH)` into a buffer of `deflateBound` bytes, which zlib
    /// guarantees is enough for the whole output.
    private static func deflateAll(_ bytes: [UInt8], into stream: inout z_stream) -> [UInt8]? {
        let capacity = Int(deflateBound(&stream, uLong(bytes.count)))
        var output = [UInt8](repeating: 0, count: capacity)
        let result: Int32 = bytes.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { out in
                // zlib's API is not const-correct; deflate only reads from next_in.
                stream.next_in = input.baseAddress.map { UnsafeMutablePointer(mutating: $0) }
                stream.avail_in = uInt(input.count)
                stream.next_out = out.baseAddress
                stream.avail_out = uInt(out.count)
                return deflate(&stream, Z_FINISH)
            }
        }
        guard result == Z_STREAM_END else { return nil }
        output.removeSubrange(Int(stream.total_out)...)
        return output
    }
}
