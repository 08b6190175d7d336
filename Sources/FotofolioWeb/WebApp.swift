import Fotofolio
import HTTPServer
import Logging

/// Fotofolio's web face: every route and the middleware around them.
public struct WebApp: Sendable {
    public let router: Router
    public let middleware: [any Middleware]
    public let metrics: ServerMetrics
    public let accounts: AccountsService
    public let photos: PhotoLibrary

    /// Loads and checks templates and assets; throws with a clear message if any is missing.
    /// - Parameter mediaDirectory: where photos are kept (`MediaDirectory.inside(dataDirectory)`).
    public init(database: AppDatabase, templatesDirectory: String, publicDirectory: String, mediaDirectory: String,
                logger: Logger, passwordHasher: PasswordHasher = PasswordHasher(),
                photoProcessing: PhotoProcessing = PhotoProcessing()) throws {
        let staticFiles = try StaticFiles(root: publicDirectory)
        let renderer = try PageRenderer(templatesDirectory: templatesDirectory, staticFiles: staticFiles)
        let metrics = ServerMetrics()
        let errorPages = ErrorPages(renderer: renderer)
        let accounts = AccountsService(database: database, hasher: passwordHasher)
        let sessions = SessionStore(database: database)
        let photos = PhotoLibrary(database: database, mediaDirectory: mediaDirectory, processing: photoProcessing)
        let uploads = PhotoUploads(photos: photos, renderer: renderer, logger: logger)
        let portfolios = PortfoliosService(database: database)
        let confirmations = EmailConfirmations(database: database)

        var router = Router()
        ShellPages(renderer: renderer).register(in: &router)
        LanguageSwitch().register(in: &router)
        AccountPages(renderer: renderer, accounts: accounts, sessions: sessions, confirmations: confirmations,
                     selection: SelectionService(database: database), logger: logger).register(in: &router)
        ProfilePages(renderer: renderer, accounts: accounts, portfolios: portfolios, photos: photos,
                     ratings: RatingsService(database: database)).register(in: &router)
        ProfileEditPages(renderer: renderer, accounts: accounts, photos: photos, uploads: uploads,
                         confirmations: confirmations, logger: logger).register(in: &router)
        let selection = SelectionService(database: database)
        PortfolioPages(renderer: renderer, portfolios: portfolios, photos: photos, uploads: uploads,
                       selection: selection).register(in: &router)
        FeedPages(renderer: renderer, feed: FeedService(database: database), selection: selection,
                  cards: FeedCardCache(renderer: renderer)).register(in: &router)
        SelectionPages(renderer: renderer, selection: selection, portfolios: portfolios).register(in: &router)
        PeopleSearchPages(renderer: renderer, search: PeopleSearch(database: database), photos: photos).register(in: &router)
        RatingPages(renderer: renderer, accounts: accounts, ratings: RatingsService(database: database)).register(in: &router)
        SliderDemoPages(renderer: renderer, demoImage: renderer.assets.sliderDemoImage).register(in: &router)
        MediaFiles(photos: photos).register(in: &router)
        uploads.register(in: &router)
        HealthCheck(database: database).register(in: &router)
        router.get("/metrics") { _ in metrics.exposition() }
        router.fallback = { request in
            guard let response = staticFiles.response(for: request) else { throw HTTPFailure(.notFound, "There is nothing at this address.") }
            return response
        }

        self.router = router
        self.metrics = metrics
        self.accounts = accounts
        self.photos = photos
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
