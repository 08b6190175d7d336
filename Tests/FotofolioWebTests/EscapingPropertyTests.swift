import HostileInput
import PropertyBased
import Testing
@testable import FotofolioWeb

/// Whatever the text, escaped it carries no markup and reads back as itself.
@Suite struct EscapingPropertyTests {
    /// On bytes: "&lt;" followed by a combining mark is not a "&lt;" to `String`'s own search.
    static func unescape(_ html: String) -> String {
        let entities: [([UInt8], UInt8)] = [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&amp;", "&")]
            .map { (Array($0.0.utf8), $0.1.utf8.first!) }
        let bytes = Array(html.utf8)
        var result: [UInt8] = []
        var index = 0
        next: while index < bytes.count {
            for (entity, byte) in entities where bytes[index...].starts(with: entity) {
                result.append(byte)
                index += entity.count
                continue next
            }
            result.append(bytes[index])
            index += 1
        }
        return String(decoding: result, as: UTF8.self)
    }

    @Test func escapedTextHasNoMarkupBytesAndReadsBackAsItself() async {
        await propertyCheck(count: 2000, input: HostileText.strings()) { text in
            let escaped = HTMLText.escape(text)
            #expect(!escaped.utf8.contains { [0x3C, 0x3E, 0x22, 0x27].contains($0) })
            #expect(Self.unescape(escaped) == text)
        }
    }

    @Test func aChatMessageOnlyEverHasTheMarkupItIsMeantToHave() async {
        let allowed = [#"<a href=""#, "</a>", "<br>", #"<span class="mention">"#, "</span>"].map { Array($0.utf8) }
        await propertyCheck(count: 2000, input: HostileText.strings()) { text in
            let html = MessageHTML.html(text, mentioning: ["jana.k", "vojtafoti"])
            let bytes = Array(html.utf8)
            for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "<") {
                #expect(allowed.contains { bytes[index...].starts(with: $0) }, "unexpected markup in \(html.debugDescription)")
            }
            // Inside a link's href, the quote that ends it is the only raw one.
            #expect(!html.utf8.contains(0x27))
        }
    }
}
