import Foundation
import HTTPServer
import Synchronization

/// How many gallery archives are being sent at once: per client (the signed-in person, else
/// the gallery's link), per address, and in all. An archive holds a thread making its
/// files and one photo or two in memory for as long as its client takes to read it, so a
/// client opening dozens of them at once would hold that many; past a limit the answer is
/// 429 (that client) or 503 (everyone's), with `Retry-After`.
final class ArchiveSlots: Sendable {
    struct Limits: Sendable {
        var perClient = 2
        var perAddress = 4
        var total = max(4, 2 * ProcessInfo.processInfo.activeProcessorCount)
    }

    /// When to ask again once refused: an archive of a wedding takes minutes.
    static let retryAfter = 30

    let limits: Limits
    private let counts = Mutex(Counts())

    private struct Counts {
        var clients: [String: Int] = [:]
        var addresses: [String: Int] = [:]
        var total = 0
    }

    init(limits: Limits = Limits()) {
        self.limits = limits
    }

    /// A slot for one archive, given back when the slot is let go (with the response's body).
    func take(client: String, address: String) throws(HTTPFailure) -> ArchiveSlot {
        let refusal = counts.withLock { counts -> HTTPStatus? in
            if counts.clients[client, default: 0] >= limits.perClient || counts.addresses[address, default: 0] >= limits.perAddress {
                return .tooManyRequests
            }
            if counts.total >= limits.total { return .serviceUnavailable }
            counts.clients[client, default: 0] += 1
            counts.addresses[address, default: 0] += 1
            counts.total += 1
            return nil
        }
        if let refusal {
            let message = refusal == .tooManyRequests ? "Too many archives are being downloaded from here at once."
                : "Too many archives are being downloaded at once."
            throw HTTPFailure(refusal, message, headers: ["Retry-After": String(Self.retryAfter)])
        }
        return ArchiveSlot { [self] in give(client: client, address: address) }
    }

    /// Archives being sent now.
    var inUse: Int { counts.withLock { $0.total } }

    private func give(client: String, address: String) {
        counts.withLock { counts in
            counts.clients[client] = counts.clients[client].flatMap { $0 > 1 ? $0 - 1 : nil }
            counts.addresses[address] = counts.addresses[address].flatMap { $0 > 1 ? $0 - 1 : nil }
            counts.total -= 1
        }
    }
}

/// One archive's place among those being sent; its place is given back when it goes.
final class ArchiveSlot: Sendable {
    private let release: @Sendable () -> Void

    init(release: @escaping @Sendable () -> Void) {
        self.release = release
    }

    deinit { release() }
}
