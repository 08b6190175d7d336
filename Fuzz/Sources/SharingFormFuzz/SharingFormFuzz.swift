// The forms of the private side: a share link's (`ShareLinkForm`: note, last day, password)
// and a proofing gallery's (`GalleryForm`: title, client, limit of picks, note), on what
// anyone may type into them. The input's lines are the fields, the share link's first.
//
// Oracles: nothing traps; an accepted share link lasts from today to at most two years,
// with a note and a password within their limits (in characters and bytes) and without
// control characters; an accepted gallery has a title, a limit in its range and texts
// within their limits.
#if !FUZZ_CORPUS_REPLAY
import FuzzSupport
#endif
import Foundation
@testable import Fotofolio

#if !FUZZ_CORPUS_REPLAY
@main
enum SharingFormFuzzMain {
    static func main() { runFuzzer(fuzzSharingFormEntry) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSharingFormEntry(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt { fuzzSharingForm(data, size) }
#endif

/// A fixed "today", so a replay finds what the campaign found.
private let fuzzToday = CalendarDay(year: 2026, month: 11, day: 28)!

/// The target: also replayed on its corpus by `swift test` (FuzzCorpusTests).
public func fuzzSharingForm(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = fuzzText(fuzzBytes(data, size))
    let fields = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    func field(_ index: Int) -> String { index < fields.count ? fields[index] : "" }

    let link = ShareLinkForm(label: field(0), lastDay: field(1), password: field(2))
    if let draft = try? link.validated(today: fuzzToday) {
        require(ShareLinkForm.labelLimit.allows(draft.label) && !draft.label.containsControlCharacters(), "a note past its limit")
        if let day = draft.lastDay {
            require(day >= fuzzToday && fuzzToday.days(to: day) <= ShareLinkForm.longestDays, "the last day \(day) is out of range")
            require(day.adding(days: 1).start > fuzzToday.start, "a link that ends before it starts")
        }
        if let password = draft.password {
            require(ShareLinkForm.passwordLength.contains(password.count) && password.utf8.count <= ShareLinkForm.passwordBytes,
                    "a password of \(password.utf8.count) bytes")
            require(!password.containsControlCharacters(), "a control character in a password")
        }
    }

    let gallery = GalleryForm(title: field(3), client: field(4), pickLimit: field(5), message: field(6))
    if let draft = try? gallery.validated() {
        require(!draft.title.isEmpty && GalleryForm.titleLimit.allows(draft.title), "a title past its limit")
        require(GalleryForm.messageLimit.allows(draft.message), "a note past its limit")
        require(draft.pickLimit.map(GalleryForm.pickLimits.contains) ?? true, "a limit of \(draft.pickLimit ?? 0)")
        require(draft.client.utf8.count <= 64 && !draft.client.containsControlCharacters(), "a client name out of bounds")
    }
    _ = try? Galleries.validComment(field(7))
    return 0
}
