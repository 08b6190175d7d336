import Foundation
import HostileInput
import PropertyBased
import Testing
@testable import Mail

@Suite struct MailAddressTests {
    @Test(arguments: ["noreply@example.cz", "jan.novak+fotky@mail.example.cz", "a@localhost", "o'brien@example.ie", "x@xn--rhqv96g.example"])
    func ordinaryAddressesAreAccepted(_ address: String) {
        #expect(MailAddress(address: address)?.address == address)
    }

    @Test(arguments: ["", "@", "a@", "@b.cz", "a@@b.cz", "a@b@c.cz", "a b@c.cz", "a@b .cz", "<a@b.cz>", "a@b.cz>", "a,b@c.cz",
                      "a;b@c.cz", "\"a\"@b.cz", "a@b.cz\r\nBcc: victim@x.cz", "a@b.cz\n", "a\u{0}@b.cz", "jan@příklad.cz", "jàn@b.cz",
                      ".a@b.cz", "a.@b.cz", "a..b@c.cz", "a@-b.cz", "a@b-.cz", "a@b..cz", "a@b_c.cz", "a@[127.0.0.1]",
                      String(repeating: "a", count: 65) + "@b.cz", "a@" + String(repeating: "b", count: 64) + ".cz",
                      String(repeating: "a", count: 60) + "@" + Array(repeating: String(repeating: "b", count: 60), count: 4).joined(separator: ".")])
    func hostileAddressesAreRefused(_ address: String) {
        #expect(MailAddress(address: address) == nil)
        #expect(MailAddress(parsing: "Name <\(address)>") == nil)
    }

    @Test func parsingReadsTheUsualForms() {
        #expect(MailAddress(parsing: "Fotofolio <noreply@example.cz>") == MailAddress(name: "Fotofolio", address: "noreply@example.cz"))
        #expect(MailAddress(parsing: "\"Doe, J\" <j@x.cz>") == MailAddress(name: "Doe, J", address: "j@x.cz"))
        #expect(MailAddress(parsing: "\"Say \\\"hi\\\"\" <j@x.cz>")?.name == "Say \"hi\"")
        #expect(MailAddress(parsing: "  noreply@example.cz ") == MailAddress(address: "noreply@example.cz"))
        #expect(MailAddress(parsing: "<noreply@example.cz>") == MailAddress(address: "noreply@example.cz"))
        #expect(MailAddress(parsing: "Žluťoučký kůň <kun@example.cz>")?.name == "Žluťoučký kůň")
    }

    @Test(arguments: ["a@b.cz, c@d.cz", "Name <a@b.cz> <c@d.cz>", "\"unclosed <a@b.cz>", "\"Doe\" J <a@b.cz>", "Na\"me <a@b.cz>",
                      "Name a@b.cz", "Name <a@b.cz", "Name <>"])
    func parsingRefusesWhatIsNotOneAddress(_ text: String) {
        #expect(MailAddress(parsing: text) == nil)
    }

    @Test func namesLoseControlsAndLineBreaks() {
        #expect(MailAddress(name: " Jan\r\nBcc: victim@x.cz\u{0}\u{1B} ", address: "a@b.cz")?.name == "Jan Bcc: victim@x.cz")
        #expect(MailAddress(name: "\r\n\t", address: "a@b.cz")?.name == nil)
        #expect(MailAddress(name: "", address: "a@b.cz")?.name == nil)
        #expect(MailAddress(name: "Jana \t  Nováková", address: "a@b.cz")?.name == "Jana Nováková")
    }

    /// Readers trim a display name of every Unicode space and take a run of them as one space
    /// (Python's email package reads `< \u{A0}<` as `< <`), so the name is written that way.
    @Test func unicodeSpacesInNamesAreSpacesToo() {
        #expect(MailAddress(name: "<\t\u{A0}", address: "a@b.cz")?.name == "<")
        #expect(MailAddress(name: "\u{3000}\u{2007}Jana\u{A0}Nováková\u{202F}\u{205F}", address: "a@b.cz")?.name == "Jana Nováková")
        #expect(MailAddress(name: "\u{A0}\u{2028}", address: "a@b.cz")?.name == nil)
        #expect(MailAddress(name: "<\t\u{A0}<", address: "a@b.cz")?.name == "< <")
    }

    @Test func anyTextIsAnAcceptableAddressOrRefused() async {
        await propertyCheck(count: 3000, input: HostileText.strings(length: 0...30)) { text in
            for candidate in [text, text + "@example.cz", "a@" + text, "Name <\(text)@example.cz>"] {
                guard let parsed = MailAddress(parsing: candidate) else { continue }
                let bytes = Array(parsed.address.utf8)
                #expect(bytes.count <= 254 && bytes.allSatisfy { (0x21...0x7E).contains($0) && !Array("<>,;\"".utf8).contains($0) })
                #expect(bytes.filter { $0 == UInt8(ascii: "@") }.count == 1)
                if !parsed.header.contains("=?") {
                    #expect(MailAddress(parsing: parsed.header) == parsed, "\(parsed.header.debugDescription) reads back")
                }
            }
        }
    }

    @Test func decodingChecksTheAddress() throws {
        let encoded = try JSONEncoder().encode(MailAddress(name: "Jana", address: "jana@example.cz"))
        #expect(try JSONDecoder().decode(MailAddress.self, from: encoded) == MailAddress(name: "Jana", address: "jana@example.cz"))
        let hostile = Data(#"{"name":"x","address":"a@b.cz\r\nBcc: v@x.cz"}"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(MailAddress.self, from: hostile) }
    }
}
