import Foundation
import Testing

/// Files built to lie to a film reader, made from real clips by changing a few bytes.
extension Clips {
    /// The first `fraction` of a file, as an upload cut short leaves it.
    func truncated(_ file: String, to fraction: Double, as name: String) throws -> String {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: file))
        try bytes.prefix(Int(Double(bytes.count) * fraction)).write(to: URL(fileURLWithPath: path(name)))
        return path(name)
    }

    /// A valid `ftyp` box, then noise.
    func noiseAfterFileType(_ name: String) throws -> String {
        var generator = SystemRandomNumberGenerator()
        let fileType: [UInt8] = [0, 0, 0, 0x18] + Array("ftypisom".utf8) + [0, 0, 2, 0] + Array("isomiso2".utf8)
        let noise = (0..<64 * 1024).map { _ in UInt8.random(in: 0...255, using: &generator) }
        try Data(fileType + noise).write(to: URL(fileURLWithPath: path(name)))
        return path(name)
    }

    /// An MP4 whose movie header (`mvhd`, version 0) says it runs `seconds`; its streams
    /// still hold the clip's two.
    func claimingDuration(_ file: String, seconds: Int, as name: String) throws -> String {
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file)))
        let box = try #require(bytes.firstRange(of: Array("mvhd".utf8))?.lowerBound)
        // After the type: version and flags (4), creation and modification times (4 + 4).
        let timescale = bytes[(box + 16)..<(box + 20)].reduce(0) { $0 << 8 | Int($1) }
        let duration = UInt32(seconds * timescale)
        bytes.replaceSubrange((box + 20)..<(box + 24), with: withUnsafeBytes(of: duration.bigEndian, Array.init))
        try Data(bytes).write(to: URL(fileURLWithPath: path(name)))
        return path(name)
    }

    /// A Matroska film whose H.264 sequence header (SPS) claims a frame `width` pixels wide:
    /// a 64 × 16 clip in Baseline profile, its SPS rewritten. The container cannot say
    /// otherwise (ffprobe believes the codec), and FFmpeg's MP4 writer refuses such widths.
    func claimingWidth(_ width: Int, as name: String) throws -> String {
        let raw = path("\(name).h264")
        try ffmpeg(["-f", "lavfi", "-i", "testsrc2=size=64x16:rate=10:duration=1", "-c:v", "libx264",
                    "-profile:v", "baseline", "-pix_fmt", "yuv420p", "-f", "h264", raw])
        var stream = [UInt8](try Data(contentsOf: URL(fileURLWithPath: raw)))
        let start = try #require(stream.firstRange(of: [0, 0, 0, 1, 0x67])?.lowerBound) + 4
        let end = stream[start...].firstRange(of: [0, 0, 0, 1])?.lowerBound ?? stream.count
        stream.replaceSubrange(start..<end, with: try SequenceHeader.widened(Array(stream[start..<end]), to: width))
        try Data(stream).write(to: URL(fileURLWithPath: raw))
        try ffmpeg(["-f", "h264", "-i", raw, "-c", "copy", path(name)])
        return path(name)
    }
}

/// Rewrites the width in a Baseline-profile H.264 sequence parameter set.
private enum SequenceHeader {
    static func widened(_ unit: [UInt8], to width: Int) throws -> [UInt8] {
        var reader = BitReader(bits: bits(unescaped(Array(unit.dropFirst()))))
        reader.skip(24) // profile, constraint flags, level
        _ = reader.exponentialGolomb() // seq_parameter_set_id
        _ = reader.exponentialGolomb() // log2_max_frame_num_minus4
        let order = reader.exponentialGolomb() // pic_order_cnt_type
        guard order == 0 || order == 2 else { throw ClipError("picture order type \(order) not handled") }
        if order == 0 { _ = reader.exponentialGolomb() } // log2_max_pic_order_cnt_lsb_minus4
        _ = reader.exponentialGolomb() // max_num_ref_frames
        reader.skip(1) // gaps_in_frame_num_value_allowed_flag
        let before = reader.position
        _ = reader.exponentialGolomb() // pic_width_in_mbs_minus1
        var rewritten = Array(reader.bits[..<before]) + exponentialGolomb(width / 16 - 1) + reader.bits[reader.position...]
        // The stop bit and its padding: dropped, then written again after the new length.
        while rewritten.last == false { rewritten.removeLast() }
        rewritten += Array(repeating: false, count: (8 - rewritten.count % 8) % 8)
        let bytes = stride(from: 0, to: rewritten.count, by: 8).map { at in
            rewritten[at..<at + 8].reduce(UInt8(0)) { $0 << 1 | ($1 ? 1 : 0) }
        }
        return [unit[0]] + escaped(bytes)
    }

    /// Without emulation-prevention bytes (the 3 in 0 0 3).
    private static func unescaped(_ bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        var zeros = 0
        for byte in bytes {
            if byte == 3 && zeros >= 2 {
                zeros = 0
                continue
            }
            zeros = byte == 0 ? zeros + 1 : 0
            result.append(byte)
        }
        return result
    }

    private static func escaped(_ bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        for byte in bytes {
            if byte <= 3 && result.suffix(2) == [0, 0] { result.append(3) }
            result.append(byte)
        }
        return result
    }

    private static func bits(_ bytes: [UInt8]) -> [Bool] {
        bytes.flatMap { byte in (0..<8).map { byte & (0x80 >> $0) != 0 } }
    }

    private static func exponentialGolomb(_ value: Int) -> [Bool] {
        let code = bits(withUnsafeBytes(of: UInt64(value + 1).bigEndian, Array.init)).drop { !$0 }
        return Array(repeating: false, count: code.count - 1) + code
    }

    private struct BitReader {
        let bits: [Bool]
        var position = 0

        mutating func skip(_ count: Int) { position += count }

        mutating func exponentialGolomb() -> Int {
            var zeros = 0
            while !bits[position] { zeros += 1; position += 1 }
            let value = bits[position...].prefix(zeros + 1).reduce(0) { $0 << 1 | ($1 ? 1 : 0) }
            position += zeros + 1
            return value - 1
        }
    }
}
