import ArgumentParser
import Dispatch
import Fotofolio
import FotofolioPostgres
import FotofolioSQLite
import FotofolioWeb
import Foundation
import HTTPServer
import Imaging
import Logging
import Mail
import MQTTClient
import Postgres

/// `fotofolio serve`: opens the database, loads templates and assets, and serves HTTP
/// until SIGINT or SIGTERM.
struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Start the web server.",
        discussion: "Every option can also be set by the environment variable named in its help; a flag wins over the variable.")

    @Option(help: "Address to listen on; all IPv4 and IPv6 addresses when omitted. (FOTOFOLIO_HOST)")
    var host: String?

    @Option(help: "TCP port; 0 picks a free one. (FOTOFOLIO_PORT, default 8080)")
    var port: Int?

    @Option(help: "Folder for the database and uploads. (FOTOFOLIO_DATA_DIR, default ./data)")
    var dataDir: String?

    @Option(help: "A PostgreSQL database, postgres://user:password@host:port/database, instead of the data folder's SQLite; photos stay in the data folder. (FOTOFOLIO_DATABASE_URL)")
    var databaseUrl: String?

    @Option(help: "Folder of the photos' files, which the nodes of one site share. (FOTOFOLIO_MEDIA_DIR, default the data folder's media)")
    var mediaDir: String?

    @Option(help: "This node's name when several serve one site; they share --database-url and --mqtt-url, which it then needs. (FOTOFOLIO_NODE_NAME)")
    var nodeName: String?

    @Option(help: "Seconds /healthz answers 503 after SIGTERM while everything else is served, so a load balancer moves visitors away before the server stops. (FOTOFOLIO_DRAIN_SECONDS, default 0)")
    var drainSeconds: Double?

    @Option(help: "Folder of static assets. (FOTOFOLIO_PUBLIC_DIR, default ./Public)")
    var publicDir: String?

    @Option(help: "Folder of Mustache templates and string tables. (FOTOFOLIO_TEMPLATES_DIR, default ./Templates)")
    var templatesDir: String?

    @Option(help: "trace, debug, info, notice, warning, error or critical. (FOTOFOLIO_LOG_LEVEL, default info)")
    var logLevel: String?

    @Option(help: "An existing MQTT broker, mqtt://user:password@host:port or mqtts://…; without it a private mosquitto is started. (FOTOFOLIO_MQTT_URL)")
    var mqttUrl: String?

    @Option(help: "Certificate authorities for an mqtts:// broker. (FOTOFOLIO_MQTT_CA_FILE, default the system's)")
    var mqttCaFile: String?

    @Option(help: "Prefix of the MQTT topics. (FOTOFOLIO_MQTT_PREFIX, default fotofolio)")
    var mqttPrefix: String?

    @Option(help: "A port on every address where the private broker also takes people's own MQTT clients (the app passwords of their settings); without it they connect from this machine only. With --mqtt-accounts-api, the port of the RabbitMQ cluster that people's clients reach (default the --mqtt-url's). (FOTOFOLIO_MQTT_PEOPLE_PORT)")
    var mqttPeoplePort: Int?

    @Option(help: "The management API of the RabbitMQ cluster named by --mqtt-url, http://user:password@host:15672[?vhost=NAME], with an administrator that keeps people's own MQTT accounts there; without it a RabbitMQ site takes no people's clients. (FOTOFOLIO_MQTT_ACCOUNTS_API)")
    var mqttAccountsApi: String?

    @Option(help: "Seconds between safety reads of the live event log; 0 leaves delivery to MQTT alone. (FOTOFOLIO_LIVE_POLL, default 5)")
    var livePoll: Double?

    @Option(help: "A bearer token that lets other machines read /metrics; without it only this machine may. (FOTOFOLIO_METRICS_TOKEN)")
    var metricsToken: String?

    @Option(help: "Free disk space, in MB, below which uploads are refused (507) instead of filling the disk. (FOTOFOLIO_MIN_FREE_DISK_MB, default 512)")
    var minFreeDiskMb: Int?

    @Option(help: "New accounts one address may make in an hour; raise it where many people share one address (a class, a LAN demo). (FOTOFOLIO_REGISTRATIONS_PER_HOUR, default 5)")
    var registrationsPerHour: Int?

    @Option(help: "The site's address as people reach it, http(s)://host[:port]: calendar events, social cards, share and gallery addresses and confirmation links are made from it, never from a request's Host header. Without it, the address printed first at start-up. (FOTOFOLIO_PUBLIC_URL)")
    var publicUrl: String?

    @Option(help: "Megapixels of photos decoded at once to be delivered (WebP and HEIC originals); past it a download waits, then answers 503. (FOTOFOLIO_DECODING_MEGAPIXELS, default a quarter of memory at 10 MB each)")
    var decodingMegapixels: Int?

    @OptionGroup(title: "Mail")
    var mail: MailOptions

    @OptionGroup(title: "Push")
    var push: PushOptions

    @Flag(help: "Behind a proxy that only it can reach the server through: X-Forwarded-Proto https makes cookies Secure and sends HSTS, the last X-Forwarded-For address counts as the client's, and one address may hold every connection. (FOTOFOLIO_TRUST_PROXY=1)")
    var trustProxy = false

    func validate() throws {
        if let port = resolvedPort, !(0...65535).contains(port) {
            throw ValidationError("The port must be between 0 and 65535.")
        }
        if !(1...1_000_000).contains(resolvedRegistrationsPerHour) {
            throw ValidationError("Registrations per hour must be 1 to 1,000,000.")
        }
        // Below the largest photo accepted, such a photo could never be delivered.
        let largestPhoto = PhotoLimits.standard.maxPixels / 1_000_000
        if !(largestPhoto...1_000_000).contains(resolvedDecodingMegapixels) {
            throw ValidationError("The decoding budget must be \(largestPhoto) to 1,000,000 megapixels: one photo of the largest size accepted at least.")
        }
        if !(0...1_000_000).contains(resolvedMinimumFreeDisk) {
            throw ValidationError("The free disk floor must be 0 to 1,000,000 MB.")
        }
        if let peoplePort = resolvedMQTTPeoplePort {
            guard (1...65535).contains(peoplePort) else { throw ValidationError("The MQTT people's port must be 1 to 65535.") }
            guard resolved(mqttUrl, "FOTOFOLIO_MQTT_URL") == nil || resolved(mqttAccountsApi, "FOTOFOLIO_MQTT_ACCOUNTS_API") != nil else {
                throw ValidationError("The MQTT people's port is the private broker's, or a RabbitMQ cluster's with --mqtt-accounts-api; a broker named by --mqtt-url alone keeps its own listeners.")
            }
        }
        if let api = resolved(mqttAccountsApi, "FOTOFOLIO_MQTT_ACCOUNTS_API") {
            guard resolved(mqttUrl, "FOTOFOLIO_MQTT_URL") != nil else {
                throw ValidationError("--mqtt-accounts-api is a RabbitMQ cluster's, which --mqtt-url names; the private broker keeps its accounts itself.")
            }
            do {
                _ = try RabbitMQManagementAddress(api)
            } catch {
                throw ValidationError(error.description)
            }
        }
        if let poll = resolvedLivePoll, !(poll >= 0 && poll <= 3600) {
            throw ValidationError("The live poll interval must be 0 to 3600 seconds.")
        }
        if let drain = resolvedDrainSeconds, !(drain >= 0 && drain <= 300) {
            throw ValidationError("The drain time must be 0 to 300 seconds.")
        }
        if let node = resolved(nodeName, "FOTOFOLIO_NODE_NAME") {
            guard node.utf8.count <= 40, !node.isEmpty,
                  node.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || $0.properties.numericType != nil || "-_.".unicodeScalars.contains($0)) })
            else { throw ValidationError("A node name is 1 to 40 letters, digits, '-', '_' or '.'.") }
            guard resolved(databaseUrl, "FOTOFOLIO_DATABASE_URL") != nil, resolved(mqttUrl, "FOTOFOLIO_MQTT_URL") != nil else {
                throw ValidationError("""
                    Node \(node) is one of several, which share one database and one broker: give --database-url (PostgreSQL) \
                    and --mqtt-url too. The data folder's SQLite and the private broker belong to a single server.
                    """)
            }
        }
        if let address = resolved(publicUrl, "FOTOFOLIO_PUBLIC_URL"), PublicAddress.origin(address) == nil {
            throw ValidationError("The public URL is an address like https://fotofolio.example or http://192.168.1.20:8080, without a path.")
        }
        if Logger.Level(rawValue: resolved(logLevel, "FOTOFOLIO_LOG_LEVEL", "info")) == nil {
            throw ValidationError("Unknown log level; use trace, debug, info, notice, warning, error or critical.")
        }
    }

    func run() throws {
        let shutdown = ShutdownSignal()
        // Everything the server writes (database, its journal, photos, the broker's files) is
        // for its own user alone.
        umask(0o077)
        let level = Logger.Level(rawValue: resolved(logLevel, "FOTOFOLIO_LOG_LEVEL", "info")) ?? .info
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        let logger = Logger(label: "fotofolio")
        let dataDirectory = resolved(dataDir, "FOTOFOLIO_DATA_DIR", "data")
        do {
            try serve(dataDirectory: dataDirectory, logger: logger, until: shutdown)
        } catch {
            // Start-up problems (a port in use, a missing template) end with a sentence, not a trace.
            logger.critical("Cannot start: \(error)")
            throw ExitCode.failure
        }
    }

    private func serve(dataDirectory: String, logger: Logger, until shutdown: ShutdownSignal) throws {
        let stores = try openStores(dataDirectory: dataDirectory, logger: logger)
        try stores.serverStarts.recordStart(version: FotofolioVersion.current, at: Date())
        let broker = try LiveBroker.start(
            url: resolved(mqttUrl, "FOTOFOLIO_MQTT_URL"), caFile: resolved(mqttCaFile, "FOTOFOLIO_MQTT_CA_FILE"),
            prefix: resolved(mqttPrefix, "FOTOFOLIO_MQTT_PREFIX", "fotofolio"), peoplePort: resolvedMQTTPeoplePort,
            accountsAPI: resolved(mqttAccountsApi, "FOTOFOLIO_MQTT_ACCOUNTS_API"),
            dataDirectory: dataDirectory, logger: logger)
        defer { broker.stop() }
        let mailSetup = try mail.setup(dataDirectory: dataDirectory,
                                       host: resolved(publicUrl, "FOTOFOLIO_PUBLIC_URL").flatMap { URL(string: $0)?.host } ?? "")
        let app = try WebApp(
            stores: stores,
            site: SiteFiles(templatesDirectory: resolved(templatesDir, "FOTOFOLIO_TEMPLATES_DIR", "Templates"),
                            publicDirectory: resolved(publicDir, "FOTOFOLIO_PUBLIC_DIR", "Public")),
            mediaDirectory: resolved(mediaDir, "FOTOFOLIO_MEDIA_DIR") ?? MediaDirectory.inside(dataDirectory),
            logger: logger,
            // Two photos at a time bound libvips's memory; more would only queue for the two cores anyway.
            photoProcessing: PhotoProcessing(concurrency: min(2, ProcessInfo.processInfo.activeProcessorCount)),
            decodingBudget: DecodingBudget(megapixels: resolvedDecodingMegapixels),
            liveTransport: broker.transport,
            metricsToken: resolved(metricsToken, "FOTOFOLIO_METRICS_TOKEN"),
            trustProxy: behindProxy,
            minimumFreeDiskBytes: Int64(resolvedMinimumFreeDisk) << 20,
            registrationsPerHour: resolvedRegistrationsPerHour,
            publicAddress: PublicAddress(resolved(publicUrl, "FOTOFOLIO_PUBLIC_URL") ?? "http://localhost"),
            mail: mailSetup, push: push.setup(mailFrom: mailSetup.from.address))
        var configuration = ServerConfiguration(
            host: resolved(host, "FOTOFOLIO_HOST"), port: resolvedPort ?? 8080,
            temporaryDirectory: dataDirectory + "/tmp")
        configuration.threadCount = ProcessInfo.processInfo.activeProcessorCount
        configuration.connectionLimit = Self.connectionLimit()
        // Behind a proxy every connection comes from the proxy's address: a limit per address
        // would cap the whole site (every open live stream is a connection).
        if behindProxy { configuration.connectionsPerAddress = configuration.connectionLimit }
        let daemon = HTTPDaemon(configuration: configuration, router: app.router, middleware: app.middleware, logger: logger)
        app.metrics.observeConnections { [weak daemon] in daemon?.openConnections ?? 0 }
        if resolved(publicUrl, "FOTOFOLIO_PUBLIC_URL") == nil, configuration.port != 0 {
            // Known before the first request when the port is: the same address the banner prints.
            app.publicAddress.set(StartupBanner(host: configuration.host, port: configuration.port).firstAddress)
        }
        try daemon.start()
        try app.live.start(pollInterval: resolvedLivePoll ?? 5)
        defer { app.live.stop() }
        // What was queued before a stop (or a crash) goes out now: a mail is marked sent only
        // once the server took it.
        app.mailSender?.start()
        defer { app.mailSender?.stop() }
        // The same for pushes; a push whose person has a live tab meanwhile is skipped.
        app.pushSender?.start()
        defer { app.pushSender?.stop() }
        // Films whose processing a stop cut short are made again from their kept uploads.
        do {
            try app.films.resumeAbandonedJobs()
        } catch {
            logger.error("Resuming film processing failed: \(error)")
        }
        let sweeper = UnusedPhotosSweeper(photos: UnusedPhotos(library: app.photos), logger: logger)
        sweeper.start()
        defer { sweeper.stop() }
        let banner = StartupBanner(host: configuration.host, port: daemon.port)
        if resolved(publicUrl, "FOTOFOLIO_PUBLIC_URL") == nil {
            app.publicAddress.set(banner.firstAddress)
            if behindProxy { logger.warning("Behind a proxy without --public-url: links that leave a page point at \(banner.firstAddress)") }
        }
        banner.print()
        shutdown.wait()
        if let drain = resolvedDrainSeconds, drain > 0 {
            // A load balancer checking every second or two takes this node out within the wait.
            logger.info("Draining for \(drain) s: /healthz answers 503")
            app.beginDraining()
            shutdown.wait(seconds: drain)
        }
        logger.info("Shutting down")
        daemon.shutdown()
        logger.info("Stopped")
    }

    /// The data folder's SQLite database, or PostgreSQL when a URL names it; either is
    /// migrated to this version before the server starts.
    private func openStores(dataDirectory: String, logger: Logger) throws -> Stores {
        guard let url = resolved(databaseUrl, "FOTOFOLIO_DATABASE_URL") else {
            return .sqlite(try AppDatabase(directory: dataDirectory))
        }
        try FileManager.default.createDirectory(atPath: dataDirectory, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        // An HTTP thread borrows one connection at a time, for one store call; the live hub,
        // the outbox publisher and the photo sweeper borrow one each now and then.
        let pool = try PostgresPool(url: url, size: ProcessInfo.processInfo.activeProcessorCount + 4)
        try PostgresSchema.migrate(pool)
        logger.info("Database: PostgreSQL (\(pool.size) connections at most)")
        // A node's outbox claims carry its name, so its log lines and the rows agree.
        let node = resolved(nodeName, "FOTOFOLIO_NODE_NAME")
        return .postgres(pool, publisher: node.map { "\($0):\(Stores.processPublisherName)" } ?? Stores.processPublisherName)
    }

    /// As many connections as the process may open files, less a reserve for the database,
    /// photos being processed, the broker and the listening sockets: live streams each hold
    /// one, and at the limit new connections would wait unanswered.
    private static func connectionLimit() -> Int {
        var limit = rlimit()
        guard getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max else { return 10_000 }
        return max(1_000, Int(limit.rlim_cur) - 512)
    }

    private var resolvedMQTTPeoplePort: Int? {
        mqttPeoplePort ?? ProcessInfo.processInfo.environment["FOTOFOLIO_MQTT_PEOPLE_PORT"].flatMap(Int.init)
    }

    private var resolvedDecodingMegapixels: Int {
        decodingMegapixels ?? ProcessInfo.processInfo.environment["FOTOFOLIO_DECODING_MEGAPIXELS"].flatMap(Int.init)
            ?? DecodingBudget.standardMegapixels
    }

    private var resolvedRegistrationsPerHour: Int {
        registrationsPerHour ?? ProcessInfo.processInfo.environment["FOTOFOLIO_REGISTRATIONS_PER_HOUR"].flatMap(Int.init)
            ?? AccountsService.registrationsPerHour
    }

    private var resolvedMinimumFreeDisk: Int {
        minFreeDiskMb ?? ProcessInfo.processInfo.environment["FOTOFOLIO_MIN_FREE_DISK_MB"].flatMap(Int.init) ?? 512
    }

    private var behindProxy: Bool {
        trustProxy || ProcessInfo.processInfo.environment["FOTOFOLIO_TRUST_PROXY"] == "1"
    }

    private var resolvedDrainSeconds: Double? {
        drainSeconds ?? ProcessInfo.processInfo.environment["FOTOFOLIO_DRAIN_SECONDS"].flatMap(Double.init)
    }

    private var resolvedLivePoll: Double? {
        livePoll ?? ProcessInfo.processInfo.environment["FOTOFOLIO_LIVE_POLL"].flatMap(Double.init)
    }

    private var resolvedPort: Int? {
        port ?? ProcessInfo.processInfo.environment["FOTOFOLIO_PORT"].flatMap(Int.init)
    }

    private func resolved(_ flag: String?, _ variable: String) -> String? {
        flag ?? ProcessInfo.processInfo.environment[variable].flatMap { $0.isEmpty ? nil : $0 }
    }

    private func resolved(_ flag: String?, _ variable: String, _ fallback: String) -> String {
        resolved(flag, variable) ?? fallback
    }
}

/// Blocks until SIGINT or SIGTERM arrives.
/// SIGINT and SIGTERM, listened for from the moment the command starts: one that arrives
/// while the server is still starting (a service manager stopping it at once) is kept, and
/// `wait` returns as soon as the server is up, so it still stops cleanly instead of dying
/// with the signal's default action.
final class ShutdownSignal {
    private let received = DispatchSemaphore(value: 0)
    private var sources: [DispatchSourceSignal] = []

    init() {
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN) // let the dispatch source see it instead of the default action
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            // Signals that arrive close together come as one event with their count.
            source.setEventHandler { [received, source] in
                for _ in 0..<max(1, Int(source.data)) { received.signal() }
            }
            source.resume()
            sources.append(source)
        }
        signal(SIGPIPE, SIG_IGN)
    }

    func wait() {
        received.wait()
    }

    /// Waits at most `seconds` for another signal: a second Ctrl+C cuts a drain short.
    func wait(seconds: Double) {
        _ = received.wait(timeout: .now() + seconds)
    }
}
