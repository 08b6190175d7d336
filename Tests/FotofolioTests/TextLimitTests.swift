import Foundation
import Testing
@testable import Fotofolio

/// Every text a person types is limited in characters and in bytes, and refuses control
/// characters: one character stacked with combining marks can otherwise be a megabyte.
@Suite struct TextLimitTests {
    /// One character (grapheme) of `1 + 2 × marks` bytes.
    static func stacked(_ marks: Int) -> String { "a" + String(repeating: "\u{301}", count: marks) }

    @Test func aLimitCountsCharactersAndBytes() {
        let limit = TextLimit(characters: 3, bytes: 8)
        #expect(limit.allows("abc"))
        #expect(!limit.allows("abcd"))
        #expect(limit.allows("řřř")) // 6 bytes
        #expect(!limit.allows(Self.stacked(4))) // one character, 9 bytes
        #expect(TextLimit(characters: 10).bytes == 40)
    }

    @Test func lineBreaksAreStoredAsNewlinesAndALoneCarriageReturnStays() {
        #expect("a\r\nb\r\n".withUnixLineBreaks == "a\nb\n")
        #expect("a\rb".withUnixLineBreaks == "a\rb")
        #expect("a\r\r\nb\r".withUnixLineBreaks == "a\r\nb\r")
        #expect("a\rb".withUnixLineBreaks.containsControlCharacters(allowing: multilineControls))
    }

    static func registration(fullName: String = "Jana Králová", location: String = "Brno", bio: String = "Svatby.") -> Registration {
        var registration = Registration()
        registration.role = .creator
        registration.username = "jana.k"
        registration.fullName = fullName
        registration.email = "jana@example.cz"
        registration.location = location
        registration.password = "dlouhe-heslo-1"
        registration.passwordConfirmation = "dlouhe-heslo-1"
        registration.bio = bio
        registration.yearsOfExperience = "5"
        return registration
    }

    @Test func aNameOfOneCharacterAndAKilobyteIsTooLong() {
        let problems = RegistrationRules.problems(in: Self.registration(fullName: Self.stacked(500), location: Self.stacked(500)))
        #expect(problems[.fullName] == .fullNameTooLong)
        #expect(problems[.location] == .locationTooLong)
        #expect(RegistrationRules.problems(in: Self.registration(bio: Self.stacked(5000)))[.bio] == .bioTooLong)
    }

    @Test(arguments: ["Jana\u{0}", "Jana\u{1B}[31m", "Ja\nna", "\u{85}Jana"])
    func controlCharactersInANameAreRefused(name: String) {
        #expect(RegistrationRules.problems(in: Self.registration(fullName: name))[.fullName] == .textCharacters)
        #expect(RegistrationRules.problems(in: Self.registration(location: name))[.location] == .textCharacters)
    }

    @Test func aBioKeepsLineBreaksAndTabsButNoOtherControls() {
        #expect(RegistrationRules.problems(in: Self.registration(bio: "Svatby\r\n\tportréty")).isEmpty)
        #expect(RegistrationRules.problems(in: Self.registration(bio: "Svatby\u{7}"))[.bio] == .textCharacters)
    }

    static func draft(name: String = "Svatby", description: String = "", tags: String = "svatba", altText: String = "") -> PortfolioDraft {
        var draft = PortfolioDraft()
        draft.name = name
        draft.description = description
        draft.tags = tags
        draft.photos = [.init(photoId: 1, altText: altText)]
        return draft
    }

    @Test func portfolioTextsAreLimitedInBytes() {
        #expect(PortfolioRules.problems(in: Self.draft(name: Self.stacked(400)))[.name] == .nameTooLong)
        #expect(PortfolioRules.problems(in: Self.draft(description: Self.stacked(5000)))[.description] == .descriptionTooLong)
        #expect(PortfolioRules.problems(in: Self.draft(altText: Self.stacked(1100)))[.photos] == .altTextTooLong)
        #expect(PortfolioRules.problems(in: Self.draft(tags: Self.stacked(100)))[.tags] == .tagTooLong)
        #expect(PortfolioRules.problems(in: Self.draft(tags: String(repeating: "a ", count: 2000)))[.tags] == .tagTooLong)
        #expect(PortfolioRules.problems(in: Self.draft(name: "Svatby ěščř 👍🏽", description: "Řádek\r\nDruhý\tsloupec")).isEmpty)
    }

    @Test func portfolioTextsRefuseControlCharacters() {
        #expect(PortfolioRules.problems(in: Self.draft(name: "Sva\u{0}tby"))[.name] == .textCharacters)
        #expect(PortfolioRules.problems(in: Self.draft(description: "a\u{1B}b"))[.description] == .textCharacters)
        #expect(PortfolioRules.problems(in: Self.draft(altText: "a\nb"))[.photos] == .textCharacters)
    }

    @Test func aRoomNameIsLimitedInBytes() throws {
        #expect(throws: MessengerError.invalidRoomName) { try MessageText.validatedRoomName(Self.stacked(200)) }
        #expect(try MessageText.validatedRoomName("  Svatba Benešovi 💍 ") == "Svatba Benešovi 💍")
    }
}
