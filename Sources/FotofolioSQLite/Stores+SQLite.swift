import Fotofolio

extension AppDatabase: ReadScope {}

extension Stores {
    /// Every store over one SQLite database.
    public static func sqlite(_ database: AppDatabase) -> Stores {
        var stores = Stores(
            accounts: SQLiteAccountsStore(database: database), sessions: SQLiteSessionsStore(database: database),
            loginThrottle: SQLiteLoginThrottleStore(database: database),
            registrationThrottle: SQLiteRegistrationThrottleStore(database: database),
            emailConfirmations: SQLiteEmailConfirmationsStore(database: database),
            passwordResets: SQLitePasswordResetsStore(database: database), mail: SQLiteMailStore(database: database),
            push: SQLitePushStore(database: database), mqttAccounts: SQLiteMQTTAccountStore(database: database),
            photos: SQLitePhotoStore(database: database), portfolios: SQLitePortfolioStore(database: database),
            shareLinks: SQLiteShareLinkStore(database: database), galleries: SQLiteGalleryStore(database: database),
            feed: SQLiteFeedStore(database: database), selection: SQLiteSelectionStore(database: database),
            ratings: SQLiteRatingsStore(database: database), peopleSearch: SQLitePeopleSearchStore(database: database),
            blocks: SQLiteBlockStore(database: database), moderation: SQLiteModerationStore(database: database),
            messenger: SQLiteMessengerStore(database: database), bookings: SQLiteBookingStore(database: database),
            demands: SQLiteDemandStore(database: database),
            payments: SQLitePaymentStore(database: database),
            liveEvents: SQLiteLiveEventStore(database: database),
            outbox: SQLiteOutboxStore(database: database), serverStarts: database, health: database)
        stores.reads = database
        return stores
    }
}
