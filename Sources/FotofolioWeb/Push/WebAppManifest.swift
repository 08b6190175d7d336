import Foundation
import HTTPServer

/// The web app manifest (`/manifest.webmanifest`, `?lang=en` for English): what a browser
/// needs to install Fotofolio as an app — names, icons (192 and 512 px, and a maskable one
/// whose aperture sits inside the central circle every launcher's mask keeps), the start
/// address, standalone display and colours matching the page background.
enum WebAppManifest {
    /// One colour only: the manifest has no dark variant; the pages' `theme-color` metas
    /// switch it with the colour scheme once a page is showing.
    static let background = "#faf9f7"

    /// The manifest's members (W3C Web App Manifest), named as the format names them.
    struct Members: Encodable, Equatable {
        struct Icon: Encodable, Equatable {
            let src: String
            let sizes: String
            let type: String
            let purpose: String
        }
        let lang: String
        let dir: String
        let id: String
        let start_url: String
        let scope: String
        let name: String
        let short_name: String
        let description: String
        let display: String
        let background_color: String
        let theme_color: String
        let categories: [String]
        let icons: [Icon]
    }

    static func members(table: StringTable, files: StaticFiles) -> Members {
        let icons = [("/icons/app-192.png", "192x192", "any"), ("/icons/app-512.png", "512x512", "any"),
                     ("/icons/app-maskable-512.png", "512x512", "maskable")]
        return Members(
            lang: table.language.rawValue, dir: "ltr", id: "/", start_url: "/?source=app", scope: "/",
            name: table.string("app.name"), short_name: table.string("app.shortName"),
            description: table.string("app.description"), display: "standalone",
            background_color: background, theme_color: background, categories: ["photo", "social"],
            icons: icons.map { path, sizes, purpose in Members.Icon(src: files.url(for: path), sizes: sizes, type: "image/png", purpose: purpose) })
    }

    /// Where a page in `language` links its manifest: Czech, the site's first language, at
    /// the plain address.
    static func address(for language: Language) -> String {
        language == .fallback ? "/manifest.webmanifest" : "/manifest.webmanifest?lang=\(language.rawValue)"
    }

    /// The manifest as sent: JSON with its keys in order, so its bytes never change between
    /// processes.
    static func response(table: StringTable, files: StaticFiles) -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let bytes = (try? encoder.encode(members(table: table, files: files))).map(Array.init) ?? Array("{}".utf8)
        var response = Response(headers: ["Content-Type": "application/manifest+json"], body: .bytes(bytes))
        // Its icons are fingerprinted, so an hour-old copy still names files the server has.
        response.headers.set("Cache-Control", "public, max-age=3600")
        return response
    }
}
