import Foundation
import Spawn

/// A throwaway certificate authority and a server certificate for 127.0.0.1, made with the
/// openssl command line tool.
struct TestCertificates {
    let caFile: String
    let certificateFile: String
    let keyFile: String

    /// Creates the files in `directory`, named with `prefix`.
    init(in directory: String, prefix: String = "") throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = { (name: String) in directory + "/" + prefix + name }
        caFile = path("ca.pem")
        certificateFile = path("server.pem")
        keyFile = path("server.key")
        try Data("subjectAltName=IP:127.0.0.1\n".utf8).write(to: URL(fileURLWithPath: path("ext.cnf")))
        try Self.openssl(["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=Test CA",
                          "-keyout", path("ca.key"), "-out", caFile])
        try Self.openssl(["req", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=127.0.0.1",
                          "-keyout", keyFile, "-out", path("server.csr")])
        try Self.openssl(["x509", "-req", "-days", "2", "-in", path("server.csr"), "-CA", caFile, "-CAkey", path("ca.key"),
                          "-CAcreateserial", "-extfile", path("ext.cnf"), "-out", certificateFile])
    }

    private static func openssl(_ arguments: [String]) throws {
        let run = try ChildProcess.run("/usr/bin/openssl", arguments)
        guard run.status.succeeded else { throw TestFailure("openssl \(arguments.first ?? "") failed: \(run.output)") }
    }
}
