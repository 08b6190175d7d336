import Fotofolio
import HTTPServer

/// `GET /live`: the signed-in person's live events as Server-Sent Events — `message`,
/// `read` (another tab or device read a room) and `room` (created, renamed, members
/// changed) — each with `id:` its sequence in the event log. A browser that reconnects sends
/// `Last-Event-ID` and first gets what it missed; a page passes `?after=` the sequence it was
/// rendered at, so nothing falls between the page and its stream. The session cookie says
/// who is asking: no token ever goes into a URL.
struct LiveEndpoint {
    let live: LiveDelivery
    let markup: LiveMessageMarkup

    func register(in router: inout Router) {
        router.group(StreamSignIn()) { router in
            router.get("/live") { request in try stream(request) }
        }
    }

    private func stream(_ request: Request) throws -> Response {
        let userId = try request.requireSignIn().userId
        let latest = live.hub.currentSequence()
        let asked = request.headers["last-event-id"].flatMap(Int64.init) ?? request.query["after"].flatMap(Int64.init)
        // A sequence from the future (another database, a typo) would silence the stream.
        let after = min(max(asked ?? latest, 0), latest)
        let hub = live.hub, markup = markup
        let reader = LiveMessageMarkup.Reader(userId: userId, request: request)
        var headers = HTTPHeaders()
        headers.set("Content-Type", "text/event-stream; charset=utf-8")
        headers.set("Cache-Control", "no-store")
        headers.set("X-Accel-Buffering", "no")
        return Response(headers: headers, body: .stream(ResponseStream { writer in
            // How long the browser waits before reconnecting after a drop (ms).
            writer.write("retry: 2000\n\n")
            let id = hub.connect(userId: userId, after: after, sink: EventStreamSink(writer: writer, reader: reader, markup: markup))
            writer.onClose { hub.disconnect(id) }
        }))
    }
}

/// A guest asking for the stream gets 401: an `EventSource` cannot follow a redirect to
/// the login page, and a 401 stops it from reconnecting.
struct StreamSignIn: Middleware {
    func handle(_ request: Request, next: (Request) throws -> Response) throws -> Response {
        guard request.signedIn != nil else { throw HTTPFailure(.unauthorized, "Sign in to follow your conversations live.") }
        return try next(request)
    }
}

/// Writes live events in the `text/event-stream` format.
/// A `message` event's data also carries the message's markup for the stream's reader.
struct EventStreamSink: LiveSink {
    let writer: ResponseStreamWriter
    let reader: LiveMessageMarkup.Reader
    let markup: LiveMessageMarkup

    private static let keepAlive = Array(": keep-alive\n\n".utf8)

    func deliver(_ event: LiveEvent) -> Bool { deliver(event, message: nil) }

    func deliver(_ event: LiveEvent, message: ChatMessage?) -> Bool {
        writer.queue(markup.frame(of: event, for: reader, message: message))
    }

    /// The event as the stream carries it: `id:`, `event:` and its `data:` lines.
    static func frame(of event: LiveEvent, data: String) -> [UInt8] {
        Array("id: \(event.sequence)\nevent: \(event.kind.rawValue)\n\(dataLines(data))\n".utf8)
    }

    /// `data:` lines for a payload. A payload is one line of JSON, so the common case is one
    /// line; splitting keeps the format right even if it were not.
    static func dataLines(_ payload: String) -> String {
        let newline = UInt8(ascii: "\n")
        guard payload.utf8.contains(newline) else { return "data: " + payload + "\n" }
        return payload.utf8.split(separator: newline, omittingEmptySubsequences: false)
            .map { "data: " + String(Substring($0)) + "\n" }.joined()
    }

    func heartbeat() -> Bool { writer.queue(Self.keepAlive) }

    func reset(after sequence: Int64) -> Bool { writer.queue(Array("id: \(sequence)\nevent: reset\ndata: {}\n\n".utf8)) }

    func flush() { writer.flush() }

    func close() { writer.finish() }
}
