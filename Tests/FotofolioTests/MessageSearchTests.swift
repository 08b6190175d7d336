import Foundation
import HostileInput
import PropertyBased
import Testing
@testable import Fotofolio

/// The words a message is found by, and what a search asks for.
@Suite struct MessageSearchRulesTests {
    @Test(arguments: [
        ("Žluťoučký kůň úpěl", ["zlutoucky", "kun", "upel"]),
        ("Praha-Smíchov, 14:30!", ["praha", "smichov", "14", "30"]),
        ("ÅNGSTRÖM Straße", ["angstrom", "straße"]),
        ("İstanbul", ["istanbul"]),
        ("e\u{301}te\u{301}", ["ete"]),
        ("👍🏽 super👨‍👩‍👧 <b>tučně</b>", ["super", "b", "tucne", "b"]),
        ("\u{202E}obráceně\u{200D}spojeno", ["obracene", "spojeno"]),
        ("...!!! ", []),
        ("", []),
        ("Ⅻ ٣ ½", ["ⅻ", "٣", "½"]),
    ])
    func aTextsWordsAreFoldedAndSplitAtAllButLettersAndDigits(text: String, words: [String]) {
        #expect(SearchWords.of(text) == words)
    }

    @Test func aVeryLongWordIsKeptToItsBeginningOnAScalarBoundary() {
        let words = SearchWords.of(String(repeating: "ř", count: 300) + " konec")
        #expect(words.count == 2 && words[1] == "konec")
        #expect(words[0].utf8.count <= SearchWords.maxWordBytes && words[0] == String(repeating: "r", count: 100))
        let wide = SearchWords.of(String(repeating: "漢", count: 60))
        #expect(wide[0].unicodeScalars.count == 33 && wide[0].utf8.count == 99)
    }

    @Test func aSearchTakesItsFirstEightWordsOnceEachFromItsFirst512Bytes() {
        #expect(MessageSearch("Svatba SVATBA svatbá Praha").words == ["svatba", "praha"])
        #expect(MessageSearch("a b c d e f g h i j k").words == ["a", "b", "c", "d", "e", "f", "g", "h"])
        let long = MessageSearch(String(repeating: "-", count: 510) + "abc def")
        #expect(long.words == ["ab"])
        #expect(MessageSearch(String(repeating: "ž", count: 10_000)).words.count == 1)
        #expect(MessageSearch("?! ... ;").isEmpty && MessageSearch("").isEmpty)
    }

    @Test func theQueriesAreQuotedPrefixesThatNoTextTurnsIntoSyntax() {
        let search = MessageSearch("Pra* OR \"NEAR\" -x :y 'z & |w")
        #expect(search.words == ["pra", "or", "near", "x", "y", "z", "w"])
        #expect(search.ftsQuery == #""pra"* "or"* "near"* "x"* "y"* "z"* "w"*"#)
        #expect(MessageSearch("Svatba ŽLUŤOUČKÝ x").ftsQuery(beginningsUpTo: 4) == #""svat"* "zlut"* "x"*"#)
        #expect(search.tsQuery == "'pra':* & 'or':* & 'near':* & 'x':* & 'y':* & 'z':* & 'w':*")
    }

    @Test func everyWordMustBeginAWordOfTheText() {
        let search = MessageSearch("pra svat")
        #expect(search.matches("Svatba v Praze"))
        #expect(!search.matches("Svatba v Brně"))
        #expect(!search.matches("Nesvatba v Praze")) // a word's beginning, not its middle
        #expect(!MessageSearch("!!!").matches("!!!"))
    }

    @Test func theMarksAreTheWordsASearchWordBegins() {
        let text = "Fotíme svatbu v Praze, svatební šaty <b>"
        let marked = MessageSearch("svat praz").marks(in: text).map { String(text.unicodeScalars[$0]) }
        #expect(marked == ["svatbu", "Praze", "svatební"])
        let combining = "cafe\u{301} cafe"
        #expect(MessageSearch("café").marks(in: combining).map { String(combining.unicodeScalars[$0]) } == ["cafe\u{301}", "cafe"])
    }

    @Test func anyTextGivesWordsWithoutSpacesOrMarksOrEmptyOnes() async {
        await propertyCheck(count: 2000, input: HostileText.strings(length: 0...60)) { text in
            let words = SearchWords.of(text)
            #expect(words.allSatisfy { word in
                !word.isEmpty && word.utf8.count <= SearchWords.maxWordBytes && !word.unicodeScalars.contains { $0.properties.isWhitespace }
                    && !word.unicodeScalars.contains { $0.isASCII && !($0.properties.isAlphabetic || ("0"..."9").contains($0)) }
            })
            // The index's text splits back into the same words (the ascii tokenizer's view).
            #expect(SearchWords.indexText(text).unicodeScalars.split(separator: " ").map { String(String.UnicodeScalarView($0)) } == words)
            let search = MessageSearch(text)
            #expect(search.words.count <= MessageSearch.maxWords && Set(search.words).count == search.words.count)
        }
    }
}

/// Searching one's conversations, on both stores: by the beginnings of words, without case
/// or diacritics, only in the rooms one is in now, never what an operator removed.
@Suite struct MessageSearchStoreTests {
    @Test func wordBeginningsFindMessagesNewestFirstWhateverTheirCaseAndDiacritics() throws {
        let world = try TestDatabase()
        let vojta = try world.creator(), jana = try world.client()
        let room = try world.messenger.directRoom(between: jana.id!, and: vojta.id!)
        let first = try world.send("Svatba bude v PRAZE na Vyšehradě", in: room.id, by: jana.id!)
        let second = try world.send("Fotíme svatbu i v Brně", in: room.id, by: vojta.id!)
        try world.send("Děkuji, ozvu se", in: room.id, by: jana.id!)
        #expect(try world.messenger.search("svatb", for: vojta.id!).messages.map(\.id) == [second.id, first.id])
        #expect(try world.messenger.search("praze vysehrad", for: jana.id!).messages.map(\.id) == [first.id])
        #expect(try world.messenger.search("SVATBU brne", for: jana.id!).messages.map(\.id) == [second.id])
        #expect(try world.messenger.search("vatba", for: jana.id!).messages.isEmpty)
        #expect(try world.messenger.search("svatba ostrava", for: jana.id!).messages.isEmpty)
        #expect(try world.messenger.search("?!", for: jana.id!).messages.isEmpty)
    }

    @Test func onlyTheRoomsOneIsInNowAreSearched() throws {
        let world = try TestDatabase()
        let vojta = try world.creator(), jana = try world.client()
        let others = try world.people("eva.s", "petr.n")
        let eva = others[0], petr = others[1]
        let theirs = try world.messenger.directRoom(between: eva, and: petr)
        try world.send("Tajná svatba na Karlštejně", in: theirs.id, by: eva)
        let group = try world.messenger.createGroup(named: "Focení", by: vojta.id!, members: [jana.id!])
        try world.send("Svatba v sobotu", in: group.id, by: vojta.id!)
        #expect(try world.messenger.search("svatba", for: jana.id!).messages.map(\.content) == ["Svatba v sobotu"])
        #expect(try world.messenger.search("karlstejn", for: jana.id!).messages.isEmpty)
        try world.messenger.removeMember(jana.id!, from: group.id, by: jana.id!)
        #expect(try world.messenger.search("svatba", for: jana.id!).messages.isEmpty)
        #expect(try world.messenger.search("svatba", for: eva).messages.map(\.content) == ["Tajná svatba na Karlštejně"])
    }

    /// The store walks the hits newest first until it has a page of one's own: hits in
    /// rooms one is not in, however many and however new, neither fill it nor hide older ones.
    @Test func onesOwnHitsAreFoundBehindManyNewerHitsInOtherRooms() throws {
        let world = try TestDatabase()
        let vojta = try world.creator(), jana = try world.client()
        let others = try world.people("eva.s", "petr.n")
        let ours = try world.messenger.directRoom(between: jana.id!, and: vojta.id!)
        let theirs = try world.messenger.directRoom(between: others[0], and: others[1])
        let first = try world.send("Svatba v sobotu", in: ours.id, by: jana.id!)
        let second = try world.send("Svatební kytice", in: ours.id, by: vojta.id!)
        let deleted = try world.send("Svatba se ruší", in: ours.id, by: vojta.id!)
        _ = try world.messenger.delete(deleted.id, in: ours.id, by: vojta.id!)
        for index in 0..<(MessageSearch.limit * 4) {
            try world.send("Svatba číslo \(index)", in: theirs.id, by: others[index % 2])
        }
        #expect(try world.messenger.search("svat", for: vojta.id!).messages.map(\.id) == [second.id, first.id])
        #expect(try world.messenger.search("svat", for: others[0]).messages.count == MessageSearch.limit)
    }

    @Test func aMessageAnOperatorRemovedIsNotFound() throws {
        let world = try TestDatabase()
        let vojta = try world.creator(), jana = try world.client(), op = try world.operatorAccount()
        let room = try world.messenger.directRoom(between: jana.id!, and: vojta.id!)
        let spam = try world.send("Kupte levné hodinky", in: room.id, by: jana.id!)
        #expect(try world.messenger.search("hodinky", for: vojta.id!).messages.map(\.id) == [spam.id])
        try world.moderation.apply(.removeMessage(spam.id), reason: "Spam", by: op.id!)
        #expect(try world.messenger.search("hodinky", for: vojta.id!).messages.isEmpty)
    }

    @Test func anEditedMessageIsFoundByItsNewWordsAndADeletedOneNotAtAll() throws {
        let world = try TestDatabase()
        let vojta = try world.creator(), jana = try world.client()
        let room = try world.messenger.directRoom(between: jana.id!, and: vojta.id!)
        let message = try world.send("Sejdeme se v Brně", in: room.id, by: jana.id!)
        try world.messenger.edit(message.id, in: room.id, to: "Sejdeme se v Olomouci", by: jana.id!)
        #expect(try world.messenger.search("brne", for: vojta.id!).messages.isEmpty)
        #expect(try world.messenger.search("olomouc sejdem", for: vojta.id!).messages.map(\.id) == [message.id])
        try world.messenger.delete(message.id, in: room.id, by: jana.id!)
        #expect(try world.messenger.search("olomouc", for: vojta.id!).messages.isEmpty)
        #expect(try world.messenger.search("sejdeme", for: jana.id!).messages.isEmpty)
    }

    /// Whatever is written and whatever is typed, the store finds exactly the messages whose
    /// words the search's words begin, as the rule says in Swift.
    @Test func theStoreFindsExactlyWhatTheRuleSays() async throws {
        let world = try TestDatabase()
        let vojta = try world.creator(), jana = try world.client()
        let room = try world.messenger.directRoom(between: jana.id!, and: vojta.id!)
        var sent: [ChatMessage] = []
        var generator = SystemRandomNumberGenerator()
        for index in 0..<80 {
            var text = "zpráva \(index) "
            for _ in 0..<Int.random(in: 1...8, using: &generator) {
                text += index % 2 == 0 ? HostileText.pieces.randomElement(using: &generator)!
                    : ["Praha", "praze", "ŘEŘICHA", "řeka", "café", "cafe\u{301}", "ß", "Straße", "🎉", "漢字", "a1b2", "𱍑a", "ﬁ"]
                        .randomElement(using: &generator)!
                text += [" ", "-", "", ",", "\u{A0}"].randomElement(using: &generator)!
            }
            if let message = try? world.send(text, in: room.id, by: jana.id!) { sent.append(message) }
        }
        #expect(sent.count > 40)
        let words = sent.flatMap { SearchWords.of($0.content) }
        await propertyCheck(count: 300, input: Gen<Int>.int(in: 0...10_000), HostileText.strings(length: 0...3)) { pick, noise in
            // Half the time the beginning of a word that is there, so there is something to find.
            let word = words[pick % words.count]
            let query = pick % 2 == 0 ? String(word.prefix(1 + pick % max(1, word.count))) + " " + noise : noise
            let search = MessageSearch(query)
            let expected = sent.filter { search.matches($0.content) }.map(\.id).reversed().prefix(MessageSearch.limit)
            let found = try world.messenger.search(query, for: vojta.id!).messages.map(\.id)
            #expect(found == Array(expected), "\(query.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }
}
