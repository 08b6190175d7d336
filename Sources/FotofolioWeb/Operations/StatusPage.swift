import Foundation
import Fotofolio
import HTTPServer
import MQTTClient
import QRCode

/// `GET /status`: for whoever runs the demo — whether the MQTT broker is connected, how
/// long ago the last live event went out, what waits in the outbox, how many live streams
/// this process holds, and the LAN address with a QR code for phones. JSON for scripts
/// (`Accept: application/json`). Nothing secret: no broker address or password.
struct StatusPage {
    let renderer: PageRenderer
    let live: LiveDelivery
    let mail: any MailStore
    let push: any PushStore

    func register(in router: inout Router) {
        router.get("/status") { request in try show(request) }
    }

    /// The LAN addresses for everyone (the demo shows them on a projector); how the live path
    /// is doing only for the operator on this machine: a broker's error text or the outbox's
    /// size tells an outsider more than it should.
    struct Report: Encodable {
        struct Internals: Encodable {
            let broker: String
            let brokerProblem: String?
            let lastEventSecondsAgo: Int?
            let outboxBacklog: Int
            let liveStreams: Int
            /// Mails queued and not yet sent, and mails that failed for good.
            let mailWaiting: Int
            let mailFailed: Int
            /// Pushes queued and not yet sent (first try or retrying), and pushes that failed for good.
            let pushWaiting: Int
            let pushFailed: Int
        }
        let internals: Internals?
        let lanURLs: [String]
    }

    func report(for request: Request, now: Date = Date()) -> Report {
        let lanURLs = LocalAddresses.reachable().map { LocalAddresses.url(host: $0, port: Self.port(of: request)) }
        guard request.comesFromLoopback else { return Report(internals: nil, lanURLs: lanURLs) }
        let status = live.status
        let (broker, problem) = Self.describe(status.broker)
        let mails = (try? mail.counts()) ?? MailCounts(pending: -1, retrying: 0, failed: -1)
        let pushes = (try? push.counts()) ?? PushCounts(waiting: -1, failed: -1)
        return Report(internals: .init(
            broker: broker, brokerProblem: problem,
            lastEventSecondsAgo: status.lastEventAt.map { max(0, Int(now.timeIntervalSince($0))) },
            outboxBacklog: status.outboxBacklog, liveStreams: status.streams,
            mailWaiting: mails.pending + mails.retrying, mailFailed: mails.failed,
            pushWaiting: pushes.waiting, pushFailed: pushes.failed), lanURLs: lanURLs)
    }

    private func show(_ request: Request) throws -> Response {
        let report = report(for: request)
        var response = try request.answer(json: { .json(report) }, page: {
            let table = renderer.strings(for: request)
            return try renderer.render(.status, for: request, content: View(
                internals: report.internals.map { InternalsView($0, table: table) },
                lan: report.lanURLs.first.map { first in
                    LanView(url: first, others: Array(report.lanURLs.dropFirst()), qr: (try? QRCode(encoding: first).svg()) ?? "")
                }))
        })
        response.headers.set("Cache-Control", "no-store")
        return response
    }

    /// `pages/status`.
    struct View: ViewModel {
        /// nil away from this machine.
        let internals: InternalsView?
        /// nil when the machine has no LAN address.
        let lan: LanView?
    }

    /// The first LAN address with its QR code, and the others.
    struct LanView: ViewModel {
        let url: String
        let others: [String]
        /// SVG made by `QRCode`, put in the page as is.
        let qr: String
    }

    /// What the status page shows of the live path, on this machine only.
    struct InternalsView: ViewModel {
        struct Broker: ViewModel {
            let state: String
            let label: String
            let healthy: Bool
            let problem: String?
        }
        let broker: Broker
        let lastEvent: String
        let outboxBacklog: Int
        let backlogHealthy: Bool
        let liveStreams: Int
        let mailWaiting: Int
        let mailFailed: Int
        let pushWaiting: Int
        let pushFailed: Int

        init(_ internals: Report.Internals, table: StringTable) {
            broker = Broker(state: internals.broker, label: table.string("status.broker.\(internals.broker)"),
                            healthy: internals.broker == "connected" || internals.broker == "local",
                            problem: internals.brokerProblem)
            lastEvent = internals.lastEventSecondsAgo.map { StatusPage.age($0, table) } ?? table.string("status.noEventYet")
            outboxBacklog = internals.outboxBacklog
            backlogHealthy = internals.outboxBacklog < 100
            liveStreams = internals.liveStreams
            mailWaiting = internals.mailWaiting
            mailFailed = internals.mailFailed
            pushWaiting = internals.pushWaiting
            pushFailed = internals.pushFailed
        }
    }

    /// The broker's state as a word (a string-table key), and its last error if it is down.
    static func describe(_ state: MQTTConnectionState?) -> (String, String?) {
        switch state {
        case nil: ("local", nil)
        case .notStarted?, .connecting?: ("connecting", nil)
        case .connected?: ("connected", nil)
        case .reconnecting(let reason)?: ("reconnecting", reason)
        case .disconnected?: ("disconnected", nil)
        }
    }

    /// "12 s", "5 min", "3 h", "2 d" before now, in the page's words.
    static func age(_ seconds: Int, _ table: StringTable) -> String {
        let (value, unit) = switch seconds {
        case ..<60: (seconds, "seconds")
        case ..<3600: (seconds / 60, "minutes")
        case ..<86_400: (seconds / 3600, "hours")
        default: (seconds / 86_400, "days")
        }
        return table.string("status.ago.\(unit)").replacingOccurrences(of: "{n}", with: String(value))
    }

    /// The port the browser reached us on (the server may listen on any), 80 when unsaid.
    static func port(of request: Request) -> Int {
        guard let host = request.headers["host"], let colon = host.lastIndex(of: ":"),
              !host[colon...].contains("]"), let port = Int(host[host.index(after: colon)...]),
              (1...65535).contains(port) else { return 80 }
        return port
    }
}
