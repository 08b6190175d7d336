// `{{value}}` in a template loaded the way the site loads its own (`TemplateLibrary`, which
// gives every template the HTML content type): `<a title="{{v}}">{{v}}</a>`, rendered with
// the input (decoded as UTF-8) as `v`, between tags and in a quoted attribute.
//
// The site's Templates folder (found next to this package, or at $FOTOFOLIO_TEMPLATES) is
// copied once per process to a scratch directory with the probe template added, so the
// library checks the real templates and string tables as it does at start-up.
//
// Oracle: the output is exactly `<a title="E">E</a>` where E satisfies the escaper's oracle
// (no `<`, `>`, `"`, `'` byte, every `&` starting a known reference, decoding back to the
// input).
import Foundation
#if !FUZZ_CORPUS_REPLAY
import FuzzSupport
#endif
@testable import FotofolioWeb

private let probeName = "fuzz-probe"
private let prefix = "<a title=\""
private let middle = "\">"
private let suffix = "</a>"

private let library: TemplateLibrary = {
    let source = ProcessInfo.processInfo.environment["FOTOFOLIO_TEMPLATES"]
        ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent()   // TemplateEscapeFuzz
            .deletingLastPathComponent()                                   // Sources
            .deletingLastPathComponent()                                   // Fuzz
            .deletingLastPathComponent()                                   // the repository
            .appendingPathComponent("Templates").path
    let copy = FuzzScratch.directory + "/templates"
    do {
        try FileManager.default.copyItem(atPath: source, toPath: copy)
        try Data((prefix + "{{v}}" + middle + "{{v}}" + suffix).utf8)
            .write(to: URL(fileURLWithPath: copy + "/\(probeName).mustache"))
        return try TemplateLibrary(directory: copy)
    } catch {
        printError("cannot load the templates from \(source): \(error)")
        exit(2)
    }
}()

#if !FUZZ_CORPUS_REPLAY
@main
enum TemplateEscapeFuzzMain {
    static func main() { runFuzzer(fuzzTemplateEscapeEntry) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTemplateEscapeEntry(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt { fuzzTemplateEscape(data, size) }
#endif

/// The target: also replayed on its corpus by `swift test` (FuzzCorpusTests).
public func fuzzTemplateEscape(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = fuzzText(fuzzBytes(data, size))
    guard let rendered = library.mustache.render(["v": text], withTemplate: probeName) else {
        require(false, "the probe template did not render")
        return 0
    }
    let context = "input:  \(visible(text))\noutput: \(visible(rendered))"
    // Bytes throughout: a value starting with a combining mark or a joiner forms one
    // grapheme cluster with the quote before it, so `String.hasPrefix` would not see the tag.
    var output = Array(rendered.utf8)
    // The template's own text ends with a newline or not, as it was written: ignore it.
    if output.last == UInt8(ascii: "\n") { output.removeLast() }
    guard output.starts(with: prefix.utf8), output.reversed().starts(with: suffix.utf8.reversed()) else {
        require(false, "the markup around the value changed\n\(context)")
        return 0
    }
    let inner = output.dropFirst(prefix.utf8.count).dropLast(suffix.utf8.count)
    let parts = Array(inner).split(separator: UInt8(ascii: ">"), omittingEmptySubsequences: false)
    // Exactly one ">" (the tag's own): any other is a raw ">" from the value.
    guard parts.count == 2, parts[0].last == UInt8(ascii: "\"") else {
        require(false, "the value broke the tag\n\(context)")
        return 0
    }
    require(parts[0].dropLast().elementsEqual(parts[1]), "the attribute and the body escape differently\n\(context)")
    let attribute = String(decoding: parts[0].dropLast(), as: UTF8.self)
    if let problem = htmlEscapingProblem(original: text, escaped: attribute) {
        require(false, "\(problem)\n\(context)")
    }
    return 0
}
