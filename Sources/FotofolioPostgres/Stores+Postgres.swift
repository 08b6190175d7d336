import Foundation
import Fotofolio
import Postgres

extension Stores {
    /// Every store over one PostgreSQL database (migrated with `PostgresSchema.migrate`).
    /// The live log's commit observation hears every append made through `pool`, so one
    /// process makes its pool and `Stores` once. The outbox claims rows for `publisher`, a
    /// name of this process's own (see `PostgresOutboxStore`).
    public static func postgres(_ pool: PostgresPool, publisher: String = Stores.processPublisherName) -> Stores {
        let health = PostgresDatabaseHealth(pool: pool)
        return Stores(
            accounts: PostgresAccountsStore(pool: pool), sessions: PostgresSessionsStore(pool: pool),
            loginThrottle: PostgresLoginThrottleStore(pool: pool),
            registrationThrottle: PostgresRegistrationThrottleStore(pool: pool),
            emailConfirmations: PostgresEmailConfirmationsStore(pool: pool),
            passwordResets: PostgresPasswordResetsStore(pool: pool), mail: PostgresMailStore(pool: pool, sender: publisher),
            push: PostgresPushStore(pool: pool, sender: publisher), mqttAccounts: PostgresMQTTAccountStore(pool: pool),
            photos: PostgresPhotoStore(pool: pool), portfolios: PostgresPortfolioStore(pool: pool),
            shareLinks: PostgresShareLinkStore(pool: pool), galleries: PostgresGalleryStore(pool: pool),
            feed: PostgresFeedStore(pool: pool), selection: PostgresSelectionStore(pool: pool),
            ratings: PostgresRatingsStore(pool: pool), peopleSearch: PostgresPeopleSearchStore(pool: pool),
            blocks: PostgresBlockStore(pool: pool), moderation: PostgresModerationStore(pool: pool),
            messenger: PostgresMessengerStore(pool: pool), bookings: PostgresBookingStore(pool: pool),
            demands: PostgresDemandStore(pool: pool),
            payments: PostgresPaymentStore(pool: pool),
            liveEvents: PostgresLiveEventStore(log: PostgresLiveEventLog(pool: pool)),
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
