// swift-tools-version:6.2
import PackageDescription

/// libFuzzer targets for Fotofolio's parsers, one executable per parser. Build them with
/// `Fuzz/run.sh` (which passes `-sanitize=fuzzer`); `bench/FUZZING.md` describes each one.
///
/// The targets reach internal parsers through `@testable import`, which works in debug
/// builds: SwiftPM compiles the main package's modules with testing enabled there.
let targets = [
    "RequestPathFuzz",
    "QueryFuzz",
    "CookieFuzz",
    "FormBodyFuzz",
    "MultipartFuzz",
    "FeedCursorFuzz",
    "FeedAddressFuzz",
    "TagsFuzz",
    "AcceptLanguageFuzz",
    "SliderTextFuzz",
    "MessengerCommandFuzz",
    "HTMLEscapeFuzz",
    "TemplateEscapeFuzz",
    "FFprobeReportFuzz",
    "ShootFormFuzz",
    "SharingFormFuzz",
    "DeliveredMetadataFuzz",
    "ReadMailFuzz",
    "PushSubscriptionFuzz",
    "MessageSearchFuzz",
    "PaymentFuzz",
    "LiveAnnouncementFuzz",
]

let package = Package(
    name: "fotofolio-fuzz",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "fotofolio", path: ".."),
    ],
    targets: [
        .target(name: "CFuzzDriver"),
        .target(
            name: "FuzzSupport",
            dependencies: ["CFuzzDriver", .product(name: "FotofolioModules", package: "fotofolio")]),
    ] + targets.map { name in
        .executableTarget(
            name: name,
            dependencies: [
                "FuzzSupport",
                .product(name: "FotofolioModules", package: "fotofolio"),
            ])
    },
    swiftLanguageModes: [.v6]
)
