import Foundation
import Fotofolio
import HTTPServer

/// The push part of `/profile/notifications` (`partials/push-settings`): the person's
/// devices with Remove, and what push.js needs to add this browser — the site's public
/// key and whether the address can offer push at all.
struct PushSection: ViewModel {
    struct Device: ViewModel {
        let id: Int64
        let name: String
        let added: String
        let lastUsed: String
        let removeLabel: String
    }

    let vapidKey: String
    let csrf: String
    /// Plain http on an address that is not this machine: browsers offer no service worker
    /// or push there, so the page explains instead (push.js decides again in the browser).
    let insecure: Bool
    let hasDevices: Bool
    let devices: [Device]
}

/// What the settings page needs to show a person's devices.
struct PushSettings: Sendable {
    let subscriptions: PushSubscriptions
    /// The VAPID public key, base64url (the page's `applicationServerKey`).
    let publicKey: String

    func section(for request: Request, userId: Int64, table: StringTable) throws -> PushSection {
        let dates = MessageDates(for: request, table: table)
        let devices = try subscriptions.list(of: userId).map { subscription in
            let name = DeviceName.of(userAgent: subscription.userAgent) ?? table.string("push.settings.unknownDevice")
            return PushSection.Device(
                id: subscription.id, name: name,
                added: table.string("push.settings.added").replacingOccurrences(of: "{date}", with: dates.listLabel(subscription.createdAt)),
                lastUsed: subscription.lastUsedAt.map {
                    table.string("push.settings.lastUsed").replacingOccurrences(of: "{date}", with: dates.listLabel($0))
                } ?? table.string("push.settings.notYetUsed"),
                removeLabel: table.string("push.settings.removeLabel").replacingOccurrences(of: "{device}", with: name))
        }
        return PushSection(vapidKey: publicKey, csrf: request.csrfToken, insecure: !Self.isSecureContext(request), hasDevices: !devices.isEmpty, devices: devices)
    }

    /// Whether a browser treats the page as a secure context: https (as the proxy in front
    /// says), or a loopback host.
    static func isSecureContext(_ request: Request) -> Bool {
        if request.headers["x-forwarded-proto"]?.split(separator: ",").first?.trimmingCharacters(in: " ").lowercased() == "https" {
            return true
        }
        guard let host = request.headers["host"]?.lowercased() else { return false }
        let name = host.hasPrefix("[") ? String(host.prefix { $0 != "]" }.dropFirst()) : String(host.prefix { $0 != ":" })
        return name == "localhost" || name.hasSuffix(".localhost") || name.hasPrefix("127.") || name == "::1"
    }
}
