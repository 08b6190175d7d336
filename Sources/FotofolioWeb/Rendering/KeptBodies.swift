import Synchronization

/// A body or fragment a page keeps (`memo:` of `PageRenderer`): made once for the page's
/// key, the language and the template, and kept.
public protocol BodyMemo {
    func text(language: Language, template: String, make: () throws -> String) throws -> String
}

/// Bodies and fragments kept by the language, the template and a page's own typed key,
/// which names everything the page's model is made from. Past `capacity` the table starts
/// again, which bounds its memory.
final class KeptBodies<Key: Hashable & Sendable>: Sendable {
    private struct Entry: Hashable {
        let language: Language
        let template: String
        let key: Key
    }

    /// `key` bound to this table, for `PageRenderer`.
    struct Memo: BodyMemo {
        let bodies: KeptBodies
        let key: Key

        func text(language: Language, template: String, make: () throws -> String) throws -> String {
            try bodies.text(Entry(language: language, template: template, key: key), make: make)
        }
    }

    private let texts = Mutex<[Entry: String]>([:])
    private let capacity: Int

    init(capacity: Int = 2000) {
        self.capacity = capacity
    }

    func memo(_ key: Key) -> Memo { Memo(bodies: self, key: key) }

    private func text(_ entry: Entry, make: () throws -> String) throws -> String {
        if let text = texts.withLock({ $0[entry] }) { return text }
        let text = try make()
        texts.withLock { texts in
            if texts.count >= capacity { texts.removeAll(keepingCapacity: true) }
            texts[entry] = text
        }
        return text
    }
}
