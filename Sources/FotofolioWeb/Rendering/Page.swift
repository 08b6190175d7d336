/// The pages Fotofolio renders, each with its template and the tab it belongs to.
public enum Page: String, CaseIterable, Sendable {
    case feed
    case selection
    case search
    case messages
    case profile
    /// Someone else's profile.
    case person
    /// The signed-in person's own profile: the same template, under the Profile tab.
    case ownProfile
    case register
    case login
    case error
    case portfolio
    case portfolioEditor
    case portfolioDelete
    case profileEdit
    case passwordChange
    /// The people the signed-in person blocked.
    case blocked
    /// The person's own MQTT clients.
    case mqttAccounts
    /// Reporting something, and the reporter's own reports.
    case report
    case reports
    /// The operators' desk and its audit log.
    case moderation
    case moderationLog
    /// A step of a shoot (request, offer, decline, accept, cancel), the person's bookings,
    /// and a photographer's busy days.
    case shoot
    case bookings
    /// A client's demands, one demand with its offers, and a demand's form (`pages/shoot`).
    case demands
    case demand
    case demandForm
    /// One booking with its payments; a photographer's bank details.
    case booking
    case payee
    /// One invoice, to read and print.
    case invoice
    /// A photographer's terms: editing them, and one version as agreed.
    case termsEdit
    case terms
    case availability
    /// A portfolio's share links, for its author; a link's password, for its holder.
    case shareLinks
    case sharePassword
    /// Proofing galleries: a person's list, and one gallery for its photographer or client.
    case galleries
    case gallery
    /// Every kind of precise slider, side by side.
    case sliders
    /// The bottom sheet, the content states and the segmented control, each with its options.
    case components
    /// One conversation, under the Messages tab.
    case room
    /// Editing or deleting one's own message without a script.
    case messageEdit
    /// For operators: the live path and the LAN address.
    case status
    /// Mail: asking for a reset link, setting a new password with it, what a confirmation
    /// link did, the person's notification settings, a notice's unsubscribe link.
    case forgotPassword
    case passwordReset
    case emailConfirmation
    case notifications
    case unsubscribe
    /// For operators: the mails queued and sent, and one mail as written.
    case mailOutbox
    case mailMessage
    /// What the service worker shows when the network is gone (with the conversation list
    /// saved in this browser); the same for everybody, so it may be kept.
    case offline

    /// The template under `Templates/`.
    var template: String {
        switch self {
        case .ownProfile: "pages/person"
        case .portfolioEditor: "pages/portfolio-editor"
        case .portfolioDelete: "pages/portfolio-delete"
        case .profileEdit: "pages/profile-edit"
        case .passwordChange: "pages/password-change"
        case .moderationLog: "pages/moderation-log"
        case .room: "pages/room"
        case .messageEdit: "pages/message-edit"
        case .mqttAccounts: "pages/mqtt-accounts"
        case .shareLinks: "pages/share-links"
        case .sharePassword: "pages/share-password"
        case .forgotPassword: "pages/forgot-password"
        case .passwordReset: "pages/password-reset"
        case .emailConfirmation: "pages/email-confirmation"
        case .mailOutbox: "pages/mail-outbox"
        case .mailMessage: "pages/mail-message"
        case .termsEdit: "pages/terms-edit"
        case .demandForm: "pages/shoot"
        default: "pages/\(rawValue)"
        }
    }

    /// The tab the page belongs to, for the navigation's current marker; none for pages
    /// outside the tabs (another person's profile, errors).
    var tab: Page? {
        switch self {
        case .forgotPassword, .passwordReset, .notifications: .profile
        case .emailConfirmation, .unsubscribe, .mailOutbox, .mailMessage: nil
        case .register, .login, .ownProfile, .portfolioEditor, .portfolioDelete, .profileEdit, .passwordChange, .blocked, .mqttAccounts, .reports, .bookings, .booking, .payee, .invoice, .termsEdit, .terms, .availability, .shareLinks, .galleries: .profile
        case .report, .moderation, .moderationLog: nil
        case .room, .messageEdit, .shoot: .messages
        case .demands, .demand, .demandForm: .feed
        case .person, .error, .portfolio, .sliders, .components, .status, .sharePassword, .gallery, .offline: nil
        default: self
        }
    }

    /// The string-table key of the page title (error pages title themselves).
    var titleKey: String { "pages.\(rawValue).title" }
}

/// A tab of the app's navigation (bottom bar on phones, top bar on wide screens).
struct NavigationTab: Sendable {
    let page: Page
    let path: String

    /// In the order they appear.
    static let all = [
        NavigationTab(page: .feed, path: "/"),
        NavigationTab(page: .selection, path: "/selection"),
        NavigationTab(page: .search, path: "/search"),
        NavigationTab(page: .messages, path: "/messages"),
        NavigationTab(page: .profile, path: "/profile"),
    ]
}
