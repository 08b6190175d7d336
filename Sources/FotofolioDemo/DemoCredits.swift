import Fotofolio
import Foundation

/// Reads the credits of the demo photos from the "Files" table of their `CREDITS.md`:
/// one row per file, with author, licence and licence link.
enum DemoCredits {
    static func read(from markdown: String) -> [String: PhotoCredit] {
        var credits: [String: PhotoCredit] = [:]
        for line in markdown.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces) }
            // "", file, theme, pixels, original, package, author, licence, licence URL, evidence, ""
            guard cells.count >= 10, cells[8].hasPrefix("https://") else { continue }
            let file = cells[1].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            let author = authorName(cells[6])
            credits[file] = PhotoCredit(author: author, licence: licenceName(cells[7]), licenceURL: cells[8])
        }
        return credits
    }

    /// The author as a credit line names them: notes in brackets dropped ("danielbuechele
    /// (Flickr)" → "danielbuechele"), and nothing for an author nobody named.
    private static func authorName(_ cell: String) -> String {
        let name = cell.split(separator: "(").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        let unnamed = ["", "—", "unknown", "not named"]
        return unnamed.contains(name.lowercased()) ? "" : name
    }

    /// "CC-BY-SA-4.0" → "CC BY-SA 4.0", as the licence asks to be named.
    private static func licenceName(_ identifier: String) -> String {
        if identifier == "CC0-1.0" { return "CC0 1.0" }
        guard identifier.hasPrefix("CC-") else { return identifier }
        var parts = identifier.dropFirst(3).split(separator: "-").map(String.init)
        let version = parts.removeLast()
        return "CC \(parts.joined(separator: "-")) \(version)"
    }
}
