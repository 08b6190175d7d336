/// The byte layouts of the ZIP records the stream writes (APPNOTE.TXT 6.3.10), all ZIP64.
/// Numbers are little-endian.
enum ZipRecords {
    /// What the central directory needs of an entry once it is written.
    struct Written {
        let name: [UInt8]
        let time: DOSClock.Time
        /// Where its local header starts.
        let offset: UInt64
        var crc: UInt32 = 0
        /// Stored, so its size in the archive and its size extracted are the same.
        var size: UInt64 = 0
    }

    /// 4.5 (ZIP64), needed to extract every entry.
    static let versionNeeded: UInt16 = 45
    /// Made on Unix (3, so the external attributes are a mode) by a 4.5 writer.
    static let versionMadeBy: UInt16 = 3 << 8 | 45
    /// Bit 3: sizes and CRC follow the data (in the data descriptor), as they are not known
    /// when the header goes out. Bit 11: the name is UTF-8.
    static let flags: UInt16 = 1 << 3 | 1 << 11
    /// Method 0: stored.
    static let stored: UInt16 = 0
    /// A regular file, rw-r--r--, in the high half of the external attributes.
    static let fileAttributes: UInt32 = 0o100644 << 16
    /// "The value is in the ZIP64 extra field."
    static let in64: UInt32 = 0xFFFF_FFFF

    static func localHeader(name: [UInt8], time: DOSClock.Time) -> [UInt8] {
        // ZIP64 extra field: sizes not known yet (bit 3), so 0 here and the real ones in
        // the data descriptor; its presence says the descriptor's sizes are 8 bytes.
        var zip64 = ByteWriter()
        zip64.u64(0) // uncompressed size
        zip64.u64(0) // compressed size
        let extra = field(0x0001, zip64.bytes) + timestamp(time)
        var out = ByteWriter()
        out.u32(0x0403_4B50)
        out.u16(versionNeeded)
        out.u16(flags)
        out.u16(stored)
        out.u16(time.dosTime)
        out.u16(time.dosDate)
        out.u32(0) // CRC-32: in the data descriptor
        out.u32(in64) // compressed size
        out.u32(in64) // uncompressed size
        out.u16(UInt16(name.count))
        out.u16(UInt16(extra.count))
        out.bytes += name
        out.bytes += extra
        return out.bytes
    }

    /// The ZIP64 data descriptor: signature, CRC-32, 8-byte sizes.
    static func dataDescriptor(_ entry: Written) -> [UInt8] {
        var out = ByteWriter()
        out.u32(0x0807_4B50)
        out.u32(entry.crc)
        out.u64(entry.size) // compressed
        out.u64(entry.size) // uncompressed
        return out.bytes
    }

    static func centralHeader(_ entry: Written) -> [UInt8] {
        // ZIP64 extra field: the fields marked 0xFFFFFFFF, in the order APPNOTE gives.
        var zip64 = ByteWriter()
        zip64.u64(entry.size) // uncompressed
        zip64.u64(entry.size) // compressed
        zip64.u64(entry.offset) // local header
        let extra = field(0x0001, zip64.bytes) + timestamp(entry.time)
        var out = ByteWriter()
        out.u32(0x0201_4B50)
        out.u16(versionMadeBy)
        out.u16(versionNeeded)
        out.u16(flags)
        out.u16(stored)
        out.u16(entry.time.dosTime)
        out.u16(entry.time.dosDate)
        out.u32(entry.crc)
        out.u32(in64) // compressed size
        out.u32(in64) // uncompressed size
        out.u16(UInt16(entry.name.count))
        out.u16(UInt16(extra.count))
        out.u16(0) // comment length
        out.u16(0) // disk number start
        out.u16(0) // internal attributes
        out.u32(fileAttributes)
        out.u32(in64) // local header offset
        out.bytes += entry.name
        out.bytes += extra
        return out.bytes
    }

    /// The ZIP64 end of central directory record, its locator and the classic end record,
    /// whose counts, size and offset say "see the ZIP64 record".
    static func end(entryCount: UInt64, centralDirectoryOffset: UInt64, centralDirectorySize: UInt64) -> [UInt8] {
        var out = ByteWriter()
        let zip64EndOffset = centralDirectoryOffset + centralDirectorySize
        out.u32(0x0606_4B50)
        out.u64(44) // the record's size after this field
        out.u16(versionMadeBy)
        out.u16(versionNeeded)
        out.u32(0) // this disk
        out.u32(0) // the disk where the central directory starts
        out.u64(entryCount) // on this disk
        out.u64(entryCount) // in all
        out.u64(centralDirectorySize)
        out.u64(centralDirectoryOffset)

        out.u32(0x0706_4B50)
        out.u32(0) // the disk of the ZIP64 end record
        out.u64(zip64EndOffset)
        out.u32(1) // disks in all

        out.u32(0x0605_4B50)
        out.u16(0) // this disk
        out.u16(0) // the disk where the central directory starts
        out.u16(0xFFFF) // entries on this disk
        out.u16(0xFFFF) // entries in all
        out.u32(in64) // central directory size
        out.u32(in64) // central directory offset
        out.u16(0) // comment length
        return out.bytes
    }

    /// An extra field: its id, its length and its data.
    private static func field(_ id: UInt16, _ data: [UInt8]) -> [UInt8] {
        var out = ByteWriter()
        out.u16(id)
        out.u16(UInt16(data.count))
        return out.bytes + data
    }

    /// The extended timestamp (0x5455, "UT"): the modification time in UTC seconds, which
    /// Info-ZIP, 7-Zip and Python's tools prefer to the DOS time's local wall clock. Left out
    /// when the time does not fit its signed 32 bits.
    private static func timestamp(_ time: DOSClock.Time) -> [UInt8] {
        guard let unix = time.unix else { return [] }
        var data = ByteWriter()
        data.u8(1) // flags: the modification time follows
        data.u32(UInt32(bitPattern: unix))
        return field(0x5455, data.bytes)
    }
}

/// Little-endian numbers appended to bytes.
struct ByteWriter {
    var bytes: [UInt8] = []

    mutating func u8(_ value: UInt8) { bytes.append(value) }
    mutating func u16(_ value: UInt16) { withUnsafeBytes(of: value.littleEndian) { bytes += $0 } }
    mutating func u32(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { bytes += $0 } }
    mutating func u64(_ value: UInt64) { withUnsafeBytes(of: value.littleEndian) { bytes += $0 } }
}
