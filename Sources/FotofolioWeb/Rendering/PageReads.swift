import Fotofolio
import HTTPServer

/// A route that only reads (`RouteOptions.readsOnly`) is answered inside one read of the
/// stores (`ReadScope`), begun before the session is read: the session, the person and
/// the page's own reads share one connection and one snapshot, where the session's read
/// had been a read of its own on every signed-in page. What the middleware after it writes
/// (a session extended, or ended once expired) goes to the writer as always; the read
/// does not see it, and nothing after it needs to.
struct PageReads: Middleware {
    let reads: any ReadScope

    func handle(_ request: Request, next: (Request) throws -> Response) throws -> Response {
        guard request.routeOptions?.readsOnly == true, request.method == .get || request.method == .head else {
            return try next(request)
        }
        return try reads.reading { try next(request) }
    }
}
