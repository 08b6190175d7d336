import Foundation
import MQTTClient
import Waiting
import Synchronization

/// A private mosquitto in its own temporary directory, for one test; stopped and cleaned
/// up when the test lets go of it.
final class TestBroker: Sendable {
    let broker: MosquittoBroker
    /// The CA clients trust when the broker speaks TLS.
    let caFile: String?

    /// - Parameter tls: listen with TLS, using a certificate from a fresh test CA.
    init(tls: Bool = false) throws {
        let directory = NSTemporaryDirectory() + "mqtt-test-" + UUID().uuidString
        let certificates = tls ? try TestCertificates(in: directory) : nil
        caFile = certificates?.caFile
        broker = try MosquittoBroker(
            directory: directory,
            tls: certificates.map { .init(certificateFile: $0.certificateFile, keyFile: $0.keyFile) })
        try broker.start()
    }

    deinit {
        broker.stop()
        try? FileManager.default.removeItem(atPath: broker.directory)
    }

    /// A configuration with this broker's address and credentials and a test client id.
    func configuration(password: String? = nil) -> MQTTClientConfiguration {
        MQTTClientConfiguration(
            host: broker.host, port: broker.port, username: broker.username, password: password ?? broker.password,
            tls: caFile.map { .init(caFile: $0) },
            clientIdentifier: MQTTClientConfiguration.uniqueClientIdentifier(prefix: "test"))
    }

    /// A started client; tests wait for `.connected` themselves where it matters.
    func client(password: String? = nil, configure: (inout MQTTClientConfiguration) -> Void = { _ in }) throws -> MQTTClient {
        var configuration = configuration(password: password)
        configure(&configuration)
        let client = try MQTTClient(configuration: configuration)
        try client.start()
        return client
    }

    /// A started client that the broker has accepted.
    func connectedClient(configure: (inout MQTTClientConfiguration) -> Void = { _ in }) throws -> MQTTClient {
        let client = try client(configure: configure)
        guard eventually({ client.state == .connected }) else {
            throw TestFailure("client did not connect: \(client.state)")
        }
        return client
    }
}

struct TestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Collects what a handler or completion receives, for a test to inspect.
final class Inbox<Item: Sendable>: Sendable {
    private let items = Mutex<[Item]>([])

    func add(_ item: Item) { items.withLock { $0.append(item) } }
    var all: [Item] { items.withLock { $0 } }
    var count: Int { items.withLock { $0.count } }
}

extension Inbox where Item == MQTTMessage {
    var texts: [String] { all.map { $0.text ?? "" } }
    var topics: [String] { all.map(\.topic) }
}

/// Whether a process with this id exists.
func processExists(_ identifier: Int32) -> Bool { kill(identifier, 0) == 0 }
