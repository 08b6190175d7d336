import CZlib
import Foundation

/// Produces a ZIP archive block by block as it is read: entries stored (no compression —
/// photos do not compress), each entry's bytes asked for only when its turn comes and
/// dropped once written, so memory holds one entry at a time.
///
/// The archive is always ZIP64, so a gallery past 4 GiB (or 65,535 entries) needs nothing
/// different: each entry is a local header (sizes unknown, general-purpose bit 3) followed
/// by its bytes and a ZIP64 data descriptor with the CRC-32 computed while they went out;
/// then the central directory, the ZIP64 end records and the classic end record.
///
/// Not thread-safe: use it from one thread at a time (a pulled HTTP body reads it from one
/// producer at a time, one call after another). `@unchecked Sendable` so it can be handed
/// to that thread.
public final class ZipStreamReader: @unchecked Sendable {
    private let entries: [ZipEntry]
    /// The names as written, distinct from each other (see `ZipName.distinct`).
    private let names: [[UInt8]]
    private let clock: DOSClock
    /// What the central directory says of each entry written so far.
    private var written: [ZipRecords.Written] = []
    private var stage = Stage.localHeader(0)
    /// The piece being read out: a header, an entry's bytes or a record.
    private var piece: [UInt8] = []
    private var pieceOffset = 0
    /// Whether `piece` is an entry's bytes, whose CRC is taken as they are read out.
    private var pieceIsContents = false
    private var crc: uLong = 0
    private var centralDirectoryOffset: UInt64 = 0
    /// What a failed `contents` threw: every later read throws it too.
    private var failure: (any Error)?

    /// The archive's bytes handed out so far.
    public private(set) var bytesProduced: Int64 = 0

    private enum Stage {
        case localHeader(Int)
        case contents(Int)
        case descriptor(Int)
        case centralHeader(Int)
        case end
        case finished
    }

    public init(entries: [ZipEntry]) {
        self.entries = entries
        self.names = ZipName.distinct(entries.map(\.name)).map { Array($0.utf8) }
        self.clock = DOSClock()
    }

    /// Copies the archive's next bytes into `buffer`, filling it unless the archive ends
    /// first, and returns how many; 0 once the archive is complete. An entry's `contents` is
    /// called when the archive reaches it; if it throws, this throws, and so does every
    /// later call: the archive cannot be completed.
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        precondition(!buffer.isEmpty, "an empty buffer cannot tell a read from the end")
        if let failure { throw failure }
        var filled = 0
        do {
            while filled < buffer.count {
                if pieceOffset == piece.count {
                    guard try advance() else { break }
                    continue
                }
                let count = min(buffer.count - filled, piece.count - pieceOffset)
                piece.withUnsafeBytes { source in
                    let slice = UnsafeRawBufferPointer(rebasing: source[pieceOffset..<(pieceOffset + count)])
                    UnsafeMutableRawBufferPointer(rebasing: buffer[filled..<(filled + count)]).copyMemory(from: slice)
                    if pieceIsContents { crc = Self.crc32(crc, slice) }
                }
                pieceOffset += count
                filled += count
                bytesProduced += Int64(count)
            }
        } catch {
            failure = error
            piece = []
            throw error
        }
        return filled
    }

    /// Makes the next piece, or returns false at the end of the archive. Called when the
    /// current piece is read out, so `bytesProduced` is where the next one starts.
    private func advance() throws -> Bool {
        let position = UInt64(bytesProduced)
        pieceIsContents = false
        pieceOffset = 0
        switch stage {
        case .localHeader(let index):
            guard index < entries.count else {
                centralDirectoryOffset = position
                stage = .centralHeader(0)
                return try advance()
            }
            let entry = entries[index]
            let time = clock.time(of: entry.modified)
            written.append(ZipRecords.Written(name: names[index], time: time, offset: position))
            piece = ZipRecords.localHeader(name: names[index], time: time)
            stage = .contents(index)
        case .contents(let index):
            piece = try entries[index].contents()
            pieceIsContents = true
            crc = 0
            stage = .descriptor(index)
        case .descriptor(let index):
            written[index].crc = UInt32(crc)
            written[index].size = UInt64(piece.count)
            // The entry's bytes are dropped here, before the next entry's are asked for.
            piece = ZipRecords.dataDescriptor(written[index])
            stage = .localHeader(index + 1)
        case .centralHeader(let index):
            guard index < written.count else {
                stage = .end
                return try advance()
            }
            piece = ZipRecords.centralHeader(written[index])
            stage = .centralHeader(index + 1)
        case .end:
            piece = ZipRecords.end(entryCount: UInt64(written.count), centralDirectoryOffset: centralDirectoryOffset,
                                   centralDirectorySize: position - centralDirectoryOffset)
            stage = .finished
        case .finished:
            piece = []
            return false
        }
        return true
    }

    /// zlib's CRC-32 over `bytes`, continued from `crc`; zlib takes 32-bit lengths, so huge
    /// pieces go in parts.
    private static func crc32(_ crc: uLong, _ bytes: UnsafeRawBufferPointer) -> uLong {
        var crc = crc
        var offset = 0
        while offset < bytes.count {
            let count = min(bytes.count - offset, 1 << 30)
            crc = CZlib.crc32(crc, bytes.baseAddress!.advanced(by: offset).assumingMemoryBound(to: Bytef.self), uInt(count))
            offset += count
        }
        return crc
    }
}
