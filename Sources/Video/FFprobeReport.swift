import Foundation

/// ffprobe's report (`-show_format -show_streams -of json`), only the fields read. Every
/// field is optional: a file can make ffprobe leave any of them out, and every number in it
/// comes from the file, so each is checked before it is believed.
struct FFprobeReport: Decodable {
    var streams: [Stream]?
    var format: Format?

    struct Format: Decodable {
        var formatName: String?
        var duration: String?
    }

    struct Stream: Decodable {
        var index: Int?
        var codecName: String?
        var codecType: String?
        var width: Int?
        var height: Int?
        var sampleAspectRatio: String?
        var avgFrameRate: String?
        var rFrameRate: String?
        var duration: String?
        var nbFrames: String?
        var channels: Int?
        var disposition: Disposition?
        var tags: [String: String]?
        var sideDataList: [SideData]?
    }

    struct Disposition: Decodable {
        var attachedPic: Int?
    }

    struct SideData: Decodable {
        var rotation: Double?
    }

    /// Decodes ffprobe's output, read as text with any bytes that are not UTF-8 replaced (tag
    /// text is the file's own), so only a report that is not JSON at all is refused.
    static func decoded(_ output: String) throws(VideoError) -> FFprobeReport {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        do {
            return try decoder.decode(FFprobeReport.self, from: Data(output.utf8))
        } catch {
            throw .damaged(detail: "ffprobe's report could not be read: \(error)")
        }
    }
}

extension FFprobeReport.Stream {
    var isPicture: Bool { codecType == "video" && disposition?.attachedPic != 1 }

    /// A positive, finite number of seconds, or nil.
    var seconds: Double? { FFprobeReport.seconds(duration) }

    /// Quarter turns the player applies: the display matrix's rotation, else the older
    /// `rotate` tag. FFmpeg turns by quarter turns only when within a degree of one.
    var isTurnedSideways: Bool {
        guard let degrees = sideDataList?.lazy.compactMap(\.rotation).first ?? tags?["rotate"].flatMap({ Double($0) }),
              degrees.isFinite
        else { return false }
        let turn = abs(degrees.truncatingRemainder(dividingBy: 180))
        return abs(turn - 90) < 1
    }

    /// Width over height of one pixel, when it is sensible and not square.
    var pixelAspect: Double? {
        let parts = sampleAspectRatio?.split(separator: ":", omittingEmptySubsequences: false) ?? []
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]), width > 0, height > 0
        else { return nil }
        let value = Double(width) / Double(height)
        return (0.25...4).contains(value) && value != 1 ? value : nil
    }
}

extension FFprobeReport {
    /// A positive, finite number of seconds from ffprobe's text, or nil.
    static func seconds(_ text: String?) -> Double? {
        guard let text, let value = Double(text), value.isFinite, value > 0 else { return nil }
        return value
    }
}
