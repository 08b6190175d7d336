import CArgon2
import Foundation
import PollingThreads
import Synchronization

/// Hashes and verifies passwords with argon2id (libargon2), stored in the encoded form
/// (`$argon2id$v=19$m=…,t=…,p=…$salt$hash`) so the parameters can be raised later.
///
/// Hashing deliberately takes tens of milliseconds and ~19 MiB: never on a polling thread
/// (a route that hashes or verifies is slow, `RouteOptions.isSlow`; a debug build stops when
/// one does it there), and at most `concurrentRuns` at once, so a flood of wrong passwords
/// waits its turn instead of taking 19 MiB per try.
public struct PasswordHasher: Sendable {
    /// Cost parameters; the defaults are OWASP's current recommendation for argon2id
    /// (19 MiB of memory, 2 iterations, 1 lane).
    public struct Parameters: Sendable, Hashable {
        public var memoryKiB: UInt32 = 19 * 1024
        public var iterations: UInt32 = 2
        public var parallelism: UInt32 = 1

        public init() {}

        /// Cheap parameters for tests, where hashing speed matters more than strength.
        public static var fastForTests: Parameters {
            var parameters = Parameters()
            parameters.memoryKiB = 64
            parameters.iterations = 1
            return parameters
        }
    }

    static let saltLength = 16
    static let hashLength = 32

    public let parameters: Parameters
    /// Shared by every copy of this hasher, so the service holding one and whoever made it
    /// see the same count.
    private let verifications = VerificationCount()
    /// The runs of argon2 under way, shared by every copy of this hasher.
    let slots: HashingSlots

    public init(parameters: Parameters = Parameters(), concurrentRuns: Int = ProcessInfo.processInfo.activeProcessorCount) {
        self.parameters = parameters
        slots = HashingSlots(limit: concurrentRuns)
    }

    /// How many passwords this hasher (and its copies) has verified. Each verification is
    /// the expensive argon2 work, so the count shows that every kind of failed login costs
    /// the same, which timing alone cannot show reliably.
    public var verificationCount: Int { verifications.value }

    /// The encoded hash of `password` with a fresh random salt.
    public func hash(_ password: String) throws(PasswordHashError) -> String {
        var salt = [UInt8](repeating: 0, count: Self.saltLength)
        var generator = SystemRandomNumberGenerator()
        for index in salt.indices { salt[index] = generator.next() }
        let length = argon2_encodedlen(parameters.iterations, parameters.memoryKiB, parameters.parallelism,
                                       UInt32(salt.count), UInt32(Self.hashLength), Argon2_id)
        var encoded = [CChar](repeating: 0, count: length)
        let bytes = Array(password.utf8)
        let result = slots.run {
            argon2id_hash_encoded(parameters.iterations, parameters.memoryKiB, parameters.parallelism,
                                  bytes, bytes.count, salt, salt.count, Self.hashLength, &encoded, length)
        }
        guard result == ARGON2_OK.rawValue else { throw PasswordHashError(code: result) }
        return String(decoding: encoded.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Whether `password` matches `encoded`. A malformed hash never matches.
    public func verify(_ password: String, against encoded: String) -> Bool {
        verifications.add()
        let bytes = Array(password.utf8)
        return slots.run { argon2id_verify(encoded, bytes, bytes.count) } == ARGON2_OK.rawValue
    }

    /// Whether `encoded` was made with weaker parameters than the current ones, so it
    /// should be replaced the next time the password is known (at login).
    public func needsRehash(_ encoded: String) -> Bool {
        guard let stored = Self.parameters(of: encoded) else { return true }
        return stored.memoryKiB < parameters.memoryKiB || stored.iterations < parameters.iterations
            || stored.parallelism < parameters.parallelism
    }

    /// Reads `m=…,t=…,p=…` from an encoded hash.
    static func parameters(of encoded: String) -> Parameters? {
        let fields = encoded.split(separator: "$")
        guard fields.count >= 4, fields[0] == "argon2id" else { return nil }
        var values: [Substring: UInt32] = [:]
        for pair in fields[2].split(separator: ",") {
            let parts = pair.split(separator: "=")
            if parts.count == 2, let value = UInt32(parts[1]) { values[parts[0]] = value }
        }
        guard let memory = values["m"], let iterations = values["t"], let lanes = values["p"] else { return nil }
        var parameters = Parameters()
        parameters.memoryKiB = memory
        parameters.iterations = iterations
        parameters.parallelism = lanes
        return parameters
    }
}

/// A counter that copies of a hasher share; atomic because requests verify on many threads.
private final class VerificationCount: Sendable {
    private let count = Atomic<Int>(0)

    var value: Int { count.load(ordering: .relaxed) }

    func add() { count.add(1, ordering: .relaxed) }
}

/// libargon2 refused to hash (out of memory, bad parameters).
public struct PasswordHashError: Error, CustomStringConvertible {
    public let code: Int32
    public var description: String {
        "Password hashing failed: " + (argon2_error_message(code).map { String(cString: $0) } ?? "error \(code)")
    }
}
