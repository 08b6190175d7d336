import Foundation

/// Entry names that extract where they are meant to on Linux, macOS and Windows, whatever
/// text a photo's title or a user's file name held.
enum ZipName {
    /// A file system's usual limit for one name (in bytes), less room for " (999)".
    static let componentBytes = 240
    /// Well inside the 16-bit name length of a ZIP header.
    static let totalBytes = 4000
    static let fallback = "unnamed"

    /// `name` as a relative path of plain components:
    /// - Unicode NFC, so a name typed on macOS (decomposed) is the same bytes as elsewhere;
    /// - NUL, C0 and C1 controls, DEL and line/paragraph separators become "_": they end
    ///   C strings, break listings and terminals;
    /// - bidirectional controls are dropped: they make "gpj.exe" read as "exe.jpg";
    /// - "\" and ":" become "_": Windows extractors take them for a folder separator and a
    ///   drive ("C:") or alternate data stream, which could write outside the target folder;
    /// - components are split on "/"; trailing dots and spaces are trimmed (Windows drops
    ///   them, which would turn ".. " into ".."), and components left empty, "." and ".."
    ///   are dropped, which also removes a leading "/";
    /// - over-long components are cut (keeping the extension), the path is cut from the
    ///   front, and a name left empty is "unnamed".
    static func sanitized(_ name: String) -> String {
        var cleaned = String.UnicodeScalarView()
        for scalar in name.precomposedStringWithCanonicalMapping.unicodeScalars {
            switch scalar.value {
            case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029: cleaned.append("_")
            case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: continue
            case 0x5C /* \ */, 0x3A /* : */: cleaned.append("_")
            default: cleaned.append(scalar)
            }
        }
        var components: [String] = String(cleaned).split(separator: "/").compactMap { part in
            var component = Substring(part)
            while let last = component.unicodeScalars.last, last == "." || last == " " {
                component = Substring(component.unicodeScalars.dropLast())
            }
            guard !component.isEmpty else { return nil }
            return truncated(String(component), toBytes: componentBytes)
        }
        while components.count > 1, components.joined(separator: "/").utf8.count > totalBytes { components.removeFirst() }
        return components.isEmpty ? fallback : components.joined(separator: "/")
    }

    /// `component` cut to at most `limit` UTF-8 bytes on a character boundary, keeping a
    /// short extension.
    static func truncated(_ component: String, toBytes limit: Int) -> String {
        guard component.utf8.count > limit else { return component }
        let (stem, suffix) = split(component)
        let keep = suffix.utf8.count <= 16 ? suffix : ""
        var result = ""
        for character in stem {
            guard result.utf8.count + character.utf8.count + keep.utf8.count <= limit else { break }
            result.append(character)
        }
        return result + keep
    }

    /// The names of an archive, each different from the others ignoring case (macOS and
    /// Windows extract to case-insensitive folders): a repeated name gets " (2)", " (3)"…
    /// before its extension.
    static func distinct(_ names: [String]) -> [String] {
        var taken = Set<String>()
        return names.map { name in
            var candidate = name
            var number = 2
            while taken.contains(candidate.lowercased()) {
                let (stem, suffix) = split(name)
                candidate = "\(stem) (\(number))\(suffix)"
                number += 1
            }
            taken.insert(candidate.lowercased())
            return candidate
        }
    }

    /// A path's part before the extension of its last component, and the extension with its
    /// dot ("" when none; a leading dot, as in ".hidden", is not one).
    static func split(_ name: String) -> (stem: String, suffix: String) {
        let lastComponent = name.lastIndex(of: "/").map { name.index(after: $0) } ?? name.startIndex
        guard let dot = name[lastComponent...].lastIndex(of: "."), dot != lastComponent else { return (name, "") }
        return (String(name[..<dot]), String(name[dot...]))
    }
}
