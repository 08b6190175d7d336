import Fotofolio
import HTTPServer
import Logging

/// Fotofolio's web face: every route and the middleware around them.
public struct WebApp: Sendable {
    public let router: Router
    public let middleware: [any Middleware]
    public let metrics: ServerMetrics
    public let accounts: AccountsService

    /// Loads and checks templates and assets; throws with a clear message if any is missing.
    public init(database: AppDatabase, templatesDirectory: String, publicDirectory: String, logger: Logger,
                passwordHasher: PasswordHasher = PasswordHasher()) throws {
        let staticFiles = try StaticFiles(root: publicDirectory)
        let renderer = try PageRenderer(templatesDirectory: templatesDirectory, staticFiles: staticFiles)
        let metrics = ServerMetrics()
        let errorPages = ErrorPages(renderer: renderer)
        let accounts = AccountsService(database: database, hasher: passwordHasher)
        let sessions = SessionStore(database: database)

        var router = Router()
        ShellPages(renderer: renderer).register(in: &router)
        LanguageSwitch().register(in: &router)
        AccountPages(renderer: renderer, accounts: accounts, sessions: sessions,
                     confirmations: EmailConfirmations(database: database), logger: logger).register(in: &router)
        ProfilePages(renderer: renderer, accounts: accounts).register(in: &router)
        HealthCheck(database: database).register(in: &router)
        router.get("/metrics") { _ in metrics.exposition() }
        router.fallback = { request in
            guard let response = staticFiles.response(for: request) else { throw HTTPFailure(.notFound, "There is nothing at this address.") }
            return response
        }

        self.router = router
        self.metrics = metrics
        self.accounts = accounts
        self.middleware = [
            RequestLogging(logger: logger),
            MetricsRecording(metrics: metrics),
            SecurityHeaders(),
            SessionLoading(sessions: sessions, accounts: accounts, logger: logger),
            CSRFToken(),
            ErrorResponses(logger: logger) { error, request in errorPages.render(error, for: request) },
            CSRFCheck(),
        ]
    }
}
