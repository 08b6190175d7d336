import Archive
import Foundation
import HostileInput
import PropertyBased
import Spawn
import Synchronization
import Testing

/// Deterministic bytes for entry `index`: some empty, most small, a few larger.
private func sample(_ index: Int) -> [UInt8] {
    let count = index % 7 == 0 ? 0 : (index * 37) % 5000 + 1
    return (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ index) }
}

/// 2023-11-14 22:13:20 UTC: 23:13:20 in Prague (winter, UTC+1).
private let winter = Date(timeIntervalSince1970: 1_700_000_000)
/// 2024-07-03 09:46:40 UTC: 11:46:40 in Prague (summer, UTC+2).
private let summer = Date(timeIntervalSince1970: 1_720_000_000)

private let czechNames = ["Žluťoučký kůň.jpg", "Příliš žluťoučký kůň úpěl ďábelské ódy.JPG", "Čeněk/Řeřicha.png",
                          "../x", "/etc/passwd", "a\\b.jpg", "tab\there.jpg", "nul\u{0}byte.jpg", "Žluťoučký kůň.jpg",
                          "žluťoučký KŮŇ.jpg", "Zlutoucky.kun.jpg", ".hidden", "bidi\u{202E}gpj.exe", "C:/Windows/x.jpg",
                          ".. /..../y.jpg", "", "/", "folder/"]
private let czechExpected = ["Žluťoučký kůň.jpg", "Příliš žluťoučký kůň úpěl ďábelské ódy.JPG", "Čeněk/Řeřicha.png",
                             "x", "etc/passwd", "a_b.jpg", "tab_here.jpg", "nul_byte.jpg", "Žluťoučký kůň (2).jpg",
                             "žluťoučký KŮŇ (3).jpg", "Zlutoucky.kun.jpg", ".hidden", "bidigpj.exe", "C_/Windows/x.jpg",
                             "y.jpg", "unnamed", "unnamed (2)", "folder"]

private func entries(_ count: Int, names: [String] = []) -> [ZipEntry] {
    (0..<count).map { index in
        let name = index < names.count ? names[index] : "photo-\(index).jpg"
        return ZipEntry(name: name, modified: index % 2 == 0 ? winter : summer) { sample(index) }
    }
}

@Suite struct ZipStreamReaderTests {
    /// The checks every archive here passes: Python reads it back exactly, with the headers
    /// the format promises; Info-ZIP and bsdtar (when installed) agree.
    private func verify(_ entries: [ZipEntry], names: [String]) throws {
        let bytes = try archive(entries)
        let file = try TemporaryFile(bytes)
        let reading = try readWithPython(file.path)
        #expect(reading.bad == nil)
        #expect(reading.members.map(\.name) == names)
        for (index, member) in reading.members.enumerated() {
            #expect(member.bytes == sample(index), "contents of \(member.name)")
            #expect(member.flags & 0x0808 == 0x0808, "data descriptor and UTF-8 flags")
            #expect(member.versionNeeded == 45)
            #expect(member.compression == 0)
            #expect(member.zip64Extra)
            if index % 2 == 0 {
                #expect(member.dateTime == [2023, 11, 14, 23, 13, 20])
                #expect(member.unixTime == 1_700_000_000)
            } else {
                #expect(member.dateTime == [2024, 7, 3, 11, 46, 40])
                #expect(member.unixTime == 1_720_000_000)
            }
        }

        let unzip = try #require(tool("unzip"), "Info-ZIP unzip is not installed")
        let tested = try ChildProcess.run(unzip, ["-t", file.path])
        if entries.isEmpty {
            // Info-ZIP warns about (and exits 1 for) an archive with nothing in it.
            #expect(tested.output.contains("zipfile is empty"), "\(tested.output)")
        } else {
            #expect(tested.status.succeeded, "\(tested.output)")
            #expect(tested.output.contains("No errors detected"), "\(tested.output)")
        }
        // The listing shows every entry (names may be shown in the C locale's transliteration).
        let listing = try ChildProcess.run(unzip, ["-Z1", file.path])
        #expect(listing.output.split(separator: "\n").count == (entries.isEmpty ? 1 : entries.count), "\(listing.output)")

        if let bsdtar = tool("bsdtar") {
            let listed = try ChildProcess.run(bsdtar, ["-tf", file.path])
            #expect(listed.status.succeeded, "\(listed.output)")
            #expect(listed.output.split(separator: "\n").count == entries.count)
        }
    }

    @Test func emptyArchive() throws {
        try verify([], names: [])
        // The end records alone: ZIP64 end (56), its locator (20), the classic end (22).
        #expect(try archive([]).count == 98)
    }

    @Test func oneEntry() throws {
        try verify(entries(1, names: ["Žluťoučký kůň.jpg"]), names: ["Žluťoučký kůň.jpg"])
    }

    @Test func threeHundredEntriesWithCzechAndHostileNames() throws {
        let names = czechExpected + (czechNames.count..<300).map { "photo-\($0).jpg" }
        try verify(entries(300, names: czechNames), names: names)
    }

    @Test func entryNamesAreSanitized() {
        for (given, expected) in zip(czechNames, czechExpected) where !expected.contains(" (") {
            #expect(ZipEntry(name: given, modified: winter) { [] }.name == expected, "\(given.debugDescription)")
        }
        // macOS's decomposed Unicode is written as composed (NFC).
        #expect(ZipEntry(name: "Z\u{30C}lut\u{30C}ouc\u{30C}ky\u{301}.jpg", modified: winter) { [] }.name.utf8.elementsEqual("Žluťoučký.jpg".utf8))
        // Windows drops trailing dots and spaces, so ".. " would climb out: it goes.
        #expect(ZipEntry(name: "a/.. /b", modified: winter) { [] }.name == "a/b")
        let long = String(repeating: "ř", count: 300) + ".jpg"
        let cut = ZipEntry(name: long, modified: winter) { [] }.name
        #expect(cut.utf8.count <= 240 && cut.hasSuffix("ř.jpg"))
    }

    @Test func bufferSizesMakeIdenticalArchives() throws {
        let list = entries(25, names: czechNames)
        let whole = try archive(list, bufferSize: 65_536)
        #expect(try archive(list, bufferSize: 1) == whole)
        #expect(try archive(list, bufferSize: 7) == whole)
        #expect(try archive(list, bufferSize: 1_000_000) == whole)
    }

    /// Contents are asked for once each, in order, only when the archive reaches them.
    @Test func contentsAreAskedForWhenTheirTurnComes() throws {
        let calls = Mutex<[Int]>([])
        let list = (0..<3).map { index in
            ZipEntry(name: "e\(index)", modified: winter) {
                calls.withLock { $0.append(index) }
                return sample(index + 1)
            }
        }
        let reader = ZipStreamReader(entries: list)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1, alignment: 1)
        defer { buffer.deallocate() }
        // Local header: 30 bytes, the name, the ZIP64 extra (20) and the timestamp (9).
        let header = 30 + 2 + 20 + 9
        var producedAtCall: [Int64] = []
        while try reader.read(into: buffer) == 1 {
            let count = calls.withLock { $0.count }
            if count > producedAtCall.count { producedAtCall.append(reader.bytesProduced) }
        }
        #expect(calls.withLock { $0 } == [0, 1, 2])
        let first = Int64(header + 1)
        let second = first - 1 + Int64(sample(1).count + 24 + header + 1)
        #expect(producedAtCall.prefix(2) == [first, second])
    }

    @Test func throwingContentsMakeReadThrow() throws {
        struct Unreadable: Error {}
        var list = entries(3)
        list[1] = ZipEntry(name: "broken.jpg", modified: winter) { throw Unreadable() }
        let reader = ZipStreamReader(entries: list)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 100, alignment: 1)
        defer { buffer.deallocate() }
        #expect(throws: Unreadable.self) {
            while try reader.read(into: buffer) > 0 {}
        }
        // The archive cannot be finished: later reads fail too rather than end it.
        #expect(throws: Unreadable.self) { try reader.read(into: buffer) }
    }

    /// Entries of 2 MB, each made when its turn comes: memory holds about one. The archive is
    /// at least twice the growth allowed, so a reader holding it fails: 80 entries (160 MB), or
    /// 200 (400 MB, a large gallery) with `FOTOFOLIO_LARGE_TESTS=1` (`make test-large`).
    @Test func memoryHoldsOneEntryAtATime() throws {
        let size = 2_000_000
        let count = ProcessInfo.processInfo.environment["FOTOFOLIO_LARGE_TESTS"] == nil ? 80 : 200
        let made = Atomic<Int>(0)
        let list = (0..<count).map { index in
            ZipEntry(name: "big-\(index).jpg", modified: summer) {
                made.add(1, ordering: .relaxed)
                return [UInt8](repeating: UInt8(truncatingIfNeeded: index), count: size)
            }
        }
        let reader = ZipStreamReader(entries: list)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 65_536, alignment: 1)
        defer { buffer.deallocate() }
        let before = residentBytes()
        var peak = before
        var reads = 0
        var madeAhead = 0
        while try reader.read(into: buffer) > 0 {
            reads += 1
            if reads % 64 == 0 { peak = max(peak, residentBytes()) }
            // Entries made beyond the one being read out.
            madeAhead = max(madeAhead, made.load(ordering: .relaxed) - Int(reader.bytesProduced) / size - 1)
        }
        #expect(made.load(ordering: .relaxed) == count)
        #expect(madeAhead <= 0, "\(madeAhead) entries made before their turn")
        // Per entry: local header (30 + name + 29), data, descriptor (24), central header (46 + name + 37).
        let names = (0..<count).reduce(0) { $0 + "big-\($1).jpg".utf8.count }
        #expect(reader.bytesProduced == Int64(count * (size + 30 + 29 + 24 + 46 + 37) + 2 * names + 98))
        // Other tests run alongside (they were seen adding 24 MB), so allow them room: half the
        // archive, and at most 80 MB (measured alone: about 1 MB at 40 entries).
        #expect(peak - before < min(count * size / 2, 80_000_000), "resident memory grew by \(peak - before) bytes")
    }

    /// Whatever the names, Python reads the archive back with safe, distinct names.
    @Test func hostileNamesNeverBreakTheArchive() async throws {
        await propertyCheck(count: 40, input: HostileText.strings().array(of: 1...12)) { names in
            let list = names.enumerated().map { index, name in
                ZipEntry(name: name, modified: winter) { sample(index) }
            }
            let reading = try readWithPython(try TemporaryFile(try archive(list)).path)
            #expect(reading.bad == nil)
            #expect(reading.members.count == names.count)
            #expect(Set(reading.members.map { $0.name.lowercased() }).count == names.count, "distinct names")
            for (index, member) in reading.members.enumerated() {
                #expect(member.bytes == sample(index))
                let components = member.name.split(separator: "/", omittingEmptySubsequences: false)
                #expect(!member.name.hasPrefix("/") && !member.name.contains("\\"), "\(member.name.debugDescription)")
                #expect(components.allSatisfy { !$0.isEmpty && $0 != "." && $0 != ".." }, "\(member.name.debugDescription)")
                #expect(!member.name.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) },
                        "\(member.name.debugDescription)")
            }
        }
    }
}
