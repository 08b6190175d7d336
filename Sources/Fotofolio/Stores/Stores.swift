/// One store of each kind the services use, all over the same data. Services take what they
/// need from it in `init(stores:)`, so none of them knows which implementation runs.
public struct Stores: Sendable {
    public var accounts: any AccountsStore
    public var sessions: any SessionsStore
    public var loginThrottle: any LoginThrottleStore
    public var registrationThrottle: any RegistrationThrottleStore
    public var emailConfirmations: any EmailConfirmationsStore
    public var passwordResets: any PasswordResetsStore
    public var mail: any MailStore
    public var push: any PushStore
    public var mqttAccounts: any MQTTAccountStore
    public var photos: any PhotoStore
    public var portfolios: any PortfolioStore
    public var shareLinks: any ShareLinkStore
    public var galleries: any GalleryStore
    public var feed: any FeedStore
    public var selection: any SelectionStore
    public var ratings: any RatingsStore
    public var peopleSearch: any PeopleSearchStore
    public var blocks: any BlockStore
    public var moderation: any ModerationStore
    public var messenger: any MessengerStore
    public var bookings: any BookingStore
    public var demands: any DemandStore
    public var payments: any PaymentStore
    public var liveEvents: any LiveEventStore
    public var outbox: any OutboxStore
    public var serverStarts: any ServerStartStore
    public var health: any DatabaseHealth
    /// Several reads of a page as one (`ReadScope`).
    public var reads: any ReadScope = ReadsApart()

    public init(accounts: any AccountsStore, sessions: any SessionsStore, loginThrottle: any LoginThrottleStore,
                registrationThrottle: any RegistrationThrottleStore, emailConfirmations: any EmailConfirmationsStore,
                passwordResets: any PasswordResetsStore, mail: any MailStore, push: any PushStore,
                mqttAccounts: any MQTTAccountStore,
                photos: any PhotoStore, portfolios: any PortfolioStore, shareLinks: any ShareLinkStore,
                galleries: any GalleryStore, feed: any FeedStore, selection: any SelectionStore,
                ratings: any RatingsStore, peopleSearch: any PeopleSearchStore, blocks: any BlockStore,
                moderation: any ModerationStore,
                messenger: any MessengerStore, bookings: any BookingStore, demands: any DemandStore, payments: any PaymentStore,
                liveEvents: any LiveEventStore, outbox: any OutboxStore, serverStarts: any ServerStartStore,
                health: any DatabaseHealth) {
        self.accounts = accounts
        self.sessions = sessions
        self.loginThrottle = loginThrottle
        self.registrationThrottle = registrationThrottle
        self.emailConfirmations = emailConfirmations
        self.passwordResets = passwordResets
        self.mail = mail
        self.push = push
        self.mqttAccounts = mqttAccounts
        self.photos = photos
        self.portfolios = portfolios
        self.shareLinks = shareLinks
        self.galleries = galleries
        self.feed = feed
        self.selection = selection
        self.ratings = ratings
        self.peopleSearch = peopleSearch
        self.blocks = blocks
        self.moderation = moderation
        self.messenger = messenger
        self.bookings = bookings
        self.demands = demands
        self.payments = payments
        self.liveEvents = liveEvents
        self.outbox = outbox
        self.serverStarts = serverStarts
        self.health = health
    }
}

/// Several reads as one: `reading`'s body makes its stores' reads on one connection and
/// snapshot where the store can (SQLite's `AppDatabase.reading`), so a page that asks several
/// stores checks out one connection. Only for pages that write nothing.
public protocol ReadScope: Sendable {
    func reading<T>(_ body: () throws -> T) throws -> T
}

/// Each read on its own, where a store has no scope (PostgreSQL's reads take a connection each).
public struct ReadsApart: ReadScope {
    public init() {}

    public func reading<T>(_ body: () throws -> T) throws -> T { try body() }
}
