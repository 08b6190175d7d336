import Foundation

/// A plain TCP client for the HTTP tests of every module: sends exactly the bytes a test
/// wants (malformed requests included) and reads responses with a deadline.
public final class RawConnection {
    public struct Response {
        public let status: Int
        public let headers: [String: String]
        public let body: [UInt8]
        public var text: String { String(decoding: body, as: UTF8.self) }
    }

    public struct Failure: Error, CustomStringConvertible { public let description: String }

    private let socket: Int32
    private var buffer: [UInt8] = []

    public init(port: Int, host: String = "127.0.0.1") throws {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        inet_pton(AF_INET, host, &address.sin_addr)
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else { throw Failure(description: "connect failed: errno \(errno)") }
    }

    deinit { close(socket) }

    /// Sends bytes; returns false if the peer has closed the connection.
    @discardableResult
    public func send(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if sent <= 0 { return false }
            offset += sent
        }
        return true
    }

    @discardableResult
    public func send(_ text: String) -> Bool { send(Array(text.utf8)) }

    /// Reads one response. `bodyExpected` is false for HEAD and 304.
    public func readResponse(bodyExpected: Bool = true, timeout: Duration = .seconds(5)) throws -> Response {
        let deadline = ContinuousClock.now + timeout
        let head = try readResponseHead(timeout: timeout)
        var body: [UInt8] = []
        if bodyExpected, head.status != 304, head.status != 204 {
            if let length = head.headers["content-length"].flatMap(Int.init) {
                _ = try readUntil(deadline) { $0.count >= length ? 0..<length : nil }
                body = Array(buffer[..<length])
                buffer.removeFirst(length)
            } else if head.headers["transfer-encoding"]?.lowercased() == "chunked" {
                body = try readChunked(deadline)
            } else {
                // Neither length nor chunks: the body ends when the server closes.
                while try receive(until: deadline) > 0 {}
                body = buffer
                buffer.removeAll()
            }
        }
        return Response(status: head.status, headers: head.headers, body: body)
    }

    /// Reads the status line and headers only.
    public func readResponseHead(timeout: Duration = .seconds(5)) throws -> Response {
        let deadline = ContinuousClock.now + timeout
        let headEnd = try readUntil(deadline) { $0.firstRange(of: [13, 10, 13, 10]) }
        let head = String(decoding: buffer[..<headEnd.lowerBound], as: UTF8.self)
        buffer.removeFirst(headEnd.upperBound)
        var lines = head.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else { throw Failure(description: "bad status line: \(head)") }
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return Response(status: status, headers: headers, body: [])
    }

    /// Reads chunks of a chunked body until the terminating zero chunk.
    public func readChunked(_ deadline: ContinuousClock.Instant) throws -> [UInt8] {
        var body: [UInt8] = []
        while true {
            let line = try readUntil(deadline) { $0.firstRange(of: [13, 10]) }
            let size = Int(String(decoding: buffer[..<line.lowerBound], as: UTF8.self).split(separator: ";")[0], radix: 16) ?? 0
            buffer.removeFirst(line.upperBound)
            _ = try readUntil(deadline) { $0.count >= size + 2 ? 0..<size : nil }
            body += buffer[..<size]
            buffer.removeFirst(size + 2)
            if size == 0 { return body }
        }
    }

    /// Reads the next chunk of a chunked body (for streams that stay open).
    public func readChunk(timeout: Duration = .seconds(5)) throws -> [UInt8] {
        let deadline = ContinuousClock.now + timeout
        let line = try readUntil(deadline) { $0.firstRange(of: [13, 10]) }
        let size = Int(String(decoding: buffer[..<line.lowerBound], as: UTF8.self), radix: 16) ?? 0
        buffer.removeFirst(line.upperBound)
        _ = try readUntil(deadline) { $0.count >= size + 2 ? 0..<size : nil }
        let chunk = Array(buffer[..<size])
        buffer.removeFirst(size + 2)
        return chunk
    }

    /// The next `count` bytes of a body that is not chunked (a stream's, which ends with
    /// the connection).
    public func readBytes(_ count: Int, timeout: Duration = .seconds(5)) throws -> [UInt8] {
        _ = try readUntil(ContinuousClock.now + timeout) { $0.count >= count ? 0..<count : nil }
        defer { buffer.removeFirst(count) }
        return Array(buffer[..<count])
    }

    /// Whatever bytes arrive first, waiting up to `timeout` for at least one.
    public func readSome(timeout: Duration = .seconds(5)) throws -> [UInt8] {
        _ = try readUntil(ContinuousClock.now + timeout) { $0.isEmpty ? nil : 0 }
        defer { buffer.removeAll() }
        return buffer
    }

    /// True when the server closes the connection before the deadline.
    public func closesWithin(_ timeout: Duration) -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            guard let count = try? receive(until: deadline) else { return false }
            if count == 0 { return true }
        }
        return false
    }

    private func readUntil<T>(_ deadline: ContinuousClock.Instant, _ found: ([UInt8]) -> T?) throws -> T {
        while true {
            if let result = found(buffer) { return result }
            guard try receive(until: deadline) > 0 else { throw Failure(description: "connection closed; got \(buffer.count) bytes") }
        }
    }

    /// Waits for data with poll(2); returns the byte count read (0 when the peer closed).
    private func receive(until deadline: ContinuousClock.Instant) throws -> Int {
        let remaining = deadline - ContinuousClock.now
        guard remaining > .zero else { throw Failure(description: "timed out with \(buffer.count) bytes buffered") }
        var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        let milliseconds = Int32(remaining.components.seconds * 1000 + remaining.components.attoseconds / 1_000_000_000_000_000)
        guard poll(&descriptor, 1, max(1, milliseconds)) > 0 else { throw Failure(description: "timed out with \(buffer.count) bytes buffered") }
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = recv(socket, &chunk, chunk.count, 0)
        if count < 0 { return 0 } // reset by peer counts as closed
        buffer += chunk[..<count]
        return count
    }
}

extension Array where Element == UInt8 {
    func firstRange(of needle: [UInt8]) -> Range<Int>? {
        guard count >= needle.count else { return nil }
        for start in 0...(count - needle.count) where self[start..<(start + needle.count)].elementsEqual(needle) {
            return start..<(start + needle.count)
        }
        return nil
    }
}
