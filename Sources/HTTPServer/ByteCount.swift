/// Sizes as people read them in error messages.
enum ByteCount {
    /// A size as a person reads it: "30 MB", "1.5 MB", "512 KB", "100 bytes" (1 MB = 2²⁰ bytes).
    static func describe(_ byteCount: Int) -> String {
        for (unitSize, unit) in [(1 << 30, "GB"), (1 << 20, "MB"), (1 << 10, "KB")] where byteCount >= unitSize {
            let tenths = Int((Double(byteCount) / Double(unitSize) * 10).rounded())
            let number = tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)"
            return "\(number) \(unit)"
        }
        return byteCount == 1 ? "1 byte" : "\(byteCount) bytes"
    }
}
