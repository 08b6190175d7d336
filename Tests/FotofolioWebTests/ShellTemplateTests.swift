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
        #expect(throws: TemplateError.self) { try ShellTemplate(rendered: "a \u{E000}titl b") }
    }
}
