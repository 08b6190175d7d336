#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Small socket helpers for a broker listening on 127.0.0.1.
enum LoopbackPort {
    /// A port the kernel considers free right now: bind port 0, read the port, close.
    /// Another process may take it before the broker binds it; the broker's start-up
    /// notices "address in use" and asks again.
    static func pickFree() throws(MosquittoBrokerError) -> Int {
        let socketDescriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socketDescriptor >= 0 else { throw .init("cannot open a socket: \(lastError())") }
        defer { close(socketDescriptor) }
        var address = loopbackAddress(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bind(socketDescriptor, socketAddress, length) == 0 && getsockname(socketDescriptor, socketAddress, &length) == 0
            }
        }
        guard bound else { throw .init("cannot bind a loopback port: \(lastError())") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// True when something accepts TCP connections on 127.0.0.1:`port` (the connection is
    /// closed at once).
    static func acceptsConnections(_ port: Int) -> Bool {
        let socketDescriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socketDescriptor >= 0 else { return false }
        defer { close(socketDescriptor) }
        var address = loopbackAddress(port: port)
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                connect(socketDescriptor, socketAddress, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }

    private static func loopbackAddress(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        return address
    }

    private static func lastError() -> String { String(cString: strerror(errno)) }
}
