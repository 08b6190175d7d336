/// Who owns a photo and on what terms it may be used, written into the file a visitor
/// downloads so the terms travel with the copy. A plain value: any thread.
public struct XMPRights: Sendable, Equatable {
    /// dc:rights, the copyright or licence line ("© Jana Nováková, all rights reserved",
    /// "CC BY 4.0").
    public var rights: String
    /// xmpRights:WebStatement, the address of the licence's text; nil or empty leaves it out.
    public var webStatement: String?
    /// dc:creator, the author's name; nil or empty leaves it out.
    public var creator: String?
    /// xmpRights:Marked: true for a photo under copyright (a licence too), false for one
    /// in the public domain.
    public var marked: Bool

    public init(rights: String, webStatement: String? = nil, creator: String? = nil, marked: Bool = true) {
        self.rights = rights
        self.webStatement = webStatement
        self.creator = creator
        self.marked = marked
    }

    /// The most UTF-8 bytes each text may have. With every character escaped (`&` becomes
    /// `&amp;`), three texts at this length still make a packet far below the 65,502
    /// bytes one JPEG segment can carry, so a packet never needs splitting.
    public static let maximumTextBytes = 2_000

    /// The rights as a complete XMP packet, `<?xpacket begin…?>` to `<?xpacket end…?>`,
    /// in UTF-8 without padding. Texts are XML-escaped; line breaks and tabs become spaces
    /// and other control characters (which XML cannot carry) are dropped.
    ///
    /// Throws `.processingFailed` when a text is over `maximumTextBytes`.
    public func xmpPacket() throws(ImagingError) -> String {
        let rights = try Self.cleaned(rights, "rights")
        let webStatement = try webStatement.map { text throws(ImagingError) in try Self.cleaned(text, "web statement") }
        let creator = try creator.map { text throws(ImagingError) in try Self.cleaned(text, "creator") }
        var properties: [String] = []
        properties.append("""
               <dc:rights><rdf:Alt><rdf:li xml:lang="x-default">\(Self.escaped(rights))</rdf:li></rdf:Alt></dc:rights>
            """)
        if let creator, !creator.isEmpty {
            properties.append("""
                   <dc:creator><rdf:Seq><rdf:li>\(Self.escaped(creator))</rdf:li></rdf:Seq></dc:creator>
                """)
        }
        if let webStatement, !webStatement.isEmpty {
            properties.append("   <xmpRights:WebStatement>\(Self.escaped(webStatement))</xmpRights:WebStatement>")
        }
        properties.append("   <xmpRights:Marked>\(marked ? "True" : "False")</xmpRights:Marked>")
        // The begin attribute holds U+FEFF, by which readers tell the packet's encoding;
        // the id is the fixed one the XMP specification gives.
        return """
            <?xpacket begin="\u{FEFF}" id="W5M0MpCehiHzreSzNTczkc9d"?>
            <x:xmpmeta xmlns:x="adobe:ns:meta/">
             <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
              <rdf:Description rdf:about=""
                xmlns:dc="http://purl.org/dc/elements/1.1/"
                xmlns:xmpRights="http://ns.adobe.com/xap/1.0/rights/">
            \(properties.joined(separator: "\n"))
              </rdf:Description>
             </rdf:RDF>
            </x:xmpmeta>
            <?xpacket end="w"?>
            """
    }

    /// `text` without control characters, checked against the length limit.
    private static func cleaned(_ text: String, _ name: String) throws(ImagingError) -> String {
        var view = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar == "\n" || scalar == "\r" || scalar == "\t" {
                view.append(" ")
            } else if scalar.properties.generalCategory != .control, scalar != "\u{FFFE}", scalar != "\u{FFFF}" {
                // U+FFFE and U+FFFF are the only other scalars XML 1.0 does not allow.
                view.append(scalar)
            }
        }
        let cleaned = String(view)
        guard cleaned.utf8.count <= maximumTextBytes else {
            throw .processingFailed(
                detail: "the \(name) text is \(cleaned.utf8.count) bytes; at most \(maximumTextBytes) fit the file")
        }
        return cleaned
    }

    /// `text` safe in XML element content and attribute values alike.
    static func escaped(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&apos;"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
