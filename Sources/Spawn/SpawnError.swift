#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a child process could not be started or its output read: the C call that failed
/// and its error number, with the C library's own message.
public struct SpawnError: Error, CustomStringConvertible, Sendable {
    public let call: String
    /// The errno value.
    public let code: Int32
    public let executable: String

    public var description: String {
        "\(call) \(executable): \(String(cString: strerror(code)))"
    }
}
