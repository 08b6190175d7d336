import Foundation

/// How the HTTP daemon listens and what it tolerates.
public struct ServerConfiguration: Sendable {
    /// Address to bind; nil listens on every IPv4 and IPv6 address (dual stack).
    public var host: String?
    /// TCP port; 0 picks a free one (see `HTTPDaemon.port`).
    public var port: Int = 8080
    /// Polling threads, each with its own epoll set.
    public var threadCount = ProcessInfo.processInfo.activeProcessorCount
    /// Open connections at most; `ulimit -n` caps this from above.
    public var connectionLimit = 10_000
    /// Open connections from one address at most (0 means no limit).
    public var connectionsPerAddress = 256
    /// Seconds an idle connection is kept open (suspended streams do not time out).
    public var idleTimeoutSeconds = 60
    /// How long shutdown waits for in-flight requests before closing everything.
    public var shutdownGracePeriod: Duration = .seconds(10)
    public var bodyLimits = BodyLimits()
    /// Where multipart uploads are spooled while a request is handled.
    public var temporaryDirectory: String

    public init(host: String? = nil, port: Int = 8080, temporaryDirectory: String) {
        self.host = host
        self.port = port
        self.temporaryDirectory = temporaryDirectory
    }
}
