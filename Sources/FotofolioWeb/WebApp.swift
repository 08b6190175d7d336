import Foundation
import Fotofolio
import HTTPServer
import Imaging
import Logging
import WebPush

/// Fotofolio's web face: every route and the middleware around them.
public struct WebApp: Sendable {
    public let router: Router
    public let middleware: [any Middleware]
    public let metrics: ServerMetrics
    public let accounts: AccountsService
    public let photos: PhotoLibrary
    /// Films on their way: `films.resumeAbandonedJobs()` once the server is up.
    public let films: FilmLibrary
    /// The live path: start it once the server is up, stop it before shutdown.
    public let live: LiveDelivery
    /// Set by `beginDraining()`: `/healthz` then answers 503.
    public let draining: Draining
    /// The site's own address for links that leave a page; set it once the port is known.
    public let publicAddress: PublicAddress
    /// Sends the mail outbox: start it once the server is up, stop it before shutdown. Nil
    /// without `mail` (mails stay queued).
    public let mailSender: MailSender?
    /// Sends the push outbox: start it once the server is up, stop it before shutdown. Nil
    /// without `push` (pushes stay queued).
    public let pushSender: PushSender?

    /// - Parameter stores: where every service keeps its data.
    /// - Parameter site: the templates and public files, read and checked (`SiteFiles`).
    /// - Parameter mediaDirectory: where photos are kept (`MediaDirectory.inside(dataDirectory)`).
    /// - Parameter decodingBudget: the megapixels this process may decode at once (delivered
    ///   WebP and HEIC originals); one per process.
    /// - Parameter liveTransport: the MQTT connection live events travel on; without one, a
    ///   write wakes this process's streams directly (a single process, as in tests).
    /// - Parameter clock: the moment pages are drawn at, when not the present (`PageClock`).
    public init(stores: Stores, site: SiteFiles, mediaDirectory: String,
                logger: Logger, passwordHasher: PasswordHasher = PasswordHasher(),
                photoProcessing: PhotoProcessing = PhotoProcessing(), filmMaking: FilmMaking = FilmMaking(),
                decodingBudget: DecodingBudget = DecodingBudget(),
                liveTransport: LiveTransport? = nil,
                metricsToken: String? = nil, trustProxy: Bool = false,
                minimumFreeDiskBytes: Int64 = 512 << 20,
                registrationsPerHour: Int = AccountsService.registrationsPerHour,
                publicAddress: PublicAddress = PublicAddress(),
                mail: MailSetup? = nil, push: PushSetup? = nil, clock: PageClock? = nil) throws {
        let messenger = MessengerService(stores: stores)
        let renderer = PageRenderer(site: site, unreadBadge: UnreadBadge(messenger: messenger))
        let metrics = ServerMetrics()
        let draining = Draining()
        let errorPages = ErrorPages(renderer: renderer)
        let accounts = AccountsService(stores: stores, hasher: passwordHasher, registrationsPerHour: registrationsPerHour)
        let sessions = SessionStore(stores: stores)
        let photos = PhotoLibrary(stores: stores, mediaDirectory: mediaDirectory, processing: photoProcessing)
        var uploadPolicy = UploadAdmission.Policy()
        uploadPolicy.minimumFreeBytes = minimumFreeDiskBytes
        let admission = UploadAdmission(sessions: sessions, spoolDirectory: (mediaDirectory as NSString).deletingLastPathComponent,
                                        policy: uploadPolicy)
        let films = FilmLibrary(photos: photos, making: filmMaking)
        let uploads = PhotoUploads(photos: photos, films: films, renderer: renderer, logger: logger, admission: admission)
        let portfolios = PortfoliosService(stores: stores)
        let selection = SelectionService(stores: stores)
        let ratings = RatingsService(stores: stores)
        let blocking = Blocking(stores: stores)
        let moderation = Moderation(stores: stores)
        let confirmations = EmailConfirmations(stores: stores)
        let bookings = Bookings(stores: stores)
        let sharing = Sharing(stores: stores, hasher: passwordHasher)
        let galleries = Galleries(stores: stores)
        let visibility = Visibility(stores: stores)
        let cards = ShootCards(bookings: bookings)
        let live = try LiveDelivery(stores: stores, messenger: messenger, accounts: accounts,
                                    transport: liveTransport, logger: logger)

        let preferences = MailPreferences(stores: stores)
        var router = Router()
        LanguageSwitch(preferences: preferences).register(in: &router)
        AccountPages(renderer: renderer, accounts: accounts, sessions: sessions, confirmations: confirmations,
                     preferences: preferences, selection: selection, logger: logger).register(in: &router)
        PasswordResetPages(renderer: renderer, resets: PasswordResets(stores: stores, hasher: passwordHasher)).register(in: &router)
        let vapidKey = try PushSetup.key(in: stores)
        // Without a setup (tests of other things) subscriptions are checked against the
        // public internet alone.
        let subscriptions = PushSubscriptions(stores: stores, policy: push?.policy ?? PushEndpointPolicy(allowedOrigins: []))
        MailSettingsPages(renderer: renderer, accounts: accounts, confirmations: confirmations, preferences: preferences,
                          push: PushSettings(subscriptions: subscriptions, publicKey: vapidKey.publicKeyBase64URL))
            .register(in: &router)
        PushSubscriptionPages(renderer: renderer, subscriptions: subscriptions, sessions: sessions).register(in: &router)
        MailOutboxPages(renderer: renderer, moderation: moderation, store: stores.mail, directory: mail?.directory)
            .register(in: &router)
        let profiles = ProfilePages(renderer: renderer, accounts: accounts, portfolios: portfolios, photos: photos,
                                    ratings: ratings, blocking: blocking, moderation: moderation, bookings: bookings,
                                    visibility: visibility)
        profiles.register(in: &router)
        BlockPages(renderer: renderer, accounts: accounts, blocking: blocking).register(in: &router)
        let mqttAccounts = MQTTAccounts(stores: stores, hashing: live.accountsBroker?.hashing,
                                        changed: { [brokerAccess = live.brokerAccess] in brokerAccess?.refresh() })
        MQTTAccountPages(renderer: renderer, accounts: mqttAccounts, messenger: messenger, broker: live.accountsBroker,
                         topics: live.topics, publicAddress: publicAddress).register(in: &router)
        ProfileEditPages(renderer: renderer, accounts: accounts, photos: photos, uploads: uploads,
                         confirmations: confirmations, logger: logger).register(in: &router)
        PortfolioPages(renderer: renderer, portfolios: portfolios, photos: photos, films: films, uploads: uploads,
                       selection: selection, moderation: moderation, sharing: sharing, visibility: visibility).register(in: &router)
        ShareLinkPages(renderer: renderer, portfolios: portfolios, sharing: sharing).register(in: &router)
        GalleryPages(renderer: renderer, galleries: galleries, photos: photos, uploads: uploads).register(in: &router)
        ClientGalleryPages(renderer: renderer, galleries: galleries, photos: photos, decoding: decodingBudget,
                           archives: ArchiveSlots()).register(in: &router)
        let feedCaches = FeedCaches(renderer: renderer)
        let demands = Demands(stores: stores)
        FeedPages(renderer: renderer, feed: FeedService(stores: stores), selection: selection, blocking: blocking, moderation: moderation,
                  caches: feedCaches, demands: demands, reads: stores.reads).register(in: &router)
        DemandPages(renderer: renderer, demands: demands,
                    photos: DemandPhotos(photos: photos, uploads: uploads, demands: demands, moderation: moderation, renderer: renderer,
                                         admission: admission)).register(in: &router)
        Sitemaps(feed: FeedService(stores: stores)).register(in: &router)
        RobotsTxt().register(in: &router)
        SelectionPages(renderer: renderer, selection: selection, portfolios: portfolios, moderation: moderation, visibility: visibility)
            .register(in: &router)
        PeopleSearchPages(renderer: renderer, search: PeopleSearch(stores: stores), blocking: blocking, photos: photos)
            .register(in: &router)
        RatingPages(renderer: renderer, accounts: accounts, ratings: ratings, profiles: profiles).register(in: &router)
        MessagePages(renderer: renderer, messenger: messenger, accounts: accounts, live: live).register(in: &router)
        let messageAttachments = MessageAttachments(photos: photos, messenger: messenger, renderer: renderer, logger: logger,
                                                    admission: admission)
        RoomPages(renderer: renderer, messenger: messenger, accounts: accounts, blocking: blocking, live: live, cards: cards,
                  attachments: messageAttachments).register(in: &router)
        messageAttachments.register(in: &router)
        MessageChangePages(renderer: renderer, messenger: messenger, sessions: sessions).register(in: &router)
        let payments = Payments(stores: stores)
        ShootPages(renderer: renderer, accounts: accounts, portfolios: portfolios, bookings: bookings, visibility: visibility,
                   payments: payments).register(in: &router)
        BookingPages(renderer: renderer, accounts: accounts, bookings: bookings, payments: payments).register(in: &router)
        PayeePages(renderer: renderer, payments: payments).register(in: &router)
        InvoicePages(renderer: renderer, payments: payments).register(in: &router)
        TermsPages(renderer: renderer, payments: payments).register(in: &router)
        AvailabilityPages(renderer: renderer, bookings: bookings).register(in: &router)
        LiveEndpoint(live: live, markup: LiveMessageMarkup(renderer: renderer, messenger: messenger, cards: cards, logger: logger))
            .register(in: &router)
        SliderDemoPages(renderer: renderer, demoImage: renderer.assets.sliderDemoImage).register(in: &router)
        ComponentsPage.register(in: &router, renderer: renderer)
        try InstallableApp(renderer: renderer).register(in: &router)
        MediaFiles(photos: photos, visibility: visibility).register(in: &router)
        let ratingReports = RatingReports(ratings: ratings, accounts: accounts)
        ReportPages(renderer: renderer, accounts: accounts, portfolios: portfolios, photos: photos, messenger: messenger,
                    moderation: moderation, reports: Reports(stores: stores), visibility: visibility, ratings: ratingReports,
                    demands: demands)
            .register(in: &router)
        ModerationPages(renderer: renderer, moderation: moderation, accounts: accounts, portfolios: portfolios, photos: photos,
                        live: live, ratings: ratingReports, messenger: messenger).register(in: &router)
        uploads.register(in: &router)
        FilmJobs(films: films, photos: photos, renderer: renderer, uploads: uploads).register(in: &router)
        HealthCheck(health: stores.health, draining: draining).register(in: &router)
        StatusPage(renderer: renderer, live: live, mail: stores.mail, push: stores.push).register(in: &router)
        router.get("/metrics") { request in
            try MetricsAccess(token: metricsToken).check(request)
            return metrics.exposition()
        }
        metrics.observe("fotofolio_live", unit: "streams", help: "Live event streams open on this process") {
            Double(live.status.streams)
        }
        metrics.observe("fotofolio_kept_feed_pages", unit: "served", help: "Feed pages answered from a page kept whole") {
            Double(feedCaches.pages.served)
        }
        metrics.observe("fotofolio_outbox", unit: "backlog", help: "Outbox rows not yet acknowledged by the MQTT broker") {
            Double(live.status.outboxBacklog)
        }
        metrics.observe("fotofolio_mail_waiting", unit: "mails", help: "Mails queued and not yet sent (first try or retrying)") {
            Double((try? stores.mail.counts()).map { $0.pending + $0.retrying } ?? -1)
        }
        metrics.observe("fotofolio_mail_scheduled", unit: "mails", help: "Mails queued for later (payment reminders, digests)") {
            Double((try? stores.mail.counts().scheduled) ?? -1)
        }
        metrics.observe("fotofolio_mail_failed", unit: "mails", help: "Mails refused for good or given up after three days") {
            Double((try? stores.mail.counts().failed) ?? -1)
        }
        metrics.observe("fotofolio_push_waiting", unit: "pushes", help: "Pushes queued and not yet sent (first try or retrying)") {
            Double((try? stores.push.counts().waiting) ?? -1)
        }
        metrics.observe("fotofolio_push_failed", unit: "pushes", help: "Pushes refused for good or given up after a day") {
            Double((try? stores.push.counts().failed) ?? -1)
        }
        router.fallback = { request in
            guard let response = site.staticFiles.response(for: request) else { throw HTTPFailure(.notFound, "There is nothing at this address.") }
            return response
        }

        self.router = router
        self.metrics = metrics
        self.accounts = accounts
        self.photos = photos
        self.films = films
        self.live = live
        self.draining = draining
        self.publicAddress = publicAddress
        mailSender = mail.map { mail in
            MailSender(stores: stores, composer: MailComposer(site: site, stores: stores, publicAddress: publicAddress, from: mail.from),
                       outlet: mail.outlet, logger: logger, pollInterval: mail.pollInterval,
                       missedMessageDelay: mail.missedMessageDelay, firstRetry: mail.firstRetry)
        }
        pushSender = push.map { push in
            PushSender(stores: stores, composer: PushComposer(site: site, stores: stores), transport: push.transport, policy: push.policy,
                       key: vapidKey, subject: push.subject, logger: logger, pollInterval: push.pollInterval, firstRetry: push.firstRetry)
        }
        self.middleware = (trustProxy ? [ForwardedHTTPS(), ForwardedFor()] : []) + (clock.map { [PageClocking(clock: $0)] } ?? []) + [
            // Share links, galleries, calendar feeds, e-mail confirmations, password resets and
            // unsubscribe links: the address is the key.
            RequestLogging(logger: logger, secretParameters: ["token"]),
            PublicAddressing(address: publicAddress),
            MetricsRecording(metrics: metrics),
            // The one inline script is the import map, allowed by its hash.
            SecurityHeaders(contentSecurityPolicy: site.importMap.contentSecurityPolicy),
            PageReads(reads: stores.reads),
            SessionLoading(sessions: sessions, logger: logger),
            CSRFToken(),
            ErrorResponses(logger: logger, classify: Self.meaning) { error, request in errorPages.render(error, for: request) },
            CSRFCheck(),
        ]
    }

    /// The server is about to stop: `/healthz` answers 503 from now on while every other
    /// route is served as before, so a load balancer's health checks take this node out
    /// before its connections close.
    public func beginDraining() { draining.begin() }

    /// A database that cannot be reached now is a 503 to try again in a moment, not a fault.
    @Sendable private static func meaning(of error: any Error) -> (any HTTPError)? {
        guard (error as? any StoreUnavailable)?.isStoreUnavailable == true else { return nil }
        return HTTPFailure.dataUnavailable
    }
}

extension HTTPFailure {
    /// The database is out of reach for now: 503, to try again in a few seconds.
    static let dataUnavailable = HTTPFailure(.serviceUnavailable, "The server cannot reach its data right now; try again in a moment.",
                                             headers: ["Retry-After": "5"])
}
