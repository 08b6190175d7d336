/// `mail/html` and `mail/text`: one mail, as both alternatives show it. Every mail has the
/// same parts, so one model serves every kind: a greeting, what happened, what was said
/// (quotes), one button, small print, and why the person gets it.
struct MailView: ViewModel {
    struct Link: ViewModel {
        let label: String
        let url: String
    }

    /// A message or a card, quoted: who, and their words.
    struct Quote: ViewModel {
        let author: String
        let text: String
        let context: String?
    }

    /// A payment asked for: what, how much, by when, the code to scan (a picture sent inline,
    /// `cid:`) and the same details as text.
    struct Payment: ViewModel {
        struct Row: ViewModel {
            let label: String
            let value: String
            /// An account number or a symbol: set in a monospace face.
            let code: Bool
        }

        let title: String
        let image: String?
        let imageLabel: String
        let rows: [Row]
    }

    let lang: String
    let subject: String
    let greeting: String
    let paragraphs: [String]
    let quotes: [Quote]
    let payments: [Payment]
    let action: Link?
    let notes: [String]
    /// Why the person gets this mail.
    let footer: String
    /// Turns this kind of mail off (notices only).
    let unsubscribe: Link?
    let settings: Link?
    let site: Link
}
