@testable import FotofolioWeb

/// Mail pages and mails with every section entered, for `TemplateModelTests`.
extension Sample {
    static var notifications: NotificationsPage {
        NotificationsPage(csrf: "c", email: "jana@example.cz", confirmed: false, bouncing: true,
                          cadences: [.init(value: "atOnce", label: "Soon", checked: true), .init(value: "never", label: "Never", checked: false)],
                          groupMessages: true, shoots: true, galleries: false, notice: "Saved.", message: "Problem.",
                          push: pushSettings)
    }

    static var pushSettings: PushSection {
        PushSection(vapidKey: "BKey", csrf: "c", insecure: true, hasDevices: true, devices: [
            .init(id: 3, name: "Firefox · Android", added: "added today", lastUsed: "last 10:05", removeLabel: "Remove Firefox · Android"),
        ])
    }

    static var mailOutbox: MailOutboxPage {
        MailOutboxPage(viaSMTP: false, counts: "Waiting: 1 · failed: 1", mails: [
            .init(url: "/moderation/mail/ab", kind: "Confirm e-mail", address: "jana@example.cz", state: "sent", stateClass: "sent",
                  when: "Today at 10:00", attempts: nil, problem: nil),
            .init(url: nil, kind: "New password", address: "x@example.cz", state: "failed", stateClass: "failed",
                  when: "Today at 9:00", attempts: "3", problem: "550 No such user"),
        ], isEmpty: false)
    }

    static var mail: MailView {
        MailView(lang: "en", subject: "Booked", greeting: "Hello Jana,", paragraphs: ["Vojta accepted the offer."],
                 quotes: [.init(author: "Vojta", text: "See you on Saturday", context: "Svatba")],
                 payments: [.init(title: "Deposit 5,000 Kč, due by 21 June 2027", image: "cid:qr-deposit-1@fotofolio",
                                  imageLabel: "QR Platba: Deposit, 5,000 Kč",
                                  rows: [.init(label: "Account", value: "1234567899/0800", code: true),
                                         .init(label: "Payee", value: "Vojta Votruba", code: false)])],
                 action: .init(label: "Open the conversation", url: "http://127.0.0.1/messages/1"),
                 notes: ["The attached file puts the shoot in your calendar."], footer: "You get this because…",
                 unsubscribe: .init(label: "Stop these", url: "http://127.0.0.1/unsubscribe/shoot/1.ab"),
                 settings: .init(label: "E-mail settings", url: "http://127.0.0.1/profile/notifications"),
                 site: .init(label: "Fotofolio", url: "http://127.0.0.1/"))
    }
}

/// A page whose template reads only the string table (`pages/offline`).
struct NoContentSample: ViewModel {}
