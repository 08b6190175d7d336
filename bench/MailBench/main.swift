// What mail and push cost: how much a queued mail, or a push per device, adds to the chat
// send that causes it, and how many mails a second one process sends to a local SMTP server
// (bench/mail.sh starts one) and into a folder of .eml files. Runs on a SQLite database of
// its own.
//
//   MailBench <work-directory> <templates-directory> <public-directory> [smtp-url] [sends] [mails]
import Fotofolio
import FotofolioSQLite
import FotofolioWeb
import Foundation
import Logging
import Mail

let arguments = CommandLine.arguments
guard (4...7).contains(arguments.count) else {
    FileHandle.standardError.write(Data("usage: MailBench <work-directory> <templates> <public> [smtp-url] [sends] [mails]\n".utf8))
    exit(2)
}
let work = arguments[1]
let smtpURL = arguments.count > 4 && arguments[4] != "-" ? arguments[4] : nil
let sends = arguments.count > 5 ? Int(arguments[5]) ?? 2000 : 2000
let mails = arguments.count > 6 ? Int(arguments[6]) ?? 500 : 500

func median(_ values: [Duration]) -> Duration { values.sorted()[values.count / 2] }
func microseconds(_ duration: Duration) -> Double { Double(duration / .nanoseconds(1)) / 1000 }

/// A fresh database with two people in a direct conversation.
func world(_ name: String) throws -> (stores: Stores, room: Int64, from: Int64, to: Int64) {
    let directory = "\(work)/\(name)"
    try? FileManager.default.removeItem(atPath: directory)
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let stores = Stores.sqlite(try AppDatabase(directory: directory))
    let accounts = AccountsService(stores: stores, hasher: PasswordHasher(parameters: .fastForTests), registrationsPerHour: 1000)
    var ids: [Int64] = []
    for (index, name) in ["jana.bench", "vojta.bench"].enumerated() {
        var registration = Registration()
        registration.role = .client
        registration.username = name
        registration.fullName = "Bench \(index)"
        registration.email = "\(name)@example.cz"
        registration.location = "Brno"
        registration.password = "dlouhe-heslo-\(index)"
        registration.passwordConfirmation = registration.password
        ids.append(try accounts.register(registration).id!)
    }
    let room = try MessengerService(stores: stores).directRoom(between: ids[0], and: ids[1]).id
    return (stores, room, ids[0], ids[1])
}

enum Case: String { case quiet, burst, queuing, oneDevice, threeDevices }

/// The median time of one send, each in its own transaction: `quiet`, the recipient turned
/// unread mail off (the send reads their settings and writes no mail); `burst`, a mail waits
/// for the recipient already (a burst of messages: the send finds it); `queuing`, every send
/// writes a mail of its own (the recipient's batch is closed before each send); `oneDevice`,
/// `threeDevices`: unread mail off as in `quiet`, and every send queues a push per device.
func sendTimes(_ kind: Case) throws -> Duration {
    let queuing = kind == .queuing
    let (stores, room, from, to) = try world(kind.rawValue)
    var settings = MailSettings.default
    if kind == .quiet || kind == .oneDevice || kind == .threeDevices { settings.messages = .never }
    try stores.mail.save(settings, of: to)
    for device in 0..<(kind == .oneDevice ? 1 : kind == .threeDevices ? 3 : 0) {
        try stores.push.add(NewPushSubscription(endpoint: "https://push.example.net/\(device)", p256dh: "p", auth: "a", userAgent: "Bench"),
                            for: to, at: Date())
    }
    let messenger = MessengerService(stores: stores)
    var times: [Duration] = []
    let far = Date().addingTimeInterval(86_400)
    for number in 0..<sends {
        // Both runs write once between sends (closing the batch, or saving the settings again),
        // so the database grows and checkpoints alike and only the send's own work differs.
        if queuing, let pending = try stores.mail.due(at: far, missedBefore: far, limit: 1).first {
            try stores.mail.markSent(pending.id, at: Date(), keeping: pending.content)
        } else {
            try stores.mail.save(settings, of: to)
        }
        let start = ContinuousClock.now
        _ = try messenger.send(MessageDraft(uuid: UUID().uuidString, content: "Zpráva \(number)"), in: room, by: from)
        times.append(ContinuousClock.now - start)
    }
    return median(times)
}

/// Mails a second: `mails` queued reset mails sent by one `MailSender` pass.
func throughput(_ outlet: MailOutlet, name: String) throws -> Double {
    let (stores, _, from, _) = try world(name)
    for number in 0..<mails {
        try stores.mail.enqueue(NewMail(to: from, address: "jana.bench@example.cz", content: .passwordReset(token: "t\(number)"),
                                        dueAt: Date()), at: Date())
    }
    let site = try SiteFiles(templatesDirectory: arguments[2], publicDirectory: arguments[3])
    let composer = MailComposer(site: site, stores: stores, publicAddress: PublicAddress("https://fotofolio.example"),
                                from: MailAddress(parsing: "Fotofolio <noreply@fotofolio.example>")!)
    let sender = MailSender(stores: stores, composer: composer, outlet: outlet, logger: Logger(label: "bench"))
    let start = ContinuousClock.now
    let handled = sender.sendDue()
    let elapsed = ContinuousClock.now - start
    guard handled == mails, try stores.mail.counts() == MailCounts(pending: 0, retrying: 0, failed: 0) else {
        throw BenchFailure(description: "\(name): \(handled) of \(mails) handled, \(try stores.mail.counts())")
    }
    return Double(mails) / (Double(elapsed / .milliseconds(1)) / 1000)
}

struct BenchFailure: Error, CustomStringConvertible { let description: String }

do {
    _ = try sendTimes(.queuing) // warm-up: the first database's pages, the statement caches
    let quiet = try sendTimes(.quiet), burst = try sendTimes(.burst), queuing = try sendTimes(.queuing)
    print(String(format: "send, unread mail off:        %.0f µs (median of %d)", microseconds(quiet), sends))
    print(String(format: "send, its batch already waits: %.0f µs (%+.1f %%)", microseconds(burst),
                 100 * (microseconds(burst) - microseconds(quiet)) / microseconds(quiet)))
    print(String(format: "send writing a mail:          %.0f µs (%+.1f %%)", microseconds(queuing),
                 100 * (microseconds(queuing) - microseconds(quiet)) / microseconds(quiet)))
    let oneDevice = try sendTimes(.oneDevice), threeDevices = try sendTimes(.threeDevices)
    print(String(format: "send pushing to 1 device:     %.0f µs (%+.1f %%)", microseconds(oneDevice),
                 100 * (microseconds(oneDevice) - microseconds(quiet)) / microseconds(quiet)))
    print(String(format: "send pushing to 3 devices:    %.0f µs (%+.1f %%)", microseconds(threeDevices),
                 100 * (microseconds(threeDevices) - microseconds(quiet)) / microseconds(quiet)))
    let folder = URL(fileURLWithPath: "\(work)/eml")
    try? FileManager.default.removeItem(at: folder)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    print(String(format: "to .eml files:       %.0f mails/s (%d mails)", try throughput(.directory(MailDirectory(directory: folder)), name: "files"), mails))
    if let smtpURL, let settings = SMTPSettings(url: smtpURL) {
        let rate = try throughput(.smtp(SMTPTransport(settings: settings), envelopeSender: "noreply@fotofolio.example"), name: "smtp")
        print(String(format: "to the SMTP server:  %.0f mails/s (%d mails, one connection each)", rate, mails))
    }
} catch {
    FileHandle.standardError.write(Data("MailBench: \(error)\n".utf8))
    exit(1)
}
