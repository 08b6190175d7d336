import Foundation
import Testing
@testable import Fotofolio

/// The form that makes a share link: a note, an optional last day, an optional password.
@Suite struct ShareLinkFormTests {
    let today = CalendarDay(year: 2027, month: 3, day: 10)!

    @Test func anEmptyFormIsALinkWithNoNoteNoLastDayAndNoPassword() throws {
        let draft = try ShareLinkForm().validated(today: today)
        #expect(draft == ShareLinkDraft(label: "", lastDay: nil, password: nil))
    }

    @Test func theNoteIsTrimmedAndThePasswordTakenAsTyped() throws {
        let draft = try ShareLinkForm(label: "  Novákovi \n", lastDay: " 2027-03-10 ", password: " tajné heslo ")
            .validated(today: today)
        #expect(draft == ShareLinkDraft(label: "Novákovi", lastDay: today, password: " tajné heslo "))
    }

    @Test func aNoteOfSixtyCharactersIsFineAndOfSixtyOneTooLong() {
        #expect(shareLinkProblems(ShareLinkForm(label: String(repeating: "ž", count: 60)), today: today) == [:])
        #expect(shareLinkProblems(ShareLinkForm(label: String(repeating: "ž", count: 61)), today: today) == [.label: .tooLong])
    }

    @Test func aShortNoteStackedWithMarksPastTwoHundredFortyBytesIsTooLong() {
        // 40 characters, each a letter under three combining marks: 7 bytes, 280 in all.
        let stacked = String(repeating: "a\u{301}\u{302}\u{303}", count: 40)
        #expect(stacked.count == 40 && stacked.utf8.count == 280)
        #expect(shareLinkProblems(ShareLinkForm(label: stacked), today: today) == [.label: .tooLong])
        // 34 of them (238 bytes) fit.
        #expect(shareLinkProblems(ShareLinkForm(label: String(repeating: "a\u{301}\u{302}\u{303}", count: 34)), today: today) == [:])
    }

    /// By code point, so that the test's report prints no control character itself.
    @Test(arguments: [0x00, 0x07, 0x0A, 0x0D, 0x1B, 0x7F, 0x85, 0x9B] as [UInt32])
    func aNoteWithAControlCharacterInsideIsRefused(codePoint: UInt32) throws {
        let control = String(Character(try #require(Unicode.Scalar(codePoint))))
        #expect(shareLinkProblems(ShareLinkForm(label: "Nová" + control + "kovi"), today: today) == [.label: .invalidText])
    }

    @Test func aNoteWithEmojiJoinersIsFine() throws {
        #expect(try ShareLinkForm(label: "Rodina 👨‍👩‍👧").validated(today: today).label == "Rodina 👨‍👩‍👧")
    }

    @Test func aLastDayFromTodayToTwoYearsAheadIsTaken() throws {
        for day in [today, today.adding(days: 1), today.adding(days: ShareLinkForm.longestDays)] {
            #expect(try ShareLinkForm(lastDay: day.text).validated(today: today).lastDay == day)
        }
    }

    @Test func aLastDayInThePastIsRefused() {
        for day in ["2027-03-09", "2026-03-10", "2000-01-01"] {
            #expect(shareLinkProblems(ShareLinkForm(lastDay: day), today: today) == [.lastDay: .inThePast], "\(day)")
        }
    }

    @Test func aLastDayMoreThan731DaysAheadIsRefused() {
        for day in [today.adding(days: 732), today.adding(days: 5000)] {
            #expect(shareLinkProblems(ShareLinkForm(lastDay: day.text), today: today) == [.lastDay: .tooFar], "\(day)")
        }
    }

    @Test(arguments: ["2027-02-30", "2027-13-01", "1e3", "٢٠٢٧-٠٤-٠١", "２０２７-０４-０１", "2027-4-1", "1.4.2027", "zítra", "2027-04-01T00:00"])
    func anUnreadableLastDayIsRefused(text: String) {
        #expect(shareLinkProblems(ShareLinkForm(lastDay: text), today: today) == [.lastDay: .notADay])
    }

    @Test func aPasswordOfSixCharactersIsFineAndOfFiveTooShort() throws {
        #expect(try ShareLinkForm(password: "šestka").validated(today: today).password == "šestka")
        #expect(shareLinkProblems(ShareLinkForm(password: "pětka"), today: today) == [.password: .tooShort])
    }

    @Test func aPasswordOf128CharactersIsFineAndOfAThousandTooLong() throws {
        let longest = String(repeating: "h", count: ShareLinkForm.passwordLength.upperBound)
        #expect(try ShareLinkForm(password: longest).validated(today: today).password == longest)
        #expect(shareLinkProblems(ShareLinkForm(password: String(repeating: "h", count: 129)), today: today) == [.password: .tooLong])
        #expect(shareLinkProblems(ShareLinkForm(password: String(repeating: "h", count: 1000)), today: today) == [.password: .tooLong])
    }

    @Test func aPasswordOfFewCharactersButSixHundredBytesIsTooLong() {
        // 120 characters, each a letter under two combining marks: 5 bytes, 600 in all.
        let password = String(repeating: "e\u{301}\u{302}", count: 120)
        #expect(password.count == 120 && password.utf8.count == 600)
        #expect(shareLinkProblems(ShareLinkForm(password: password), today: today) == [.password: .tooLong])
    }

    @Test func aPasswordWithAControlCharacterIsRefused() {
        #expect(shareLinkProblems(ShareLinkForm(password: "tajne\u{0}heslo"), today: today) == [.password: .invalidText])
    }

    @Test func everyProblemIsReportedAtOnce() {
        let form = ShareLinkForm(label: String(repeating: "x", count: 61), lastDay: "2027-02-30", password: "12345")
        #expect(shareLinkProblems(form, today: today) == [.label: .tooLong, .lastDay: .notADay, .password: .tooShort])
        let other = ShareLinkForm(label: "a\u{7}", lastDay: "2027-03-09", password: String(repeating: "x", count: 1000))
        #expect(shareLinkProblems(other, today: today) == [.label: .invalidText, .lastDay: .inThePast, .password: .tooLong])
    }
}
