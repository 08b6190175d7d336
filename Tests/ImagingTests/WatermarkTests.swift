import Foundation
import Testing
@testable import Imaging

@Suite struct WatermarkTests {
    /// A photo with flat dark, light and coloured areas: the mark must show on each.
    private static func photo(_ fixtures: Fixtures, width: Int, height: Int) throws -> String {
        try fixtures.picture("photo.jpg", width: width, height: height) { x, y in
            switch (x * 3 / width, y * 2 / height) {
            case (0, 0): RGB(red: 245, green: 245, blue: 240)
            case (1, 0): RGB(red: 15, green: 15, blue: 20)
            case (2, 0): .red
            case (0, _): .blue
            case (1, _): .grey
            default: .yellow
            }
        }
    }

    @Test func everyVariantIsMarkedAcrossTheWholeFrame() throws {
        let fixtures = try Fixtures()
        let photo = try Self.photo(fixtures, width: 3000, height: 2000)
        let plain = try VariantMaker.makeVariants(fromFileAt: photo, into: fixtures.outputDirectory("plain"))
        let marked = try VariantMaker.makeVariants(
            fromFileAt: photo, into: fixtures.outputDirectory("marked"),
            watermark: Watermark(text: "© Jana Nováková"))
        #expect(marked.framing == plain.framing)
        #expect(marked.placeholderColor == plain.placeholderColor)
        #expect(Set(marked.variants.map(\.fileName)).isDisjoint(with: plain.variants.map(\.fileName)))
        for (before, after) in zip(plain.variants, marked.variants) {
            #expect((before.kind, before.format) == (after.kind, after.format))
            #expect((before.width, before.height) == (after.width, after.height))
            let original = try DecodedImage(fixtures.path("plain/\(before.fileName)"))
            let watermarked = try DecodedImage(fixtures.path("marked/\(after.fileName)"))
            let differences = watermarked.tileDifferences(from: original)
            // Lossy encoding alone moves flat areas by well under one level on average.
            let markedTiles = differences.filter { $0 > 2 }.count
            #expect(markedTiles >= 14, "\(after.kind) \(after.format): \(differences.map { Int($0 * 10) })")
        }
    }

    @Test func withoutAWatermarkNothingChanges() throws {
        let fixtures = try Fixtures()
        let photo = try Self.photo(fixtures, width: 1200, height: 800)
        let before = try VariantMaker.makeVariants(fromFileAt: photo, into: fixtures.outputDirectory("a"))
        let none = try VariantMaker.makeVariants(fromFileAt: photo, into: fixtures.outputDirectory("b"), watermark: nil)
        let empty = try VariantMaker.makeVariants(
            fromFileAt: photo, into: fixtures.outputDirectory("c"), watermark: Watermark(text: " \n\t "))
        let invisible = try VariantMaker.makeVariants(
            fromFileAt: photo, into: fixtures.outputDirectory("d"), watermark: Watermark(text: "\u{200B}\u{0}"))
        #expect(none == before)
        #expect(empty == before)
        #expect(invisible == before)
    }

    @Test(arguments: [
        "<b>&", "a < b && c > d", "</span><span foreground=\"red\">", "&amp; &#169; &bogus;",
        "Příliš žluťoučký kůň úpěl ďábelské ódy © 2024 — 写真 📷",
        String(repeating: "Fotografie © Jana Nováková ", count: 8).prefix(200).description,
        String(repeating: "x", count: 200), "tab\there\u{0}nul\u{7}bell\nnewline",
    ])
    func anyTextIsDrawn(text: String) throws {
        let fixtures = try Fixtures()
        let photo = try fixtures.quadrants("photo.jpg", width: 1200, height: 800)
        let plain = try VariantMaker.makeVariants(fromFileAt: photo, into: fixtures.outputDirectory("plain"))
        let marked = try VariantMaker.makeVariants(
            fromFileAt: photo, into: fixtures.outputDirectory("marked"), watermark: Watermark(text: text))
        let original = try DecodedImage(fixtures.path("plain/\(plain.variant(.full, .jpeg)!.fileName)"))
        let watermarked = try DecodedImage(fixtures.path("marked/\(marked.variant(.full, .jpeg)!.fileName)"))
        #expect(watermarked.tileDifferences(from: original).filter { $0 > 2 }.count >= 12)
    }

    /// Markup characters are letters like any other: "<b>&" draws four glyphs (wider than
    /// "b&"), where markup would have drawn a bold "&" or failed on the bare ampersand.
    @Test func markupIsDrawnLiterally() throws {
        #expect(Watermark.markup("<b>&'\"") == "&lt;b&gt;&amp;&apos;&quot;")
        try Vips.ensureStarted()
        func inkWidth(_ text: String) throws -> Int {
            try WatermarkPainter.letters(text, fontPixels: 40, wrapWidth: 4000).width
        }
        let (literal, bold, ampersand) = (try inkWidth("<b>&"), try inkWidth("b&"), try inkWidth("&"))
        #expect(literal > bold + 20)
        #expect(bold > ampersand + 15)
    }

    @Test func aLongTextWrapsInsideTheFrame() throws {
        try Vips.ensureStarted()
        let text = String(repeating: "Fotografie © Jana Nováková ", count: 8).prefix(200).description
        let letters = try WatermarkPainter.letters(text, fontPixels: 20, wrapWidth: 400)
        #expect(letters.width <= 400)
        #expect(letters.height > 3 * 20)
    }

    @Test func onlyTheFirstCharactersAreDrawn() {
        let long = String(repeating: "é", count: 1_000)
        #expect(Watermark(text: long).drawnText.count == Watermark.maximumCharacters)
        #expect(Watermark(text: " a\u{0}b\u{1B}[31m\nc ").drawnText == "ab[31m c")
    }

    @Test func aSmallPhotoIsMarkedToo() throws {
        let fixtures = try Fixtures()
        let photo = try Self.photo(fixtures, width: 300, height: 200)
        let plain = try VariantMaker.makeVariants(fromFileAt: photo, into: fixtures.outputDirectory("plain"))
        let marked = try VariantMaker.makeVariants(
            fromFileAt: photo, into: fixtures.outputDirectory("marked"), watermark: Watermark(text: "© Jana Nováková"))
        let sizes = VariantKind.allCases.map { kind in marked.variant(kind, .jpeg).map { [$0.width, $0.height] } }
        #expect(sizes == [[200, 200], [200, 200], [200, 200], [300, 200]])
        for (before, after) in zip(plain.variants, marked.variants) {
            let original = try DecodedImage(fixtures.path("plain/\(before.fileName)"))
            let watermarked = try DecodedImage(fixtures.path("marked/\(after.fileName)"))
            // The letters keep a legible size, so fewer repeats fit: most tiles, not all.
            let differences = watermarked.tileDifferences(from: original)
            #expect(differences.filter { $0 > 2 }.count >= 10, "\(after.kind): \(differences.map { Int($0 * 10) })")
        }
    }
}
