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

    let lang: String
    let subject: String
    let greeting: String
    let paragraphs: [String]
    let quotes: [Quote]
    let action: Link?
    let notes: [String]
    /// Why the person gets this mail.
    let footer: String
    /// Turns this kind of mail off (notices only).
    let unsubscribe: Link?
    let settings: Link?
    let site: Link
}
