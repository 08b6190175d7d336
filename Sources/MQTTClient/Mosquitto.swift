import CMosquitto
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Process-wide libmosquitto set-up and its error texts.
enum Mosquitto {
    /// `mosquitto_lib_init` must run once per process before any client exists; a global
    /// `let` runs its initializer exactly once, whichever thread gets there first. The
    /// library is never cleaned up: clients may live until the process exits.
    static let initialized: Void = { _ = mosquitto_lib_init() }()

    static let success = Int32(MOSQ_ERR_SUCCESS.rawValue)
    static let noConnection = Int32(MOSQ_ERR_NO_CONN.rawValue)
    static let connectionRefused = Int32(MOSQ_ERR_CONN_REFUSED.rawValue)
    static let invalidArgument = Int32(MOSQ_ERR_INVAL.rawValue)

    /// libmosquitto's text for an error code, e.g. "The connection was lost.".
    static func errorText(_ code: Int32) -> String {
        mosquitto_strerror(code).map { String(cString: $0) } ?? "error \(code)"
    }

    /// The broker's reason for refusing a connection, e.g. "Connection Refused: not authorised.".
    static func refusalText(_ code: Int32) -> String {
        mosquitto_connack_string(code).map { String(cString: $0) } ?? "Connection Refused: code \(code)."
    }

    /// Whether libmosquitto's network thread (`mosquitto_loop_forever`) gives up instead of
    /// reconnecting after a connection ended with `code` while errno was `errno`. It stops on
    /// the errors it calls fatal, and on any error with errno EPROTO, which is what a TLS
    /// connection reports when its broker goes away (libmosquitto 2.0.11–2.0.18).
    static func networkLoopEnds(afterLosingConnectionWith code: Int32, errno: Int32) -> Bool {
        let fatal: [mosq_err_t] = [
            MOSQ_ERR_NOMEM, MOSQ_ERR_PROTOCOL, MOSQ_ERR_INVAL, MOSQ_ERR_NOT_FOUND, MOSQ_ERR_TLS,
            MOSQ_ERR_PAYLOAD_SIZE, MOSQ_ERR_NOT_SUPPORTED, MOSQ_ERR_AUTH, MOSQ_ERR_ACL_DENIED,
            MOSQ_ERR_UNKNOWN, MOSQ_ERR_EAI, MOSQ_ERR_PROXY,
        ]
        guard code != success else { return false }
        return fatal.contains { Int32($0.rawValue) == code } || errno == EPROTO
    }

    static func error(_ code: Int32) -> MQTTError { .library(code: code, message: errorText(code)) }
}
