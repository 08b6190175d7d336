/// The layout of one language and current tab, rendered once and cut at the values that
/// change from request to request, so serving a page renders only the page's own template.
///
/// The layout is rendered with a marker in place of each per-request value; the text between
/// markers is kept as it is. Per request, the pieces are joined around the values: text
/// values HTML-escaped exactly as Mustache would, the page body as already-rendered HTML.
struct ShellTemplate: Sendable {
    /// The values the layout takes per request.
    enum Slot: String, CaseIterable, Sendable {
        case title
        case main
        case returnTo
        case csrf
        case username
        case head
        case unreadBadge
        case liveAfter

        var marker: String { CutText<Slot>.marker(self) }
    }

    private let text: CutText<Slot>

    /// Cuts `rendered` (a layout rendered with `Slot.marker`s as values) at the markers.
    init(rendered: String) throws {
        text = try CutText(rendered, of: "The layout")
    }

    /// The per-request values, text unless said otherwise.
    struct Values {
        var title: String
        /// Already-rendered HTML.
        var main: String
        var returnTo: String
        var csrf = ""
        var username = ""
        /// Already-rendered HTML for `<head>` (social cards, canonical link).
        var head = ""
        /// Already-rendered HTML: the unread count on the Messages tab.
        var unreadBadge = ""
        /// The live log's sequence the page's live stream starts after.
        var liveAfter: Int64 = 0
    }

    /// The page: the layout's pieces with the request's values in between.
    func fill(_ values: Values) -> String {
        text.fill(extraCapacity: values.main.utf8.count + 256) { slot in
            switch slot {
            case .title: HTMLText.escape(values.title)
            case .main: values.main
            case .returnTo: HTMLText.escape(values.returnTo)
            case .csrf: HTMLText.escape(values.csrf)
            case .username: HTMLText.escape(values.username)
            case .head: values.head
            case .unreadBadge: values.unreadBadge
            case .liveAfter: String(values.liveAfter)
            }
        }
    }
}

/// Rendered text cut at the markers of its slots ("\u{E000}name\u{E001}", private-use
/// characters that Mustache leaves alone and no string table uses), to be filled again and
/// again with other values without rendering the template again.
struct CutText<Slot: RawRepresentable & Sendable>: Sendable where Slot.RawValue == String {
    private let pieces: [String]
    private let slots: [Slot]

    static func marker(_ slot: Slot) -> String { "\u{E000}\(slot.rawValue)\u{E001}" }

    /// Cuts `rendered`; `owner` names the template in the error for a marker that cannot be cut.
    init(_ rendered: String, of owner: String) throws {
        var pieces: [String] = []
        var slots: [Slot] = []
        var parts = rendered.split(separator: "\u{E000}", omittingEmptySubsequences: false)[...]
        pieces.append(String(parts.removeFirst()))
        for part in parts {
            let nameAndRest = part.split(separator: "\u{E001}", maxSplits: 1, omittingEmptySubsequences: false)
            guard nameAndRest.count == 2, let slot = Slot(rawValue: String(nameAndRest[0])) else {
                throw TemplateError("\(owner) uses a per-request value in a way that cannot be cut (near “\(part.prefix(40))”).")
            }
            slots.append(slot)
            pieces.append(String(nameAndRest[1]))
        }
        self.pieces = pieces
        self.slots = slots
    }

    /// The pieces joined around `value(slot)`, which must already be escaped as needed.
    func fill(extraCapacity: Int = 256, _ value: (Slot) -> String) -> String {
        var text = ""
        text.reserveCapacity(pieces.reduce(extraCapacity) { $0 + $1.utf8.count })
        for (index, piece) in pieces.enumerated() {
            text += piece
            if index < slots.count { text += value(slots[index]) }
        }
        return text
    }
}
