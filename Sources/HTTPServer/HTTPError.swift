/// An error that renders itself as an HTTP response: a status and a message a person can act on.
///
/// Handlers throw these for bad input; the web layer decides how to present them
/// (a page in the reader's language, or plain text).
public protocol HTTPError: Error, Sendable {
    var status: HTTPStatus { get }
    /// A short English sentence saying what was wrong and what to do about it.
    var message: String { get }
    /// Extra headers the response must carry (e.g. `Allow` for 405).
    var headers: HTTPHeaders { get }
}

extension HTTPError {
    public var headers: HTTPHeaders { HTTPHeaders() }
}

/// The general-purpose `HTTPError`.
public struct HTTPFailure: HTTPError, Equatable, CustomStringConvertible {
    public let status: HTTPStatus
    public let message: String
    public let headers: HTTPHeaders

    public init(_ status: HTTPStatus, _ message: String, headers: HTTPHeaders = HTTPHeaders()) {
        self.status = status
        self.message = message
        self.headers = headers
    }

    public var description: String { "\(status): \(message)" }

    public static func == (lhs: HTTPFailure, rhs: HTTPFailure) -> Bool {
        lhs.status == rhs.status && lhs.message == rhs.message
    }
}
