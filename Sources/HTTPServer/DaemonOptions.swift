import CMicroHTTPD
import Foundation

/// The flags and option array given to libmicrohttpd, derived from a configuration.
struct DaemonOptions {
    let flags: UInt32
    private var items: [MHD_OptionItem] = []
    /// Keeps the bound address alive while libmicrohttpd reads it during start-up.
    private var address: [UInt8] = []

    init(_ configuration: ServerConfiguration) throws {
        var flags = MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_EPOLL.rawValue | MHD_USE_TURBO.rawValue
            | MHD_ALLOW_SUSPEND_RESUME.rawValue
        switch configuration.host {
        case nil, "::", "*":
            flags |= MHD_USE_DUAL_STACK.rawValue
        case let host?:
            guard let (bytes, isIPv6) = Self.socketAddress(host, port: configuration.port) else {
                throw HTTPDaemonError(description: "“\(host)” is not an IPv4 or IPv6 address.")
            }
            if isIPv6 { flags |= MHD_USE_IPv6.rawValue }
            address = bytes
        }
        self.flags = flags
        add(.THREAD_POOL_SIZE, max(1, configuration.threadCount))
        add(.CONNECTION_LIMIT, configuration.connectionLimit)
        add(.PER_IP_CONNECTION_LIMIT, configuration.connectionsPerAddress)
        add(.CONNECTION_TIMEOUT, configuration.idleTimeoutSeconds)
        add(.LISTEN_BACKLOG_SIZE, 1024)
        add(.LISTENING_ADDRESS_REUSE, 1)
    }

    private mutating func add(_ option: MHD_OPTION, _ value: Int) {
        items.append(MHD_OptionItem(option: option, value: value, ptr_value: nil))
    }

    /// Calls `body` with the option array, terminated by MHD_OPTION_END.
    func withItems<T>(_ body: (UnsafePointer<MHD_OptionItem>) -> T) -> T {
        var items = self.items
        var address = self.address
        return address.withUnsafeMutableBytes { addressBytes in
            if !addressBytes.isEmpty {
                items.append(MHD_OptionItem(option: .SOCK_ADDR, value: 0, ptr_value: addressBytes.baseAddress))
            }
            items.append(MHD_OptionItem(option: .END, value: 0, ptr_value: nil))
            return items.withUnsafeBufferPointer { body($0.baseAddress!) }
        }
    }

    /// A `sockaddr_in`/`sockaddr_in6` for a numeric address, as raw bytes.
    private static func socketAddress(_ host: String, port: Int) -> ([UInt8], Bool)? {
        var v4 = sockaddr_in()
        if inet_pton(AF_INET, host, &v4.sin_addr) == 1 {
            v4.sin_family = sa_family_t(AF_INET)
            v4.sin_port = in_port_t(UInt16(port).bigEndian)
            return (withUnsafeBytes(of: v4) { Array($0) }, false)
        }
        var v6 = sockaddr_in6()
        if inet_pton(AF_INET6, host, &v6.sin6_addr) == 1 {
            v6.sin6_family = sa_family_t(AF_INET6)
            v6.sin6_port = in_port_t(UInt16(port).bigEndian)
            return (withUnsafeBytes(of: v6) { Array($0) }, true)
        }
        return nil
    }
}
