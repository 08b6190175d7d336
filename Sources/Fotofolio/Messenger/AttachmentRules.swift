import Foundation
import Imaging

/// What a message may carry, and how a file's kind and name are read. Pure: the web layer
/// asks before it stores a byte, the tests ask with tables.
public enum AttachmentRules {
    /// Photos in one message.
    public static let maxPhotos = 10
    /// PDFs in one message.
    public static let maxPDFs = 1
    /// One PDF's bytes: 20 MiB.
    public static let maxPDFBytes = 20 << 20
    /// One photo's bytes: the photo pipeline's own limit.
    public static let maxPhotoBytes = PhotoLimits.standard.maxBytes
    /// The largest body a message with attachments may have: every file at its limit, with a
    /// mebibyte for the text, the form's other fields and the multipart framing. A longer
    /// declared body is refused before it is read.
    public static let largestBody = maxPhotos * maxPhotoBytes + maxPDFs * maxPDFBytes + (1 << 20)
    /// The longest name kept, in Unicode scalars.
    public static let nameLimit = 120

    /// Why a message's files were refused; nothing is stored after any of them.
    public enum Problem: Error, Sendable, Equatable {
        case tooManyPhotos
        case tooManyPDFs
        /// A PDF over `maxPDFBytes` (a photo over its limit is refused by the pipeline).
        case tooLarge(name: String)
        /// Sent as a PDF (its type or name said so), but its bytes do not start `%PDF-`.
        case notAPDF(name: String)
        /// Neither a photo the pipeline takes nor a PDF.
        case unsupported(name: String)
    }

    /// A file as sent: its name, its declared type, its size and its first bytes.
    public struct Upload: Sendable, Equatable {
        public var name: String
        public var declaredType: String
        public var byteCount: Int
        public var head: [UInt8]

        public init(name: String, declaredType: String, byteCount: Int, head: [UInt8]) {
            self.name = name
            self.declaredType = declaredType
            self.byteCount = byteCount
            self.head = head
        }
    }

    /// The kind of each file, in order, or the first reason to refuse them all. The kind
    /// comes from the bytes alone; a name or type that says PDF without the bytes of one is
    /// `notAPDF`.
    public static func kinds(of uploads: [Upload]) throws(Problem) -> [AttachmentKind] {
        var kinds: [AttachmentKind] = []
        for upload in uploads {
            let saysPDF = upload.declaredType.lowercased().hasPrefix("application/pdf") || upload.name.lowercased().hasSuffix(".pdf")
            switch sniff(upload.head) {
            case .pdf?:
                guard upload.byteCount <= maxPDFBytes else { throw .tooLarge(name: upload.name) }
                kinds.append(.pdf)
            case .photo? where !saysPDF:
                kinds.append(.photo)
            case .photo?, nil:
                throw saysPDF ? .notAPDF(name: upload.name) : .unsupported(name: upload.name)
            }
        }
        guard kinds.count(where: { $0 == .photo }) <= maxPhotos else { throw .tooManyPhotos }
        guard kinds.count(where: { $0 == .pdf }) <= maxPDFs else { throw .tooManyPDFs }
        return kinds
    }

    /// The kind the first bytes of a file show: `%PDF-`, or the signature of a JPEG, PNG,
    /// WebP or HEIC/HEIF photo; nil for anything else.
    public static func sniff(_ head: [UInt8]) -> AttachmentKind? {
        let bytes = head.prefix(16)
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + prefix.count && Array(bytes.dropFirst(offset).prefix(prefix.count)) == prefix
        }
        if starts(Array("%PDF-".utf8)) { return .pdf }
        if starts([0xFF, 0xD8, 0xFF]) || starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .photo }
        if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) { return .photo }
        if starts(Array("ftyp".utf8), at: 4) {
            let brand = String(decoding: bytes.dropFirst(8).prefix(4), as: UTF8.self)
            if ["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1"].contains(brand) { return .photo }
        }
        return nil
    }

    /// The name a file is shown and offered under: its last path component (either slash),
    /// without control, format (bidi, zero-width) or line-separating characters, its outer
    /// spaces and dots trimmed, at most `nameLimit` scalars with its extension kept; a name
    /// left empty becomes "photo" / "document.pdf".
    public static func displayName(_ raw: String, kind: AttachmentKind) -> String {
        let last = raw.split(omittingEmptySubsequences: false) { $0 == "/" || $0 == "\\" }.last.map(String.init) ?? ""
        var scalars = String.UnicodeScalarView()
        for scalar in last.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned: continue
            case .spaceSeparator: scalars.append(" ")
            default: scalars.append(scalar)
            }
        }
        var name = String(scalars).trimmingCharacters(in: CharacterSet(charactersIn: " ."))
        if name.unicodeScalars.count > nameLimit {
            let all = Array(name.unicodeScalars)
            let dot = all.lastIndex(of: ".").flatMap { all.count - $0 <= 10 ? $0 : nil }
            let suffix = dot.map { Array(all[$0...]) } ?? []
            var kept = String.UnicodeScalarView()
            kept.append(contentsOf: all.prefix(nameLimit - suffix.count))
            kept.append(contentsOf: suffix)
            name = String(kept)
        }
        if name.isEmpty { return kind == .pdf ? "document.pdf" : "photo" }
        return name
    }

    /// `Content-Disposition` for a file named `name`: an ASCII `filename` (anything else, and
    /// `"`, `\`, `%`, `;`, as `_`) for old clients, and `filename*=UTF-8''…` (RFC 6266, RFC
    /// 8187) with every byte outside the attribute characters percent-encoded. No byte of the
    /// name can end the header or start another.
    public static func contentDisposition(_ name: String, inline: Bool) -> String {
        var fallback = ""
        for scalar in name.unicodeScalars {
            let ascii = scalar.value >= 0x20 && scalar.value < 0x7F && !["\"", "\\", "%", ";"].contains(scalar)
            fallback.append(ascii ? Character(scalar) : "_")
        }
        var encoded = ""
        for byte in name.utf8 {
            if attributeCharacters.contains(byte) {
                encoded.append(Character(Unicode.Scalar(byte)))
            } else {
                encoded += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return "\(inline ? "inline" : "attachment"); filename=\"\(fallback)\"; filename*=UTF-8''\(encoded)"
    }

    /// RFC 8187's attr-char: letters, digits and ``!#$&+-.^_`|~``.
    private static let attributeCharacters: Set<UInt8> = Set(
        Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!#$&+-.^_`|~".utf8))
}

/// What a message with attachments and no text says where only a line fits (the conversation
/// list, a push, a mail): its photos counted, or its PDF's name.
public enum AttachmentSummary: Sendable, Equatable {
    case photos(Int)
    case file(String)

    /// nil for a message without attachments.
    public init?(_ attachments: [MessageAttachment]) {
        let photos = attachments.count(where: { $0.kind == .photo })
        if photos > 0 {
            self = .photos(photos)
        } else if let file = attachments.first {
            self = .file(file.name)
        } else {
            return nil
        }
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
