import Fotofolio
import HTTPServer
import Logging

/// The link that confirms an e-mail address. Without a mail server it goes to the log,
/// and the account works unconfirmed meanwhile; it is made at the site's own address,
/// never the request's `Host`, so a forged header cannot send the owner elsewhere.
enum ConfirmationLink {
    static func announce(_ token: String, for user: User, request: Request, logger: Logger) {
        logger.notice("E-mail confirmation link for \(user.email): \(CanonicalURL.of(request, path: "/confirm-email/\(token)"))")
    }
}
