import Foundation
import Fotofolio
@testable import FotofolioWeb
import Imaging
import Synchronization
import Testing

/// Deliveries of a large WebP at once decode within the process's budget of megapixels.
@Suite(.serialized) struct DecodingMemoryTests {
    static let parallel = 4
    static let budget = 60

    /// Four deliveries at once of one 55-megapixel WebP, with a budget of 60 megapixels: one
    /// decodes at a time, so the process's peak resident memory grows by at most the budget's
    /// worth (`budget` × `DecodingBudget.bytesPerMegapixel`) and a margin for the four JPEGs
    /// answered. Without the budget the four decoded together, and memory grew by about four
    /// times one decode. A delivery told to come back (503: the others took longer than it
    /// may wait) asks again at once, as a client obeying `Retry-After` would.
    @Test func parallelDeliveriesOfA55MegapixelPhotoStayWithinTheDecodingBudget() async throws {
        await ResidentMemory.turns.take()
        defer { ResidentMemory.turns.give() }
        let server = try WebTestServer(decodingBudget: DecodingBudget(megapixels: Self.budget))
        let (_, path, _) = try await SlowWorkPagesTests.deliveredWebP(on: server, width: 10_000, height: 5_500)
        let pending = server.request(path)
        let before = ResidentMemory.resetPeak()
        try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<Self.parallel {
                group.addTask {
                    for _ in 0..<10 {
                        let status = try await pending.sent().status
                        if status != 503 { return status }
                    }
                    return 503
                }
            }
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
    /// Tests that measure it take turns: one's decodes would show in the other's growth.
    static let turns = Turns()

    final class Turns: Sendable {
        private let state = Mutex<(busy: Bool, waiting: [CheckedContinuation<Void, Never>])>((false, []))

        func take() async {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let now = state.withLock { state -> Bool in
                    if state.busy { state.waiting.append(continuation); return false }
                    state.busy = true
                    return true
                }
                if now { continuation.resume() }
            }
        }

        func give() {
            let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
                guard !state.waiting.isEmpty else {
                    state.busy = false
                    return nil
                }
                return state.waiting.removeFirst()
            }
            next?.resume()
        }
    }

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
