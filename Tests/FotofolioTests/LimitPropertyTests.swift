import Foundation
import HostileInput
import PropertyBased
import Testing
@testable import Fotofolio

/// Limits hold in bytes and characters for any text, and numbers read from addresses never
/// trap, whatever is typed.
@Suite struct LimitPropertyTests {
    @Test func aLimitAllowsOnlyWhatFitsInBothCounts() async {
        await propertyCheck(count: 2000, input: HostileText.strings(length: 0...80)) { text in
            let limit = TextLimit(characters: 20, bytes: 48)
            #expect(limit.allows(text) == (text.utf8.count <= 48 && text.count <= 20))
        }
    }

    @Test func aStoredMessageIsWithinItsLimitsAndHasNoControlsButLineBreaksAndTabs() async {
        await propertyCheck(count: 2000, input: HostileText.strings(length: 0...200)) { text in
            guard let stored = try? MessageText.validated(text) else { return }
            #expect(stored.utf8.count <= MessengerService.messageLimit.bytes)
            #expect(stored.count <= MessengerService.messageLimit.characters)
            #expect(!stored.containsControlCharacters(allowing: multilineControls))
            #expect(!stored.unicodeScalars.contains("\r"))
        }
    }

    @Test func aRoomNameIsOneLineWithinItsLimits() async {
        await propertyCheck(count: 2000, input: HostileText.strings(length: 0...120)) { text in
            guard let name = try? MessageText.validatedRoomName(text) else { return }
            #expect(MessageText.roomNameLimit.allows(name) && !name.containsControlCharacters() && !name.isEmpty)
        }
    }

    @Test func aFeedCursorFromAnyTextNeverTrapsAndItsTextReadsBackTheSame() async {
        await propertyCheck(count: 3000, input: HostileText.numbers(), Gen<FeedQuery.Sort>.case) { text, sort in
            guard let cursor = FeedCursor(text, sort: sort) else { return }
            #expect(FeedCursor(cursor.text(for: sort), sort: sort) == cursor)
        }
    }

    @Test func aWholeNumberFromAnyTextIsInRangeOrNothing() async {
        await propertyCheck(count: 3000, input: HostileText.numbers()) { text in
            if let number = RegistrationRules.wholeNumber(text, in: 0...80) { #expect((0...80).contains(number)) }
        }
    }

    @Test func tagsFromAnyTextAreWordsWithinTheirLimit() async {
        await propertyCheck(count: 2000, input: HostileText.strings(length: 0...60)) { text in
            if TagParsing.problem(in: text) == nil {
                #expect(TagParsing.tags(in: text).allSatisfy { TagParsing.tagLimit.allows($0.label) })
            }
        }
    }
}
