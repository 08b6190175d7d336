import Foundation
import FotofolioPostgres
import Postgres
import Spawn

/// A throwaway PostgreSQL cluster for the tests: `initdb` into a folder under the temporary
/// directory, a server listening only on a Unix socket there, and a fresh database for each
/// test that asks (empty, or a copy of a template the migrations ran on once per process).
/// The server dies with the test process (parent-death signal) and the folder is removed
/// when the process exits. PostgreSQL refuses to run as root, so as root the cluster
/// belongs to `nobody`.
///
/// Durability is off (`fsync`, `synchronous_commit`, `full_page_writes`): the data is thrown
/// away anyway, and the tests measure behaviour, not disks.
public final class TemporaryPostgres: @unchecked Sendable {
    /// The cluster every test of this process shares; started on first use.
    public static var shared: TemporaryPostgres {
        get throws { try sharedCluster.get() }
    }

    private static let sharedCluster = Result { try TemporaryPostgres() }

    /// The folder of the cluster: its data, its socket and its log.
    public let folder: URL
    /// The superuser of the cluster (no password: the socket is the cluster's own).
    public let user = "fotofolio"
    private let server: ChildProcess
    private let counter = NSLock()
    private var databases = 0
    /// The migrated template's name, made by the first test that asks for one; the others
    /// wait for it rather than migrate too.
    private var migratedTemplate: Result<String, any Error>?
    private let migrating = NSLock()

    public init() throws {
        guard let binaries = Self.binaries else {
            throw PostgresError(sqlState: nil, message: "PostgreSQL's server is not installed: apt-get install postgresql")
        }
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("fotofolio-postgres-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o755])
        let owner = getuid() == 0 ? Self.nobody : nil
        if let owner { chown(folder.path, owner.uid, owner.gid) }
        let data = folder.appendingPathComponent("data").path
        let initdb = try ChildProcess.run(Self.setpriv, Self.privileges(owner) + [
            "--", binaries + "/initdb", "-D", data, "-U", user, "--auth=trust", "-E", "UTF8", "--locale=C.UTF-8", "--no-sync",
        ])
        guard initdb.status == .exited(0) else {
            throw PostgresError(sqlState: nil, message: "initdb failed: \(initdb.output)")
        }
        let log = open(folder.appendingPathComponent("server.log").path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        defer { close(log) }
        server = try ChildProcess(
            executable: Self.setpriv,
            arguments: Self.privileges(owner) + ["--pdeathsig", "KILL", "--", binaries + "/postgres", "-D", data,
                                                  "-k", folder.path, "-c", "listen_addresses=", "-c", "fsync=off",
                                                  "-c", "synchronous_commit=off", "-c", "full_page_writes=off",
                                                  "-c", "max_connections=200"],
            standardOutput: .descriptor(log), standardError: .descriptor(log))
        Self.removeAtExit(folder.path, server: server.processIdentifier)
        let deadline = ContinuousClock.now + .seconds(60)
        while true {
            if (try? PostgresConnection(url: url(database: "postgres"))) != nil { break }
            if server.hasExited || ContinuousClock.now > deadline {
                server.send(SIGKILL)
                let output = (try? String(contentsOf: folder.appendingPathComponent("server.log"), encoding: .utf8)) ?? ""
                throw PostgresError(sqlState: nil, message: "the test cluster did not start: \(output)")
            }
            Thread.sleep(forTimeInterval: 0.02)
        }
    }

    deinit {
        server.send(SIGINT)
        _ = server.wait(timeout: .seconds(30))
    }

    /// The URL of database `database` on this cluster.
    public func url(database: String) -> String {
        let socket = folder.path.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? folder.path
        return "postgresql://\(user)@/\(database)?host=\(socket)"
    }

    /// Creates an empty database of its own for one test and returns its URL. The tests of
    /// the migrations themselves start from one.
    public func newDatabase() throws -> String {
        url(database: try createDatabase(copying: "template0"))
    }

    /// Creates a database of its own for one test with every migration of `PostgresSchema`
    /// applied, and returns its URL. The migrations run once per test process, into a
    /// template; each test's database is a copy of it (`CREATE DATABASE … TEMPLATE`), which
    /// takes a fraction of the time the migrations take. Nobody connects to the template
    /// once it is made, since PostgreSQL copies only a database without sessions; copies
    /// made at the same moment are allowed.
    public func newMigratedDatabase() throws -> String {
        migrating.lock()
        if migratedTemplate == nil {
            migratedTemplate = Result {
                let name = try createDatabase(copying: "template0", prefix: "migrated")
                let pool = try PostgresPool(url: url(database: name), size: 1)
                defer { pool.close() }
                try PostgresSchema.migrate(pool)
                // The migrations leave the catalogs half empty; every copy would carry that
                // space, and the folder (removed at exit) would be twice the size.
                try pool.withConnection { try $0.execute("VACUUM FULL") }
                return name
            }
        }
        let template = migratedTemplate!
        migrating.unlock()
        return url(database: try createDatabase(copying: try template.get()))
    }

    /// Creates a database as a copy of `template` and returns its name.
    private func createDatabase(copying template: String, prefix: String = "test") throws -> String {
        counter.lock()
        databases += 1
        let name = "\(prefix)_\(getpid())_\(databases)"
        counter.unlock()
        let administration = try PostgresConnection(url: url(database: "postgres"))
        try administration.execute("CREATE DATABASE \(name) TEMPLATE \(template) ENCODING 'UTF8'")
        return name
    }

    // MARK: - Finding and running the server

    private static let setpriv = "/usr/bin/setpriv"

    /// The newest PostgreSQL server's bin folder of Debian's packages.
    private static var binaries: String? {
        let root = "/usr/lib/postgresql"
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        return versions.compactMap(Int.init).sorted().last
            .map { "\(root)/\($0)/bin" }
            .flatMap { FileManager.default.isExecutableFile(atPath: $0 + "/postgres") ? $0 : nil }
    }

    private static var nobody: (uid: uid_t, gid: gid_t)? {
        guard let entry = getpwnam("nobody") else { return nil }
        return (entry.pointee.pw_uid, entry.pointee.pw_gid)
    }

    private static func privileges(_ owner: (uid: uid_t, gid: gid_t)?) -> [String] {
        guard let owner else { return [] }
        return ["--reuid=\(owner.uid)", "--regid=\(owner.gid)", "--clear-groups"]
    }

    nonisolated(unsafe) private static var leftAtExit: [(folder: String, server: pid_t)] = []
    private static let removal = NSLock()

    /// At exit the server is killed first (it would otherwise outlive the folder for a moment,
    /// until its parent-death signal), then its folder is removed.
    private static func removeAtExit(_ folder: String, server: pid_t) {
        removal.lock()
        defer { removal.unlock() }
        if leftAtExit.isEmpty {
            atexit {
                TemporaryPostgres.removal.lock()
                defer { TemporaryPostgres.removal.unlock() }
                for (folder, server) in TemporaryPostgres.leftAtExit {
                    kill(server, SIGKILL)
                    var tries = 0
                    while kill(server, 0) == 0 && tries < 200 { // until it is gone and reaped, 2 s at most
                        usleep(10_000)
                        tries += 1
                    }
                    try? FileManager.default.removeItem(atPath: folder)
                }
            }
        }
        leftAtExit.append((folder, server))
    }
}
