// swift-tools-version:6.2
import PackageDescription

let package = Package(
    name: "fotofolio",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "fotofolio", targets: ["fotofolio"]),
        .executable(name: "ImagingBench", targets: ["ImagingBench"]),
        .executable(name: "VideoBench", targets: ["VideoBench"]),
        .executable(name: "MailBench", targets: ["MailBench"]),
        .executable(name: "SearchBench", targets: ["SearchBench"]),
        // The server's modules as one library, for the fuzz targets in Fuzz/.
        .library(name: "FotofolioModules", targets: ["HTTPServer", "PreciseSlider", "Video", "Fotofolio", "FotofolioWeb", "Mail", "WebPush"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
    ],
    targets: [
        // C faces: module maps plus header-only shims for what Swift cannot call.
        .systemLibrary(
            name: "CMicroHTTPD", pkgConfig: "libmicrohttpd",
            providers: [.apt(["libmicrohttpd-dev"])]),
        .systemLibrary(
            name: "CZlib", pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(
            name: "CQREncode", pkgConfig: "libqrencode",
            providers: [.apt(["libqrencode-dev"])]),
        .systemLibrary(
            name: "CArgon2", pkgConfig: "libargon2",
            providers: [.apt(["libargon2-dev"])]),
        .systemLibrary(
            name: "CVips", pkgConfig: "vips",
            providers: [.apt(["libvips-dev"])]),
        .systemLibrary(
            name: "CMosquitto", pkgConfig: "libmosquitto",
            providers: [.apt(["libmosquitto-dev"])]),
        .systemLibrary(
            name: "CLibPQ", pkgConfig: "libpq",
            providers: [.apt(["libpq-dev"])]),
        .systemLibrary(
            name: "CCurl", pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"])]),
        // glibc's spawn.h, for the one call it declares only under _GNU_SOURCE.
        .systemLibrary(name: "CSpawn"),

        .target(
            name: "HTTPServer",
            dependencies: [
                "CMicroHTTPD", "CZlib", "PollingThreads",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ]),
        // Child processes started with posix_spawn, for the broker, its tools and the tests' tools.
        .target(name: "Spawn", dependencies: ["CSpawn"]),
        // Which threads poll sockets, so argon2 and image work can refuse to start on one.
        .target(name: "PollingThreads"),
        .target(
            name: "MQTTClient",
            dependencies: ["CMosquitto", "CCurl", "Spawn", .product(name: "Logging", package: "swift-log")]),
        .target(name: "QRCode", dependencies: ["CQREncode", "CZlib"]),
        // ZIP archives written as they are read (stored, ZIP64), for downloads of whole galleries.
        .target(name: "Archive", dependencies: ["CZlib"]),
        // PostgreSQL through libpq: blocking calls, a small pool, prepared statements.
        .target(name: "Postgres", dependencies: ["CLibPQ"]),
        .target(name: "PreciseSlider"),
        // Mail messages written as RFC 5322 bytes, sent over SMTP by libcurl or kept as .eml files.
        .target(name: "Mail", dependencies: ["CCurl"]),
        // Web Push: messages encrypted for a browser (RFC 8291), VAPID (RFC 8292), and posted to
        // its push service (RFC 8030) by libcurl, only to public addresses.
        .target(name: "WebPush", dependencies: ["CCurl", .product(name: "Crypto", package: "swift-crypto")]),
        .target(
            name: "Imaging",
            dependencies: ["CVips", "CZlib", "PollingThreads", .product(name: "Crypto", package: "swift-crypto")]),
        .executableTarget(name: "ImagingBench", dependencies: ["Imaging"], path: "bench/ImagingBench"),
        // Films made web-ready by ffmpeg and ffprobe, run as bounded child processes.
        .target(name: "Video", dependencies: ["Spawn", .product(name: "Crypto", package: "swift-crypto")]),
        .executableTarget(name: "VideoBench", dependencies: ["Video"], path: "bench/VideoBench"),
        .target(
            name: "Fotofolio",
            dependencies: [
                "CArgon2", "Imaging", "Mail", "MQTTClient", "PollingThreads", "Video", "WebPush",
                .product(name: "Crypto", package: "swift-crypto"),
            ]),
        // The domain's stores on SQLite: GRDB over one database file.
        .target(name: "FotofolioSQLite", dependencies: ["Fotofolio", "Imaging", "PollingThreads", .product(name: "GRDB", package: "GRDB.swift")]),
        // The domain's stores on PostgreSQL: hand-written SQL over the libpq client.
        .target(
            name: "FotofolioPostgres",
            dependencies: ["Fotofolio", "FotofolioSQLite", "Imaging", "Postgres", "Spawn", .product(name: "GRDB", package: "GRDB.swift")]),
        // The demo community `fotofolio seed` writes: people, portfolios, conversations.
        .target(name: "FotofolioDemo", dependencies: ["Fotofolio", "FotofolioSQLite", "Spawn", .product(name: "GRDB", package: "GRDB.swift")]),
        .target(
            name: "FotofolioWeb",
            dependencies: [
                "HTTPServer", "Fotofolio", "Imaging", "Mail", "PreciseSlider", "QRCode", "Archive", "WebPush",
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ]),
        // What a mail adds to the send that causes it, and mails a second (bench/mail.sh).
        .executableTarget(
            name: "MailBench", dependencies: ["Fotofolio", "FotofolioSQLite", "FotofolioWeb", "Mail",
                                              .product(name: "Logging", package: "swift-log")],
            path: "bench/MailBench"),
        // How long a search of one's conversations takes on a million messages (bench/search.sh).
        .executableTarget(
            name: "SearchBench", dependencies: ["Fotofolio", "FotofolioSQLite", .product(name: "GRDB", package: "GRDB.swift")],
            path: "bench/SearchBench"),
        .executableTarget(
            name: "fotofolio",
            dependencies: [
                "FotofolioWeb", "HTTPServer", "Fotofolio", "FotofolioDemo", "FotofolioPostgres", "FotofolioSQLite", "Imaging", "Mail", "Postgres", "QRCode",
                "MQTTClient", "WebPush",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]),

        // Exactly the bytes a test wants on a socket, for the HTTP tests of every module.
        .target(name: "RawHTTP", path: "Tests/RawHTTP"),
        // The one way the tests wait: for a condition, with a deadline.
        .target(name: "Waiting", path: "Tests/Waiting"),
        // Short films made by FFmpeg for the tests of film processing and pages.
        .target(name: "TestClips", dependencies: ["Spawn"], path: "Tests/TestClips"),
        // Generators of hostile text for the property tests of every module.
        .target(
            name: "HostileInput", dependencies: [.product(name: "PropertyBased", package: "swift-property-based")],
            path: "Tests/HostileInput"),
        .testTarget(
            name: "HTTPServerTests",
            dependencies: [
                "HTTPServer", "PollingThreads", "RawHTTP", "HostileInput", "Waiting", .product(name: "Logging", package: "swift-log"),
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]),
        // A throwaway PostgreSQL cluster for the tests of every module.
        .target(name: "PostgresCluster", dependencies: ["FotofolioPostgres", "Postgres", "Spawn"], path: "Tests/PostgresCluster"),
        // Migrated SQLite databases for the tests of every module, copied from one template.
        .target(name: "SQLiteTemplate", dependencies: ["FotofolioSQLite", .product(name: "GRDB", package: "GRDB.swift")], path: "Tests/SQLiteTemplate"),
        .testTarget(name: "SpawnTests", dependencies: ["Spawn", "Waiting"]),
        .testTarget(name: "PostgresTests", dependencies: ["Postgres", "PostgresCluster", "FotofolioPostgres", "FotofolioSQLite", "Fotofolio", "FotofolioDemo", "HostileInput", "Imaging",
                                                          .product(name: "PropertyBased", package: "swift-property-based")]),
        .testTarget(name: "MQTTClientTests", dependencies: ["MQTTClient", "Spawn", "Waiting"]),
        .testTarget(name: "QRCodeTests", dependencies: ["QRCode"]),
        // Archives checked by Python's zipfile, Info-ZIP's unzip and bsdtar (when installed).
        .testTarget(
            name: "ArchiveTests",
            dependencies: ["Archive", "Spawn", "HostileInput", .product(name: "PropertyBased", package: "swift-property-based")]),
        .testTarget(name: "PreciseSliderTests", dependencies: ["PreciseSlider"]),
        // Messages checked by Python's email package, sent to an aiosmtpd server (Tests/Mail).
        .testTarget(
            name: "MailTests",
            dependencies: ["Mail", "HostileInput", "Spawn", "Waiting", .product(name: "PropertyBased", package: "swift-property-based")]),
        // Pushes read by an independent implementation (Tests/Push/push_service.py: http_ece,
        // cryptography) behind a real HTTP port.
        .testTarget(
            name: "WebPushTests",
            dependencies: ["WebPush", "HostileInput", "Spawn", "Waiting", .product(name: "PropertyBased", package: "swift-property-based"),
                           .product(name: "Crypto", package: "swift-crypto")]),
        .testTarget(
            name: "ImagingTests",
            dependencies: ["Imaging", "Spawn", .product(name: "Crypto", package: "swift-crypto")]),
        .testTarget(name: "VideoTests", dependencies: ["Video", "Spawn"]),
        .testTarget(
            name: "FotofolioTests",
            dependencies: ["Fotofolio", "FotofolioDemo", "PollingThreads", "FotofolioPostgres", "FotofolioSQLite", "Postgres", "PostgresCluster", "SQLiteTemplate", "HostileInput", "Spawn",
                           "WebPush",
                           "Waiting", "TestClips", .product(name: "PropertyBased", package: "swift-property-based")]),
        .testTarget(
            name: "FotofolioWebTests",
            dependencies: [
                "FotofolioWeb", "HTTPServer", "Fotofolio", "FotofolioDemo", "FotofolioPostgres", "FotofolioSQLite", "Postgres", "PostgresCluster", "SQLiteTemplate", "MQTTClient",
                "Imaging", "Mail", "PollingThreads", "WebPush",
                "RawHTTP", "HostileInput", "Waiting", "TestClips", "Spawn", .product(name: "PropertyBased", package: "swift-property-based"),
            ]),
        // The fuzz targets of Fuzz/ on their committed corpora, each input once: `swift test`
        // replays every seed and every input a campaign found; `make fuzz` fuzzes for real.
        .testTarget(
            name: "FuzzCorpusTests",
            dependencies: ["HTTPServer", "PreciseSlider", "Imaging", "Video", "Fotofolio", "FotofolioWeb", "Mail", "WebPush"],
            path: "Fuzz/Sources",
            exclude: ["CFuzzDriver"],
            sources: ["CorpusReplay", "FuzzSupport", "RequestPathFuzz", "QueryFuzz", "CookieFuzz", "FormBodyFuzz",
                      "MultipartFuzz", "FeedCursorFuzz", "FeedAddressFuzz", "TagsFuzz", "AcceptLanguageFuzz",
                      "SliderTextFuzz", "MessengerCommandFuzz", "HTMLEscapeFuzz", "TemplateEscapeFuzz", "FFprobeReportFuzz",
                      "ShootFormFuzz", "SharingFormFuzz", "DeliveredMetadataFuzz", "ReadMailFuzz", "PushSubscriptionFuzz",
                      "MessageSearchFuzz", "PaymentFuzz", "LiveAnnouncementFuzz"],
            swiftSettings: [.define("FUZZ_CORPUS_REPLAY")]),
    ],
    swiftLanguageModes: [.v6]
)
