import Foundation

/// A raw `text/event-stream` client over a socket, so tests see exactly what a browser's
/// EventSource would: the response head, then events and comments as they arrive.
///
/// Reads block, so the async methods run them on a thread of their own: a test blocking one
/// of the few shared task-pool threads can starve everything else in a parallel run.
/// `@unchecked Sendable`: a test uses a client from one place at a time.
final class EventStreamClient: @unchecked Sendable {
    struct Event: Equatable {
        var id: String?
        var event: String?
        var data: String

        /// The text of the message a `message` event carries.
        var messageContent: String? {
            ((try? JSONSerialization.jsonObject(with: Data(data.utf8))) as? [String: Any])
                .flatMap { $0["data"] as? [String: Any] }?["content"] as? String
        }
    }

    struct Failure: Error, CustomStringConvertible { let description: String }

    private(set) var status = 0
    private(set) var headers: [String: String] = [:]
    private let socket: Int32
    /// Decoded body bytes not yet parsed into events.
    private var text = ""
    /// Body bytes not yet decoded (de-chunked, or up to the end of an event).
    private var raw: [UInt8] = []
    /// The body comes in chunks (else it is the bytes as sent, ended by the connection).
    private var chunked = false
    /// The response head is read: what arrives now is body.
    private var inBody = false
    private(set) var comments: [String] = []
    private(set) var retry: Int?
    private(set) var ended = false

    /// Connects and sends `GET path` with the cookies (and `Last-Event-ID` when given).
    /// `receiveBuffer` makes the kernel hold at most about that many bytes for this client
    /// (SO_RCVBUF, set before connecting so the window starts small).
    init(port: Int, path: String = "/live", cookies: [String: String], lastEventId: String? = nil,
         receiveBuffer: Int32? = nil) throws {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.socket = socket
        if var size = receiveBuffer {
            guard setsockopt(socket, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size)) == 0 else {
                throw Failure(description: "SO_RCVBUF failed: errno \(errno)")
            }
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw Failure(description: "connect failed: errno \(errno)") }
        var request = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n"
        if !cookies.isEmpty { request += "Cookie: " + cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; ") + "\r\n" }
        if let lastEventId { request += "Last-Event-ID: \(lastEventId)\r\n" }
        request += "\r\n"
        _ = Array(request.utf8).withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        let deadline = ContinuousClock.now + .seconds(20)
        while raw.firstRange(of: [13, 10, 13, 10]) == nil {
            guard try receive(until: deadline) else { throw Failure(description: "closed before the response head") }
        }
        let end = raw.firstRange(of: [13, 10, 13, 10])!
        let head = String(decoding: raw[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        raw.removeFirst(end.upperBound)
        status = Int(head[0].split(separator: " ")[1]) ?? 0
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        chunked = headers["transfer-encoding"]?.lowercased() == "chunked"
        inBody = true
        decode()
    }

    deinit { close(socket) }

    /// The next event, waiting up to `timeout`.
    func next(timeout: Duration = .seconds(20)) async throws -> Event {
        try await Self.onOwnThread { try self.nextBlocking(timeout: timeout) }
    }

    /// Events until `count` have arrived.
    func next(_ count: Int, timeout: Duration = .seconds(20)) async throws -> [Event] {
        try await Self.onOwnThread { try (0..<count).map { _ in try self.nextBlocking(timeout: timeout) } }
    }

    /// Reads until a comment line arrives (heartbeats are comments).
    func nextComment(timeout: Duration = .seconds(10)) async throws -> String {
        try await Self.onOwnThread { try self.nextCommentBlocking(timeout: timeout) }
    }

    /// Reads (and keeps) what arrives until the server closes the connection; throws when it
    /// is still open at the deadline.
    func end(within timeout: Duration) async throws {
        try await Self.onOwnThread {
            let deadline = ContinuousClock.now + timeout
            while try self.receive(until: deadline) {}
        }
    }

    /// Nil when no event arrives for `quiet`, else the event that did.
    func staysQuiet(for quiet: Duration) async throws -> Event? {
        try await Self.onOwnThread {
            do { return try self.nextBlocking(timeout: quiet) } catch let failure as Failure where failure.description.contains("timed out") {
                return nil
            }
        }
    }

    private static func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try body() }) }.start()
        }
    }

    private func nextBlocking(timeout: Duration) throws -> Event {
        let deadline = ContinuousClock.now + timeout
        while true {
            if let event = parseEvent() { return event }
            guard try receive(until: deadline) else { throw Failure(description: "the stream ended") }
        }
    }

    private func nextCommentBlocking(timeout: Duration) throws -> String {
        let deadline = ContinuousClock.now + timeout
        let seen = comments.count
        while comments.count == seen {
            _ = parseEvent()
            if comments.count > seen { break }
            guard try receive(until: deadline) else { throw Failure(description: "the stream ended") }
        }
        return comments[seen]
    }

    // MARK: - Reading

    /// Reads more bytes; false at the end of the stream. Throws when the deadline passes.
    private func receive(until deadline: ContinuousClock.Instant) throws -> Bool {
        let left = deadline - ContinuousClock.now
        guard left > .zero else { throw Failure(description: "timed out waiting for the stream") }
        var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        let milliseconds = Int32(min(left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000, 60_000))
        guard poll(&descriptor, 1, max(milliseconds, 1)) > 0 else { throw Failure(description: "timed out waiting for the stream") }
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let count = recv(socket, &chunk, chunk.count, 0)
        if count <= 0 { ended = true; return false }
        raw += chunk[..<count]
        if inBody { decode() }
        return true
    }

    /// Moves what is complete of the body into `text`.
    private func decode() {
        if chunked { return dechunk() }
        // Whole events only: a read can end inside a character, never inside "\n\n".
        guard let last = raw.indices.dropFirst().last(where: { raw[$0] == 10 && raw[$0 - 1] == 10 }) else { return }
        text += String(decoding: raw[...last], as: UTF8.self)
        raw.removeFirst(last + 1)
    }

    /// Moves complete chunks of the chunked body into `text`.
    private func dechunk() {
        while let lineEnd = raw.firstRange(of: [13, 10]) {
            let sizeText = String(decoding: raw[..<lineEnd.lowerBound], as: UTF8.self)
            guard let size = Int(sizeText.split(separator: ";")[0], radix: 16) else { return }
            guard raw.count >= lineEnd.upperBound + size + 2 else { return }
            text += String(decoding: raw[lineEnd.upperBound..<(lineEnd.upperBound + size)], as: UTF8.self)
            raw.removeFirst(lineEnd.upperBound + size + 2)
            if size == 0 { ended = true }
        }
    }

    /// Takes one event (or a block of comments and fields) off the text.
    private func parseEvent() -> Event? {
        while let end = text.range(of: "\n\n") {
            let block = text[..<end.lowerBound]
            text.removeSubrange(..<end.upperBound)
            var event = Event(id: nil, event: nil, data: "")
            var dataLines: [Substring] = []
            for line in block.split(separator: "\n", omittingEmptySubsequences: false) {
                if line.hasPrefix(":") { comments.append(String(line.dropFirst()).trimmingCharacters(in: .whitespaces)); continue }
                let field = line.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
                let value = field.count > 1 ? field[1].drop { $0 == " " } : ""
                switch field[0] {
                case "id": event.id = String(value)
                case "event": event.event = String(value)
                case "data": dataLines.append(value)
                case "retry": retry = Int(value)
                default: break
                }
            }
            if !dataLines.isEmpty {
                event.data = dataLines.joined(separator: "\n")
                return event
            }
        }
        return nil
    }
}
