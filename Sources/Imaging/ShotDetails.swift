import Foundation

/// "How it was shot": camera settings read from the photo's EXIF before it is stripped.
/// Every field is optional; phones and editors leave many out. A plain value: any thread.
public struct ShotDetails: Sendable, Equatable, Codable {
    public var cameraMake: String?
    public var cameraModel: String?
    public var lens: String?
    public var focalLengthMillimetres: Double?
    /// The f-number, e.g. 2.8 for f/2.8.
    public var aperture: Double?
    public var exposureSeconds: Double?
    public var iso: Int?
    /// When the photo was taken, in the camera's clock: "2024-05-01T10:11:12", with the
    /// UTC offset appended ("+02:00") when the camera recorded one.
    public var takenAt: String?

    public init(
        cameraMake: String? = nil, cameraModel: String? = nil, lens: String? = nil,
        focalLengthMillimetres: Double? = nil, aperture: Double? = nil,
        exposureSeconds: Double? = nil, iso: Int? = nil, takenAt: String? = nil
    ) {
        self.cameraMake = cameraMake
        self.cameraModel = cameraModel
        self.lens = lens
        self.focalLengthMillimetres = focalLengthMillimetres
        self.aperture = aperture
        self.exposureSeconds = exposureSeconds
        self.iso = iso
        self.takenAt = takenAt
    }

    /// Make and model as one name, without repeating the make when the model already
    /// starts with it ("Canon" + "Canon EOS R5" → "Canon EOS R5", "NIKON CORPORATION" +
    /// "NIKON D90" → "NIKON D90": the make's first word is enough).
    public var camera: String? {
        switch (cameraMake, cameraModel) {
        case let (make?, model?):
            model.lowercased().hasPrefix((make.split(separator: " ").first ?? "").lowercased()) ? model : "\(make) \(model)"
        case let (make, model):
            model ?? make
        }
    }

    /// "50 mm".
    public var focalLengthText: String? {
        focalLengthMillimetres.map { "\(oneDecimal($0)) mm" }
    }

    /// "f/2.8".
    public var apertureText: String? {
        aperture.map { "f/\(oneDecimal($0))" }
    }

    /// "1/250 s" below a second when that is a whole fraction, otherwise "0.4 s", "2 s".
    public var shutterText: String? {
        guard let seconds = exposureSeconds, seconds >= 1e-9, seconds < 1e9 else { return nil }
        let denominator = 1 / seconds
        if seconds < 1, abs(denominator - denominator.rounded()) < denominator * 0.01 {
            return "1/\(Int(denominator.rounded())) s"
        }
        return "\(oneDecimal(seconds)) s"
    }

    /// "ISO 200".
    public var isoText: String? {
        iso.map { "ISO \($0)" }
    }

    /// True when the photo said nothing about how it was shot.
    public var isEmpty: Bool { self == ShotDetails() }
}

extension ShotDetails {
    /// Reads the summary from libvips's `exif-*` header fields.
    init(exif field: (String) -> String?) {
        func value(_ name: String) -> ExifValue? { field(name).flatMap(ExifValue.init(parsing:)) }
        self.init(
            cameraMake: value("exif-ifd0-Make")?.text,
            cameraModel: value("exif-ifd0-Model")?.text,
            lens: value("exif-ifd2-LensModel")?.text,
            focalLengthMillimetres: value("exif-ifd2-FocalLength")?.number.flatMap(Self.positive),
            aperture: value("exif-ifd2-FNumber")?.number.flatMap(Self.positive),
            exposureSeconds: value("exif-ifd2-ExposureTime")?.number.flatMap(Self.positive),
            iso: value("exif-ifd2-ISOSpeedRatings")?.number.flatMap(Self.positive).flatMap { $0 >= 1 ? Int($0.rounded()) : nil },
            takenAt: Self.timestamp(
                date: value("exif-ifd2-DateTimeOriginal")?.text
                    ?? value("exif-ifd2-DateTimeDigitized")?.text,
                offset: value("exif-ifd2-OffsetTimeOriginal")?.text))
    }

    /// A setting a camera could have used: above zero and below a billion (no lens, f-number,
    /// exposure in seconds or ISO comes near it). The rest is not believed, and the texts above
    /// can turn what is left into whole numbers without trapping.
    private static func positive(_ value: Double) -> Double? {
        value.isFinite && value > 0 && value < 1e9 ? value : nil
    }

    /// EXIF writes "2024:05:01 10:11:12"; cameras without a set clock write zeros or blanks.
    static func timestamp(date: String?, offset: String?) -> String? {
        guard let date, date.count == 19 else { return nil }
        let parts = date.split(whereSeparator: { $0 == ":" || $0 == " " })
        guard parts.count == 6, parts.allSatisfy({ $0.allSatisfy(\.isASCII) && Int($0) != nil }),
              let year = Int(parts[0]), year > 0 else { return nil }
        let iso = "\(parts[0])-\(parts[1])-\(parts[2])T\(parts[3]):\(parts[4]):\(parts[5])"
        guard let offset, offset.wholeMatch(of: /[+-]\d\d:\d\d/) != nil else { return iso }
        return iso + offset
    }
}

/// One EXIF field as libvips prints it: `raw (formatted, Type, N components, M bytes)`,
/// for example `14/5 (f/2.8, Rational, 1 components, 8 bytes)` or
/// `Canon (Canon, ASCII, 6 components, 6 bytes)`.
struct ExifValue: Equatable {
    /// The value as stored: text for ASCII, space-separated numbers ("14/5", "50/1 4/1 48/1").
    let raw: String
    /// libexif's human-readable rendering ("f/2.8").
    let formatted: String
    /// The EXIF type name: ASCII, Short, Long, Rational, SRational, Undefined, …
    let type: String

    init?(parsing text: String) {
        // The tail is regular; the head is "raw (formatted", where ASCII text may itself
        // contain " (" — so the tail is cut first, from the end.
        guard let tail = text.firstMatch(of: /, ([A-Za-z]+), \d+ components, \d+ bytes\)$/) else {
            return nil
        }
        let head = text[..<tail.range.lowerBound]
        type = String(tail.output.1)
        guard let (raw, formatted) = Self.split(head, isText: type == "ASCII") else { return nil }
        self.raw = raw.trimmingCharacters(in: .whitespaces)
        self.formatted = formatted.trimmingCharacters(in: .whitespaces)
    }

    /// Splits "raw (formatted". For text both halves are the same string, which is what
    /// finds the right " (" when the text contains one too.
    private static func split(_ head: Substring, isText: Bool) -> (Substring, Substring)? {
        if isText, head.count >= 2, head.count % 2 == 0 {
            let half = (head.count - 2) / 2
            let raw = head.prefix(half)
            let rest = head.dropFirst(half)
            if rest.hasPrefix(" ("), rest.dropFirst(2) == raw { return (raw, raw) }
        }
        guard let separator = head.range(of: " (") else { return nil }
        return (head[..<separator.lowerBound], head[separator.upperBound...])
    }

    /// Text with padding and NULs removed; nil when nothing is left.
    var text: String? {
        let cleaned = raw.trimmingCharacters(in: .whitespacesAndNewlines.union(.controlCharacters))
        return cleaned.isEmpty ? nil : cleaned
    }

    /// The first number of the raw value, rationals ("14/5") divided out.
    var number: Double? {
        guard let first = raw.split(separator: " ").first else { return nil }
        let parts = first.split(separator: "/")
        guard let numerator = parts.first.flatMap({ Double($0) }) else { return nil }
        guard parts.count == 2 else { return parts.count == 1 ? numerator : nil }
        guard let denominator = Double(parts[1]), denominator != 0 else { return nil }
        return numerator / denominator
    }
}

/// One decimal place, without a trailing ".0": 2.8 → "2.8", 8.0 → "8", 4.44 → "4.4".
func oneDecimal(_ value: Double) -> String {
    guard value.isFinite, abs(value) < 1e15 else { return value.isFinite ? "\(value)" : "–" }
    let tenths = (value * 10).rounded()
    let whole = Int(tenths / 10)
    let fraction = Int(abs(tenths.truncatingRemainder(dividingBy: 10)))
    return fraction == 0 ? "\(whole)" : "\(whole).\(fraction)"
}
