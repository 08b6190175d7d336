import Synchronization

extension PasswordHasher {
    /// Does the work of one verification when there is no account to verify against, so a
    /// login for a name nobody has takes as long as one with a wrong password: otherwise the
    /// answer time alone would tell which usernames and e-mail addresses exist.
    public func verifyDecoy(_ password: String) throws(PasswordHashError) {
        _ = verify(password, against: try Self.decoyHash(for: parameters))
    }

    /// A hash of a random password with `parameters`, made once per process on first use:
    /// verifying against it costs what verifying a stored hash with those parameters costs.
    static func decoyHash(for parameters: Parameters) throws(PasswordHashError) -> String {
        try decoys.withLock { decoys throws(PasswordHashError) -> String in
            if let hash = decoys[parameters] { return hash }
            let hash = try PasswordHasher(parameters: parameters).hash(RandomToken.make())
            decoys[parameters] = hash
            return hash
        }
    }

    /// Held while a decoy is first made (tens of milliseconds, once), so two first logins
    /// do not each make one.
    private static let decoys = Mutex<[Parameters: String]>([:])
}
