import Foundation
import FoundationXML

/// A document read with Foundation's XML parser (libxml2): its elements' texts and
/// attributes by path, or an error when it is not well-formed.
final class XMLTree: NSObject, XMLParserDelegate {
    private var path: [String] = []
    private var texts: [(path: String, text: String)] = []
    private var attributeSets: [(path: String, attributes: [String: String])] = []
    private var open: [String] = []

    init(_ text: String) throws {
        super.init()
        // From a stream, in chunks: libxml2 refuses a single chunk over 10 MB (a big sitemap).
        let parser = XMLParser(stream: InputStream(data: Data(text.utf8)))
        parser.delegate = self
        guard parser.parse() else { throw parser.parserError ?? CocoaError(.coderReadCorrupt) }
    }

    func value(_ path: String) -> [String] { texts.filter { $0.path == path }.map(\.text) }
    func attributes(_ path: String) -> [[String: String]] { attributeSets.filter { $0.path == path }.map(\.attributes) }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        path.append(name)
        attributeSets.append((path.joined(separator: "/"), attributes))
        open.append("")
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if !open.isEmpty { open[open.count - 1] += string }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        texts.append((path.joined(separator: "/"), open.removeLast()))
        path.removeLast()
    }
}
