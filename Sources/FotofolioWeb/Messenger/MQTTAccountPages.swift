import Foundation
import Fotofolio
import HTTPServer

/// A person's own MQTT clients (`/profile/mqtt`): the accounts they made, a form for a new
/// one, whose password the answer to the form shows once, and revoking one. Without a broker
/// that takes people's clients (a site on another operator's broker) the page says so.
struct MQTTAccountPages {
    let renderer: PageRenderer
    let accounts: MQTTAccounts
    let messenger: MessengerService
    let broker: AccountsBroker?
    let topics: LiveTopics
    let publicAddress: PublicAddress

    func register(in router: inout Router) {
        router.group(RequireSignIn()) { router in
            router.get("/profile/mqtt") { request in try list(request) }
            // The password's hash is made by the broker's own tool, a process: off the polling threads.
            router.post("/profile/mqtt", options: .slow) { request in try create(request) }
            router.post("/profile/mqtt/:account/revoke") { request in try revoke(request) }
        }
    }

    /// `pages/mqttAccounts`.
    struct Page: ViewModel {
        struct Account: ViewModel {
            let id: Int64
            let label: String
            let brokerUsername: String
            let created: String
            let lastUsed: String?
        }

        struct Room: ViewModel {
            let id: Int64
            let title: String
        }

        /// The account just made, with its password: on this answer only.
        struct Created: ViewModel {
            let label: String
            let brokerUsername: String
            let password: String
            let subscribe: String
            let publish: String
        }

        let csrf: String
        let available: Bool
        let host: String
        let port: Int
        let localOnly: Bool
        let readFilter: String
        /// The broker refuses wildcard subscriptions: one per room.
        let perRoom: Bool
        let writeTopic: String
        let refusedTopic: String
        let accounts: [Account]
        let hasAccounts: Bool
        let canAdd: Bool
        let limit: Int
        let rooms: [Room]
        let hasRooms: Bool
        let created: Created?
        let notice: String?
        let error: String?
        let label: String
    }

    private func list(_ request: Request) throws -> Response {
        let userId = try request.requireSignIn().userId
        let notice = request.query["revoked"] == "1" ? renderer.strings(for: request).string("mqtt.revoked") : nil
        return try page(request, userId: userId, notice: notice)
    }

    private func create(_ request: Request) throws -> Response {
        let signedIn = try request.requireSignIn()
        let table = renderer.strings(for: request)
        guard let broker else { throw HTTPFailure(.notFound, table.string("mqtt.unavailable")) }
        let label = request.form["label"] ?? ""
        do {
            let (account, password) = try accounts.create(for: signedIn.userId, label: label,
                                                          fallbackLabel: table.string("mqtt.defaultLabel"), at: Date())
            let host = host(broker)
            let name = account.brokerUsername
            let quotedPassword = "'\(password)'"
            let created = Page.Created(
                label: account.label, brokerUsername: name, password: password,
                subscribe: "mosquitto_sub -h \(host) -p \(broker.port) -u \(name) -P \(quotedPassword) "
                    + (try readFilters(for: signedIn.userId, on: broker)).map { "-t '\($0)' " }.joined() + "-v",
                publish: "mosquitto_pub -h \(host) -p \(broker.port) -u \(name) -P \(quotedPassword) -q 1 -t '\(topics.topic("people/\(name)/chat-room/ROOM/new-message"))' "
                    + #"-m '{"type":"new-message","data":{"uuid":"'$(cat /proc/sys/kernel/random/uuid)'","content":"Ahoj"}}'"#)
            var response = try page(request, userId: signedIn.userId, created: created)
            // The password is on this answer alone: nothing may keep it.
            response.headers.set("Cache-Control", "no-store")
            return response
        } catch MQTTAccountError.invalidLabel {
            return try page(request, userId: signedIn.userId, error: table.string("mqtt.errors.label"), label: label,
                            status: .unprocessableContent)
        } catch MQTTAccountError.tooMany(let limit) {
            return try page(request, userId: signedIn.userId,
                            error: table.string("mqtt.errors.tooMany").replacingOccurrences(of: "{limit}", with: String(limit)),
                            label: label, status: .unprocessableContent)
        }
    }

    private func revoke(_ request: Request) throws -> Response {
        let userId = try request.requireSignIn().userId
        guard let id = request.storedId("account"), try accounts.revoke(id, of: userId) else {
            throw HTTPFailure(.notFound, renderer.strings(for: request).string("mqtt.errors.unknown"))
        }
        return .redirect(to: "/profile/mqtt?revoked=1")
    }

    private func page(_ request: Request, userId: Int64, created: Page.Created? = nil, notice: String? = nil,
                      error: String? = nil, label: String = "", status: HTTPStatus = .ok) throws -> Response {
        let table = renderer.strings(for: request)
        let dates = MessageDates(for: request, table: table)
        let held = try accounts.list(of: userId)
        let rooms = try messenger.rooms(of: userId).map { summary in
            Page.Room(id: summary.room.id, title: summary.shownTitle(table))
        }.sorted { $0.id < $1.id }
        let name = created?.brokerUsername ?? held.first?.brokerUsername ?? "…"
        return try renderer.render(.mqttAccounts, for: request, content: Page(
            csrf: request.csrfToken, available: broker != nil, host: broker.map(host) ?? "", port: broker?.port ?? 0,
            localOnly: broker?.reachableFromOtherMachines == false,
            readFilter: broker?.subscribesPerRoom == true ? topics.topic("chat-room/{id}/message") : topics.topic("chat-room/+/message"),
            perRoom: broker?.subscribesPerRoom == true, writeTopic: topics.topic("people/\(name)/chat-room/{id}/new-message"),
            refusedTopic: topics.accountRefusals(name),
            accounts: held.map { account in
                Page.Account(id: account.id, label: account.label, brokerUsername: account.brokerUsername,
                             created: dates.listLabel(account.createdAt), lastUsed: account.lastUsedAt.map(dates.listLabel))
            },
            hasAccounts: !held.isEmpty, canAdd: held.count < MQTTAccountRules.perPerson, limit: MQTTAccountRules.perPerson,
            rooms: rooms, hasRooms: !rooms.isEmpty, created: created, notice: notice, error: error, label: label), status: status)
    }

    /// What a client subscribes to: every room at once, or each room's topic on a broker that
    /// refuses wildcards (`AccountsBroker.subscribesPerRoom`; the room list as it is now).
    private func readFilters(for userId: Int64, on broker: AccountsBroker) throws -> [String] {
        guard broker.subscribesPerRoom else { return [topics.topic("chat-room/+/message")] }
        let rooms = try messenger.rooms(of: userId).map(\.room.id).sorted()
        return rooms.isEmpty ? [topics.topic("chat-room/ROOM/message")] : rooms.map(topics.messages(of:))
    }

    /// Where people's clients reach the broker: its own host if it has one, the site's host
    /// when the broker listens on every address, else this machine.
    private func host(_ broker: AccountsBroker) -> String {
        if let host = broker.host { return host }
        guard broker.reachableFromOtherMachines, let host = URL(string: publicAddress.origin)?.host, !host.isEmpty else {
            return "127.0.0.1"
        }
        return host
    }
}
