import Foundation
import Fotofolio
@testable import FotofolioWeb
import Imaging
import Testing

/// Deliveries of a large WebP at once decode within the process's budget of megapixels.
@Suite(.serialized) struct DecodingMemoryTests {
    static let parallel = 4
    static let budget = 60

    /// Four deliveries at once of one 55-megapixel WebP, with a budget of 60 megapixels: one
    /// decodes at a time, so the process's peak resident memory grows by at most the budget's
    /// worth (`budget` × `DecodingBudget.bytesPerMegapixel`) and a margin for the four JPEGs
    /// answered. Without the budget the four decoded together, and memory grew by about four
    /// times one decode.
    @Test func parallelDeliveriesOfA55MegapixelPhotoStayWithinTheDecodingBudget() async throws {
        let server = try WebTestServer(decodingBudget: DecodingBudget(megapixels: Self.budget))
        let (_, path, _) = try await SlowWorkPagesTests.deliveredWebP(on: server, width: 10_000, height: 5_500)
        let pending = server.request(path)
        let before = ResidentMemory.resetPeak()
        try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<Self.parallel { group.addTask { try await pending.sent().status } }
            for try await status in group { #expect(status == 200) }
        }
        let growth = ResidentMemory.peak() - before
        let bound = Self.budget * DecodingBudget.bytesPerMegapixel + (64 << 20)
        print("\(Self.parallel) deliveries of 55 MP at once: peak resident memory +\(growth >> 20) MB (bound \(bound >> 20) MB)")
        #expect(growth < bound, "peak resident memory grew by \(growth >> 20) MB")
    }
}

/// The process's resident memory, from `/proc/self/status`.
enum ResidentMemory {
    /// Resets the peak (VmHWM) to the current resident size, and returns it.
    static func resetPeak() -> Int {
        // "5" resets the peak resident set size of the process (proc(5), clear_refs).
        try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
        return field("VmRSS:")
    }

    static func peak() -> Int { field("VmHWM:") }

    private static func field(_ name: String) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name) }),
              let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) else { return 0 }
        return kilobytes * 1024
    }
}
