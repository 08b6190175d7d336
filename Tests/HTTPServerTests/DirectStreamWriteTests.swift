import Foundation
import Synchronization
import Testing
@testable import HTTPServer

/// A suspended stream's bytes go to its socket from the writer itself; the connection is
/// woken only for what the socket did not take. Checked on a socket pair with a small send
/// buffer, so the partial write is certain.
@Suite struct DirectStreamWriteTests {
    final class Wakes: Sendable {
        let count = Atomic<Int>(0)
    }

    /// A writer whose connection waits for bytes, with the socket it may write to, and the
    /// other end of that socket.
    static func suspendedWriter(sendBuffer: Int32 = 4_096) throws -> (ResponseStreamWriter, Wakes, peer: Int32, own: Int32) {
        var pair: [Int32] = [0, 0]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair) == 0)
        var size = sendBuffer
        setsockopt(pair[0], SOL_SOCKET, SO_SNDBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        let wakes = Wakes()
        let writer = ResponseStreamWriter { wakes.count.add(1, ordering: .relaxed) }
        writer.sendsDirectly(on: pair[0])
        var scratch = [UInt8](repeating: 0, count: 16)
        let read = scratch.withUnsafeMutableBytes { writer.read(into: $0, suspend: {}) }
        guard case .suspend = read else { throw Failure() }
        return (writer, wakes, pair[1], pair[0])
    }

    struct Failure: Error {}

    static func receive(_ socket: Int32, _ count: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while bytes.count < count {
            let got = recv(socket, &chunk, min(chunk.count, count - bytes.count), Int32(MSG_DONTWAIT))
            if got <= 0 { break }
            bytes += chunk[..<got]
        }
        return bytes
    }

    @Test func whatTheSocketTakesGoesWithoutWakingTheConnection() throws {
        let (writer, wakes, peer, own) = try Self.suspendedWriter()
        defer { close(peer); close(own) }
        writer.queue(Array("data: one\n\n".utf8))
        writer.flush()
        #expect(Self.receive(peer, 11) == Array("data: one\n\n".utf8))
        #expect(wakes.count.load(ordering: .relaxed) == 0)
    }

    @Test func whatTheSocketDoesNotTakeIsLeftToTheConnectionInOrder() throws {
        let (writer, wakes, peer, own) = try Self.suspendedWriter()
        defer { close(peer); close(own) }
        let burst = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 % 251) }
        writer.queue(burst)
        writer.flush()
        #expect(wakes.count.load(ordering: .relaxed) == 1)
        let direct = Self.receive(peer, burst.count)
        #expect(!direct.isEmpty && direct.count < burst.count)
        // The woken connection reads the rest from the writer, from where the socket stopped.
        var rest: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let read = buffer.withUnsafeMutableBytes { writer.read(into: $0, suspend: {}) }
            guard case .bytes(let count) = read else { break }
            rest += buffer[..<count]
        }
        #expect(direct + rest == burst)
    }

    @Test func aClosedConnectionsSocketIsNeverWrittenAgain() throws {
        let (writer, wakes, peer, own) = try Self.suspendedWriter()
        defer { close(peer); close(own) }
        writer.connectionClosed()
        #expect(!writer.queue(Array("late".utf8)))
        writer.flush()
        #expect(Self.receive(peer, 4).isEmpty)
        #expect(wakes.count.load(ordering: .relaxed) == 0)
    }
}
