import CZlib

extension QRCode {
    /// The symbol as a PNG image, for mail (which shows SVG in few readers): black modules on
    /// white, `scale` pixels per module, with the quiet zone, as 8-bit grey compressed by zlib.
    public func png(scale: Int = 6, quietZone: Int = 4) -> [UInt8] {
        let scale = max(1, min(scale, 32))
        let side = (size + 2 * quietZone) * scale
        // Each row: the filter byte (0, none) and one byte per pixel.
        var raw = [UInt8](repeating: 0, count: side * (side + 1))
        for row in 0..<side {
            let start = row * (side + 1)
            let y = row / scale - quietZone
            for column in 0..<side {
                raw[start + 1 + column] = isDark(x: column / scale - quietZone, y: y) ? 0x00 : 0xFF
            }
        }
        var header: [UInt8] = []
        Self.append(UInt32(side), to: &header)
        Self.append(UInt32(side), to: &header)
        header += [8, 0, 0, 0, 0] // 8 bits, greyscale, deflate, adaptive filtering, no interlace
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            + Self.chunk("IHDR", header) + Self.chunk("IDAT", Self.deflated(raw)) + Self.chunk("IEND", [])
    }

    private static func deflated(_ bytes: [UInt8]) -> [UInt8] {
        var length = compressBound(uLong(bytes.count))
        var output = [UInt8](repeating: 0, count: Int(length))
        let status = output.withUnsafeMutableBufferPointer { out in
            bytes.withUnsafeBufferPointer { input in compress2(out.baseAddress, &length, input.baseAddress, uLong(bytes.count), 9) }
        }
        precondition(status == Z_OK, "zlib refused a buffer of its own bound")
        return Array(output.prefix(Int(length)))
    }

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        var chunk: [UInt8] = []
        append(UInt32(data.count), to: &chunk)
        let typed = Array(type.utf8) + data
        chunk += typed
        let crc = typed.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) }
        append(UInt32(truncatingIfNeeded: crc), to: &chunk)
        return chunk
    }

    private static func append(_ value: UInt32, to bytes: inout [UInt8]) {
        bytes += [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}
