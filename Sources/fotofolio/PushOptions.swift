import ArgumentParser
import Fotofolio
import FotofolioWeb
import Foundation
import WebPush

/// `fotofolio serve`'s push options: which origins a push may go to besides public https
/// hosts (the tests' loopback push service), the contact push services see, and how often
/// due pushes are looked for.
struct PushOptions: ParsableArguments {
    @Option(help: "An origin (scheme://host:port) pushes may go to although it is not a public https host, e.g. a test push service on http://127.0.0.1:8099; repeatable. (FOTOFOLIO_PUSH_ALLOW_ENDPOINT, comma-separated)")
    var pushAllowEndpoint: [String] = []

    @Option(help: "The contact push services see in every VAPID token, mailto:… or https:…. (FOTOFOLIO_PUSH_SUBJECT, default mailto: + the mail sender's address)")
    var pushSubject: String?

    @Option(help: "Seconds between looks for due pushes (retries, other nodes' pushes). (FOTOFOLIO_PUSH_POLL, default 2)")
    var pushPoll: Double?

    func validate() throws {
        for origin in allowedOrigins {
            guard let url = URL(string: origin), let scheme = url.scheme, ["http", "https"].contains(scheme), url.host != nil,
                  url.path.isEmpty || url.path == "/", url.query == nil, url.user == nil else {
                throw ValidationError("An allowed push endpoint is an origin, scheme://host[:port], not “\(origin)”.")
            }
        }
        if let subject = value(pushSubject, "FOTOFOLIO_PUSH_SUBJECT"), !subject.hasPrefix("mailto:") && !subject.hasPrefix("https://") {
            throw ValidationError("The push subject is a mailto: or https: address.")
        }
        guard let poll = resolvedPoll, poll > 0, poll <= 3600 else {
            throw ValidationError("The push poll interval must be more than 0 and at most 3600 seconds.")
        }
    }

    private var allowedOrigins: [String] {
        if !pushAllowEndpoint.isEmpty { return pushAllowEndpoint }
        return (ProcessInfo.processInfo.environment["FOTOFOLIO_PUSH_ALLOW_ENDPOINT"] ?? "")
            .split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    private var resolvedPoll: Double? {
        pushPoll ?? ProcessInfo.processInfo.environment["FOTOFOLIO_PUSH_POLL"].map { Double($0) ?? -1 } ?? 2
    }

    /// How this process pushes; `mailFrom` is the sender of mail, whose address is the
    /// contact unless another is given.
    func setup(mailFrom: String) -> PushSetup {
        PushSetup(policy: PushEndpointPolicy(allowedOrigins: allowedOrigins),
                  subject: value(pushSubject, "FOTOFOLIO_PUSH_SUBJECT") ?? "mailto:\(mailFrom)",
                  pollInterval: .milliseconds(Int((resolvedPoll ?? 2) * 1000)))
    }

    private func value(_ flag: String?, _ variable: String) -> String? {
        flag ?? ProcessInfo.processInfo.environment[variable].flatMap { $0.isEmpty ? nil : $0 }
    }
}
