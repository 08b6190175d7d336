import Fotofolio

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

    /// The page: the layout's pieces with the request's values in between. A slot in
    /// `marks` gets its mark as it is instead (a page made to be kept and filled later).
    func fill(_ values: Values, marks: [Slot: String] = [:]) -> String {
        text.fill(extraCapacity: values.main.utf8.count + 256) { slot in
            if let mark = marks[slot] { return mark }
            return switch slot {
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

/// The marks rendered text is cut at: a private-use character and a word drawn at random
/// when the process starts, then the slot's name and another private-use character. Anyone
/// can type a private-use character, but not the word: text with such characters (a
/// portfolio's name) is kept as written, never taken for a mark.
enum CutMarks {
    static let opening = "\u{E000}" + String(UInt64.random(in: .min ... .max), radix: 36)
    static let closing = "\u{E001}"

    static func mark(_ name: String) -> String { opening + name + closing }
}

/// Rendered text cut at the markers of its slots (`CutMarks`), to be filled again and again
/// with other values without rendering the template again.
struct CutText<Slot: RawRepresentable & Sendable>: Sendable where Slot.RawValue == String {
    private let pieces: [String]
    private let slots: [Slot]

    static func marker(_ slot: Slot) -> String { CutMarks.mark(slot.rawValue) }

    /// Cuts `rendered`; `owner` names the template in the error for a marker that cannot be cut.
    /// Marks are found in the UTF-8 bytes, not among characters: text right after a mark may
    /// begin with a combining mark, which would make one character of the mark's end and it.
    init(_ rendered: String, of owner: String) throws {
        var text = rendered
        text.makeContiguousUTF8()
        let opening = Array(CutMarks.opening.utf8), closing = Array(CutMarks.closing.utf8)
        var pieces: [String] = []
        var slots: [Slot] = []
        try text.utf8.withContiguousStorageIfAvailable { buffer in
            let bytes = UnsafeRawBufferPointer(buffer)
            var start = 0
            while let open = ByteSearch.firstIndex(of: opening, in: bytes, from: start) {
                pieces.append(String(decoding: bytes[start..<open], as: UTF8.self))
                let name = open + opening.count
                guard let close = ByteSearch.firstIndex(of: closing, in: bytes, from: name),
                      let slot = Slot(rawValue: String(decoding: bytes[name..<close], as: UTF8.self)) else {
                    let near = String(decoding: bytes[name..<min(bytes.count, name + 40)], as: UTF8.self)
                    throw TemplateError("\(owner) uses a per-request value in a way that cannot be cut (near “\(near)”).")
                }
                slots.append(slot)
                start = close + closing.count
            }
            pieces.append(String(decoding: bytes[start...], as: UTF8.self))
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
