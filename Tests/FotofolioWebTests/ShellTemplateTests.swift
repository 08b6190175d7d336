import Testing
@testable import FotofolioWeb

@Suite struct ShellTemplateTests {
    let slots = ShellTemplate.Slot.self

    @Test func valuesAreSplicedWhereTheMarkersWere() throws {
        let shell = try ShellTemplate(rendered: "<title>\(slots.title.marker)</title><main>\(slots.main.marker)</main><input value=\"\(slots.returnTo.marker)\">")
        let html = shell.fill(.init(title: "Feed", main: "<p>body</p>", returnTo: "/search?q=a"))
        #expect(html == "<title>Feed</title><main><p>body</p></main><input value=\"/search?q=a\">")
    }

    @Test func textValuesAreEscapedButTheBodyIsNot() throws {
        let shell = try ShellTemplate(rendered: "\(slots.title.marker)|\(slots.main.marker)|\(slots.returnTo.marker)")
        let html = shell.fill(.init(title: "<b>&'\"", main: "<em>ok</em>", returnTo: "/x?a=\"><script>"))
        #expect(html == "&lt;b&gt;&amp;&#39;&quot;|<em>ok</em>|/x?a=&quot;&gt;&lt;script&gt;")
    }

    @Test func aSlotCanAppearTwice() throws {
        let shell = try ShellTemplate(rendered: "\(slots.title.marker) and \(slots.title.marker)")
        #expect(shell.fill(.init(title: "T", main: "", returnTo: "")) == "T and T")
    }

    @Test func aMangledMarkerIsRefused() {
        #expect(throws: TemplateError.self) { try ShellTemplate(rendered: "a \(CutMarks.opening)titl b") }
        #expect(throws: TemplateError.self) { try ShellTemplate(rendered: "a \(CutMarks.mark("titl")) b") }
    }

    /// Private-use characters are text anyone can type: only the marks of this process cut.
    @Test func privateUseCharactersOutsideAMarkAreText() throws {
        let typed = "\u{E000}title\u{E001} \u{E000} \u{E001}\u{E000}csrf\u{E001}"
        let shell = try ShellTemplate(rendered: "\(typed)|\(slots.title.marker)|\(typed)")
        #expect(shell.fill(.init(title: "T", main: "", returnTo: "")) == "\(typed)|T|\(typed)")
    }

    /// A combining mark right after a mark (a tag that begins with one) leaves the mark whole.
    @Test func aCombiningMarkAfterAMarkDoesNotHideIt() throws {
        let shell = try ShellTemplate(rendered: "\(slots.title.marker)\u{0301}x")
        #expect(shell.fill(.init(title: "T", main: "", returnTo: "")) == "T\u{0301}x")
    }
}
