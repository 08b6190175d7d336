import Foundation
import HTTPServer

/// `/sw.js`: the service worker, served from the root so its scope is the whole site. It is
/// two lines made at start-up — the shell to keep (fingerprinted URLs, with a version that
/// changes whenever one of them or the offline page does) and `importScripts` of the
/// worker's body (`Public/js/sw-worker.js`) — so the browser sees a new worker exactly when
/// the shell changed. Never cached without asking (`no-cache`): browsers check the worker
/// at least daily anyway, and an old one would keep an old shell.
struct ServiceWorkerScript: Sendable {
    let text: String

    /// The files a page needs to show without the network: the stylesheet, the icons, the
    /// scripts of the offline page and what they import (by fingerprinted address, as the
    /// page's import map gives it, and by plain address for a browser without import maps).
    static let shellFiles = ["/css/app.css", "/img/icons.svg", "/img/favicon.svg", "/js/segmented-control.js",
                             "/js/sw-register.js", "/icons/app-192.png", "/icons/badge-96.png"]
    static let importedModules = ["/js/saved-conversations.js", "/js/segmented-control-math.js", "/js/motion.js",
                                   "/js/pointer-velocity.js"]

    /// What sw-worker.js reads from `self.FOTOFOLIO_SHELL`.
    struct Shell: Encodable {
        let version: String
        let assets: [String]
        let offline: String
        let icon: String
        let badge: String
    }

    init(renderer: PageRenderer) throws {
        let files = renderer.site.staticFiles
        let assets = Self.shellFiles.map(files.url(for:)) + Self.importedModules.map(files.url(for:)) + Self.importedModules
        let body = files.url(for: "/js/sw-worker.js")
        var fingerprint = Fingerprint()
        // Fingerprinted addresses name every file's content, so the version changes with any of them.
        for asset in assets + [body] { fingerprint.add(asset) }
        for language in Language.allCases {
            fingerprint.add(try renderer.fragmentText(Page.offline.template, of: .offline, language: language, content: NoContent()))
        }
        let shell = Shell(version: fingerprint.hex, assets: assets, offline: "/offline",
                          icon: files.url(for: "/icons/app-192.png"), badge: files.url(for: "/icons/badge-96.png"))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let json = String(decoding: try encoder.encode(shell), as: UTF8.self)
        text = "// Fotofolio's service worker: the shell below, the body in sw-worker.js.\n"
            + "self.FOTOFOLIO_SHELL = \(json);\nimportScripts(\(Self.quoted(body)));\n"
    }

    func response() -> Response {
        var response = Response(headers: ["Content-Type": "text/javascript; charset=utf-8"], body: .shared(SharedBytes(utf8Of: text)))
        response.headers.set("Cache-Control", "no-cache")
        return response
    }

    private static func quoted(_ url: String) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return (try? encoder.encode(url)).map { String(decoding: $0, as: UTF8.self) } ?? "\"\""
    }

    /// FNV-1a over the parts: a version name, not a secret, the same in every process.
    private struct Fingerprint {
        private var hash: UInt64 = 0xcbf2_9ce4_8422_2325

        mutating func add(_ text: String) {
            for byte in text.utf8 + [0] {
                hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
            }
        }

        var hex: String { String(hash, radix: 16) }
    }
}

/// A page model with nothing in it, for a template that reads only the string table.
private struct NoContent: ViewModel {}
