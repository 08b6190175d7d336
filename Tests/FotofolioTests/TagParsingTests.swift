import Testing
@testable import Fotofolio

@Suite struct TagParsingTests {
    @Test func spacesAndCommasSeparateTags() {
        #expect(TagParsing.tags(in: "svatba portrét, Praha").map(\.label) == ["svatba", "portrét", "Praha"])
    }

    @Test func tagsAreShownAsTypedAndComparedWithoutCaseOrDiacritics() {
        let tag = Tag("Portrét")
        #expect(tag.label == "Portrét")
        #expect(tag.folded == "portret")
        #expect(Tag("ŽLUŤOUČKÝ").folded == Tag("zlutoucky").folded)
    }

    @Test func repeatsAreKeptOnceWhateverTheirCaseOrAccents() {
        #expect(TagParsing.tags(in: "portrét Portret PORTRÉT svatba").map(\.label) == ["portrét", "svatba"])
    }

    /// Found by the tag fuzzer: a label that starts with a combining mark or a joiner (left
    /// after "!" is trimmed) joins the tag before it when the tags are written out again.
    @Test(arguments: ["a !\u{301}b", "a\u{200D} b", "a ,\u{301}b", "a \u{301}b", "a #\u{20DD}b"])
    func aTagNeverStartsWithAMarkAndReadsBackAsWritten(text: String) {
        let tags = TagParsing.tags(in: text)
        #expect(tags.map(\.label).last == "b")
        #expect(TagParsing.tags(in: tags.map(\.label).joined(separator: " ")) == tags)
        #expect(TagParsing.tags(in: tags.map(\.label).joined(separator: ",")) == tags)
    }

    @Test func hashesAndPunctuationAtTheEndsAreDropped() {
        #expect(TagParsing.tags(in: "#svatba, Praha. ,, ;").map(\.label) == ["svatba", "Praha"])
    }

    @Test func fiveTagsAreAllowedAndASixthIsAProblem() {
        #expect(TagParsing.problem(with: TagParsing.tags(in: "a1 b2 c3 d4 e5")) == nil)
        #expect(TagParsing.problem(with: TagParsing.tags(in: "a1 b2 c3 d4 e5 f6")) == .tooManyTags)
    }

    @Test func tagsAreSingleWordsOfLettersDigitsAndDashes() {
        #expect(TagParsing.problem(with: TagParsing.tags(in: "e-shop 35mm")) == nil)
        #expect(TagParsing.problem(with: TagParsing.tags(in: "a<b>")) == .tagCharacters)
        #expect(TagParsing.problem(with: [Tag(String(repeating: "x", count: 31))]) == .tagTooLong)
    }
}
