import Fotofolio
import Foundation
import Logging
import MQTTClient

/// The MQTT side of `fotofolio serve`: a private mosquitto started and supervised in the data
/// folder, or an existing broker named by `--mqtt-url`, and the client that talks to it.
struct LiveBroker {
    let transport: LiveTransport
    /// Held so the private broker lives (and is stopped) with the server.
    let broker: MosquittoBroker?

    /// Starts what is needed and returns once the client is connecting.
    /// - Parameter peoplePort: where the private broker also listens, on every address, for
    ///   people's own clients; without it they reach it from this machine only. With
    ///   `accountsAPI`, where people's clients reach the RabbitMQ cluster (default `url`'s port).
    /// - Parameter accountsAPI: the management API of the RabbitMQ cluster `url` names, which
    ///   then keeps people's accounts (`RabbitMQAccounts`).
    static func start(url: String?, caFile: String?, prefix: String, peoplePort: Int? = nil, accountsAPI: String? = nil,
                      dataDirectory: String, logger: Logger) throws -> LiveBroker {
        let broker: MosquittoBroker?
        var configuration: MQTTClientConfiguration
        var accountsBroker: AccountsBroker?
        if let url {
            broker = nil
            configuration = try Self.configuration(from: url, caFile: caFile)
            logger.info("Live messages travel through the MQTT broker at \(configuration.host):\(configuration.port)")
            if let accountsAPI {
                let address = try RabbitMQManagementAddress(accountsAPI)
                // A broker on this machine's loopback is reached by others at the site's own host.
                let host = ["127.0.0.1", "localhost", "::1"].contains(configuration.host.lowercased()) ? nil : configuration.host
                accountsBroker = .rabbitMQ(RabbitMQAccounts(address: address), host: host, port: peoplePort ?? configuration.port)
                logger.info("People's own MQTT accounts are kept through RabbitMQ's management API at \(address.host)")
            }
        } else {
            let directory = URL(fileURLWithPath: dataDirectory).appendingPathComponent("mqtt").standardizedFileURL.path
            let connectionFile = directory + "/connection"
            let started = try MosquittoBroker(directory: directory, username: "fotofolio",
                                              password: Self.savedPassword(in: connectionFile), peoplePort: peoplePort)
            try started.start()
            Self.save(started, to: connectionFile)
            broker = started
            configuration = MQTTClientConfiguration(host: started.host, port: started.port,
                                                    username: started.username, password: started.password)
            logger.info("Started a private MQTT broker on \(started.host):\(started.port) (files in \(directory))")
            if let peoplePort { logger.info("People's own MQTT clients connect on port \(peoplePort) of every address") }
            accountsBroker = .mosquitto(started)
        }
        configuration.clientIdentifier = MQTTClientConfiguration.uniqueClientIdentifier(prefix: "fotofolio")
        let client = try MQTTClient(configuration: configuration, logger: Logger(label: "mqtt"))
        try client.start()
        return LiveBroker(transport: LiveTransport(client: client, topics: LiveTopics(prefix: prefix), accountsBroker: accountsBroker),
                          broker: broker)
    }

    /// The password of an earlier start, so MQTT tools configured with it keep working.
    private static func savedPassword(in file: String) -> String? {
        guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { return nil }
        return text.split(separator: "\n").first { $0.hasPrefix("MQTT_PASSWORD=") }.map { String($0.dropFirst(14)) }
    }

    /// Writes how to reach the private broker as shell variables, readable only by the
    /// server's user: `. data/mqtt/connection && mosquitto_pub -p "$MQTT_PORT" …`.
    private static func save(_ broker: MosquittoBroker, to file: String) {
        let text = "MQTT_HOST=\(broker.host)\nMQTT_PORT=\(broker.port)\nMQTT_USER=\(broker.username)\nMQTT_PASSWORD=\(broker.password)\n"
        _ = FileManager.default.createFile(atPath: file, contents: Data(text.utf8), attributes: [.posixPermissions: 0o600])
    }

    func stop() {
        transport.client.disconnect()
        broker?.stop()
    }

    /// `mqtt://user:password@host:port` or `mqtts://…` (TLS, checked against `caFile` or the
    /// system's certificate authorities).
    static func configuration(from text: String, caFile: String?) throws -> MQTTClientConfiguration {
        guard let url = URLComponents(string: text), let scheme = url.scheme?.lowercased(),
              scheme == "mqtt" || scheme == "mqtts", let host = url.host, !host.isEmpty else {
            throw LiveBrokerProblem("The MQTT URL must look like mqtt://user:password@host:1883 or mqtts://…, not “\(text)”.")
        }
        let secure = scheme == "mqtts"
        let port = url.port ?? (secure ? 8883 : 1883)
        guard (1...65535).contains(port) else { throw LiveBrokerProblem("The MQTT port must be 1 to 65535.") }
        let tls = secure ? MQTTClientConfiguration.TLS(caFile: caFile ?? "/etc/ssl/certs/ca-certificates.crt") : nil
        return MQTTClientConfiguration(host: host, port: port, username: url.user?.removingPercentEncoding,
                                       password: url.password?.removingPercentEncoding, tls: tls)
    }
}

struct LiveBrokerProblem: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
