import Foundation
import Fotofolio
import Postgres

extension Stores {
    /// Every store over one PostgreSQL database (migrated with `PostgresSchema.migrate`).
    /// The live log's commit observation hears this value's messenger, moderation, booking and
    /// gallery stores, so one process makes its `Stores` once. The outbox claims rows for
    /// `publisher`, a name of this process's own (see `PostgresOutboxStore`).
    public static func postgres(_ pool: PostgresPool, publisher: String = Stores.processPublisherName) -> Stores {
        let signal = PostgresCommitSignal()
        let health = PostgresDatabaseHealth(pool: pool)
        return Stores(
            accounts: PostgresAccountsStore(pool: pool), sessions: PostgresSessionsStore(pool: pool),
            loginThrottle: PostgresLoginThrottleStore(pool: pool),
            registrationThrottle: PostgresRegistrationThrottleStore(pool: pool),
            emailConfirmations: PostgresEmailConfirmationsStore(pool: pool),
            photos: PostgresPhotoStore(pool: pool), portfolios: PostgresPortfolioStore(pool: pool),
            shareLinks: PostgresShareLinkStore(pool: pool), galleries: PostgresGalleryStore(pool: pool, signal: signal),
            feed: PostgresFeedStore(pool: pool), selection: PostgresSelectionStore(pool: pool),
            ratings: PostgresRatingsStore(pool: pool), peopleSearch: PostgresPeopleSearchStore(pool: pool),
            blocks: PostgresBlockStore(pool: pool), moderation: PostgresModerationStore(pool: pool, signal: signal),
            messenger: PostgresMessengerStore(pool: pool, signal: signal), bookings: PostgresBookingStore(pool: pool, signal: signal),
            liveEvents: PostgresLiveEventStore(log: PostgresLiveEventLog(pool: pool), signal: signal),
            outbox: PostgresOutboxStore(pool: pool, publisher: publisher), serverStarts: health, health: health)
    }

    /// This process on its outbox claims: host name, process id and a random part, so a
    /// restarted process with a reused id is someone else.
    public static let processPublisherName =
        "\(ProcessInfo.processInfo.hostName):\(ProcessInfo.processInfo.processIdentifier):\(UUID().uuidString.prefix(8))"
}

/// A connection that failed or never came is the database being away, not a wrong request.
extension PostgresError: StoreUnavailable {
    public var isStoreUnavailable: Bool { isConnectionFailure }
}
