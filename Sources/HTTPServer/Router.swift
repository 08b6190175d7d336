/// Answers a request; throws an `HTTPError` for bad input.
public typealias Handler = @Sendable (Request) throws -> Response

/// What a route accepts beyond the defaults.
public struct RouteOptions: Sendable {
    /// Multipart bodies may carry files up to the upload limits instead of the form limit.
    public var acceptsUploads: Bool
    /// Asked with the request's head, before a byte of its body is read or spooled.
    public var admission: (any BodyAdmission)?
    /// The handler does slow work (photos): it runs off the polling thread while the
    /// connection is suspended, so the other connections of that thread are not held up. On a
    /// route that accepts uploads, only a request that brings a file does: one without (a
    /// message with no photo) is answered on the polling thread, with no suspension and resume.
    public var isSlow: Bool
    /// The handler only reads, and so does everything the request passes through before it:
    /// a store may make all the request's reads one (one connection, one snapshot).
    public var readsOnly: Bool

    public init(acceptsUploads: Bool = false, admission: (any BodyAdmission)? = nil, isSlow: Bool = false, readsOnly: Bool = false) {
        self.acceptsUploads = acceptsUploads
        self.admission = admission
        self.isSlow = isSlow
        self.readsOnly = readsOnly
    }

    /// For a route that hashes or verifies a password (argon2) or decodes or encodes an
    /// image: work a polling thread refuses (`PollingThread.refuse`).
    public static let slow = RouteOptions(isSlow: true)
}

/// Decides from a request's head alone (method, path, headers, address: its `body` and
/// `form` are empty) whether its body may be read at all. A refused request is answered
/// with the failure and its body is never stored: a stranger's 170 MB upload costs nothing.
/// Asked on the polling thread, marked as a handler is (`PollingThread`): it must do no slow
/// work, and a store may give its reads the thread's own connection.
public protocol BodyAdmission: Sendable {
    func admit(_ head: Request) -> Admission
}

public enum Admission: Sendable {
    /// Read the body; `release` runs once when the request is over, however it ends. What the
    /// admission learnt from the head and put in `context` (who is signed in) is the request's
    /// from then on, so the middleware need not read it again.
    case admitted(release: @Sendable () -> Void, context: RequestContext = RequestContext())
    case refused(HTTPFailure)
}

/// Maps a method and a path pattern to a handler.
///
/// Patterns are literal segments, `:name` (one segment) and a final `*name` (the rest of
/// the path). Literal segments win over parameters; GET routes answer HEAD too.
public struct Router: Sendable {
    public struct Route: Sendable {
        public let method: HTTPMethod
        public let pattern: String
        public let options: RouteOptions
        let segments: [PatternSegment]
        let handler: Handler
    }

    enum PatternSegment: Sendable, Equatable {
        case literal(String)
        case parameter(String)
        case rest(String)
    }

    /// The outcome of matching a path.
    public enum Match: Sendable {
        case found(Route, parameters: [String: String])
        case methodNotAllowed(allowed: [HTTPMethod])
        case notFound
    }

    private var routes: [Route] = []
    /// Which routes can match a path, by its first segment: the routes whose pattern starts
    /// with that literal, and those starting with a parameter or rest (or empty), which any
    /// path may match. Indexes in `routes`, in the order they were added.
    private var routesByFirstLiteral: [String: [Int]] = [:]
    private var routesForAnyFirst: [Int] = []
    /// Middleware of the groups being registered, outermost first (`group`).
    private var groupMiddleware: [any Middleware] = []
    /// Answers paths no route matches (e.g. static files); throws 404 when nil.
    public var fallback: Handler?

    public init() {}

    /// Every route in the order it was added: what an address may name, for tests that
    /// must not miss one.
    public var registeredRoutes: [Route] { routes }

    /// Registers routes that all pass through `middleware` (after the server's own): a
    /// group that needs a signed-in person says so once, not in every handler.
    public mutating func group(_ middleware: any Middleware..., register: (inout Router) -> Void) {
        let outer = groupMiddleware
        groupMiddleware += middleware
        register(&self)
        groupMiddleware = outer
    }

    public mutating func add(_ method: HTTPMethod, _ pattern: String, options: RouteOptions = RouteOptions(), _ handler: @escaping Handler) {
        let segments = pattern.split(separator: "/").map { part -> PatternSegment in
            if part.hasPrefix(":") { return .parameter(String(part.dropFirst())) }
            if part.hasPrefix("*") { return .rest(String(part.dropFirst())) }
            return .literal(String(part))
        }
        let handler = groupMiddleware.isEmpty ? handler : groupMiddleware.wrapping(handler)
        if case .literal(let first)? = segments.first {
            routesByFirstLiteral[first, default: []].append(routes.count)
        } else {
            routesForAnyFirst.append(routes.count)
        }
        routes.append(Route(method: method, pattern: pattern, options: options, segments: segments, handler: handler))
    }

    public mutating func get(_ pattern: String, options: RouteOptions = RouteOptions(), _ handler: @escaping Handler) {
        add(.get, pattern, options: options, handler)
    }
    public mutating func post(_ pattern: String, options: RouteOptions = RouteOptions(), _ handler: @escaping Handler) {
        add(.post, pattern, options: options, handler)
    }

    /// Finds the route for `method` and `path`, preferring the most literal pattern.
    public func match(_ method: HTTPMethod, _ path: RequestPath) -> Match {
        var best: (route: Route, parameters: [String: String], score: Int)?
        var allowed: [HTTPMethod] = []
        let literal = path.segments.first.flatMap { routesByFirstLiteral[$0] } ?? []
        for index in Self.merged(literal, routesForAnyFirst) {
            guard let (parameters, score) = Self.bind(routes[index].segments, to: path.segments) else { continue }
            let route = routes[index]
            allowed.append(route.method)
            if route.method == .get { allowed.append(.head) }
            let methodFits = route.method == method || (method == .head && route.method == .get)
            if methodFits, score > best?.score ?? -1 {
                best = (route, parameters, score)
            }
        }
        if let best { return .found(best.route, parameters: best.parameters) }
        if allowed.isEmpty { return .notFound }
        var unique: [HTTPMethod] = []
        for method in allowed where !unique.contains(method) { unique.append(method) }
        return .methodNotAllowed(allowed: unique)
    }

    /// Two ascending lists of indexes as one, so routes are tried in the order they were added.
    private static func merged(_ first: [Int], _ second: [Int]) -> [Int] {
        guard !first.isEmpty else { return second }
        guard !second.isEmpty else { return first }
        var result: [Int] = []
        result.reserveCapacity(first.count + second.count)
        var i = 0, j = 0
        while i < first.count || j < second.count {
            if j == second.count || (i < first.count && first[i] < second[j]) {
                result.append(first[i])
                i += 1
            } else {
                result.append(second[j])
                j += 1
            }
        }
        return result
    }

    /// Binds pattern segments to path segments; the score counts literal matches.
    private static func bind(_ pattern: [PatternSegment], to path: [String]) -> ([String: String], Int)? {
        var parameters: [String: String] = [:]
        var score = 0
        for (index, segment) in pattern.enumerated() {
            switch segment {
            case .rest(let name):
                parameters[name] = path[min(index, path.count)...].joined(separator: "/")
                return (parameters, score)
            case .literal(let text):
                guard index < path.count, path[index] == text else { return nil }
                score += 2
            case .parameter(let name):
                guard index < path.count else { return nil }
                parameters[name] = path[index]
                score += 1
            }
        }
        return pattern.count == path.count ? (parameters, score) : nil
    }
}
