import Foundation

/// What a handler answers: a status, headers and a body.
public struct Response: Sendable {
    public var status: HTTPStatus
    public var headers: HTTPHeaders
    public var body: ResponseBody

    public init(status: HTTPStatus = .ok, headers: HTTPHeaders = HTTPHeaders(), body: ResponseBody = .empty) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// An HTML page (UTF-8), copied once, into the memory libmicrohttpd sends from.
    public static func html(_ text: String, status: HTTPStatus = .ok) -> Response {
        Response(status: status, headers: ["Content-Type": "text/html; charset=utf-8"], body: .shared(SharedBytes(utf8Of: text)))
    }

    /// Plain UTF-8 text, copied once like a page.
    public static func text(_ text: String, status: HTTPStatus = .ok) -> Response {
        Response(status: status, headers: ["Content-Type": "text/plain; charset=utf-8"], body: .shared(SharedBytes(utf8Of: text)))
    }

    /// A JSON document encoded from `value`.
    public static func json<T: Encodable>(_ value: T, status: HTTPStatus = .ok) -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = (try? encoder.encode(value)) ?? Data("null".utf8)
        return Response(status: status, headers: ["Content-Type": "application/json"], body: .bytes(Array(data)))
    }

    /// A redirect; 303 makes the browser follow with GET (POST/redirect/GET).
    public static func redirect(to location: String, status: HTTPStatus = .seeOther) -> Response {
        Response(status: status, headers: ["Location": location])
    }
}

/// The body of a response.
public enum ResponseBody: Sendable {
    case empty
    case bytes([UInt8])
    /// Bytes kept for many responses, sent without copying.
    case shared(SharedBytes)
    /// A region of an open file, sent by the kernel (sendfile) without copying into Swift.
    case file(FileRegion)
    /// Bytes produced over time (chunked encoding), e.g. Server-Sent Events.
    case stream(ResponseStream)
    /// Bytes produced as the client takes them (chunked encoding), e.g. a large archive
    /// made on the fly: at most one block is held per slow client. See `PulledBody`.
    case pull(PulledBody)

    /// The length when known before sending.
    public var count: Int? {
        switch self {
        case .empty: 0
        case .bytes(let bytes): bytes.count
        case .shared(let bytes): bytes.count
        case .file(let region): region.length
        case .stream, .pull: nil
        }
    }
}
