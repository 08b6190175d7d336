import Foundation
import HTTPServer

/// The browser's import map (`<script type="importmap">` in the layout's head): every script
/// module's plain address mapped to its fingerprinted one.
///
/// Pages load their scripts by fingerprinted URL, but the modules import each other by
/// plain address (`import … from "./fragment.js"`), which may not be cached without asking.
/// Without the map, every page view revalidated each imported module, one level of imports
/// after the other (the feed: 23 requests, three round trips deep). With it, the browser
/// resolves `./fragment.js` to `/js/fragment.<hash>.js` and takes it from its cache; and a
/// module loaded by a page and imported by another script is one module, not two copies.
///
/// Made once at start-up: the files never change while the server runs. The text is inline,
/// so the Content-Security-Policy names it by hash (`SecurityHeaders`); a browser without
/// import maps fetches the plain addresses, which still work.
struct ModuleImportMap: Sendable {
    /// The script element's text: JSON whose keys and values are percent-encoded paths, so
    /// nothing in it can end the element.
    let json: String

    init(_ files: StaticFiles) {
        let modules = files.fingerprintedURLs(under: "/js/", ending: ".js")
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let map = ["imports": Dictionary(modules.map { ($0.plain, $0.fingerprinted) }, uniquingKeysWith: { first, _ in first })]
        // Encoding a dictionary of strings cannot fail.
        json = (try? encoder.encode(map)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    /// The Content-Security-Policy that lets exactly this map run.
    var contentSecurityPolicy: String {
        SecurityHeaders.contentSecurityPolicy(allowingInlineScripts: [json])
    }
}
