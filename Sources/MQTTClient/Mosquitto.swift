import CMosquitto

/// Process-wide libmosquitto set-up and its error texts.
enum Mosquitto {
    /// `mosquitto_lib_init` must run once per process before any client exists; a global
    /// `let` runs its initializer exactly once, whichever thread gets there first. The
    /// library is never cleaned up: clients may live until the process exits.
    static let initialized: Void = { _ = mosquitto_lib_init() }()

    static let success = Int32(MOSQ_ERR_SUCCESS.rawValue)
    static let noConnection = Int32(MOSQ_ERR_NO_CONN.rawValue)
    static let connectionRefused = Int32(MOSQ_ERR_CONN_REFUSED.rawValue)
    static let tlsError = Int32(MOSQ_ERR_TLS.rawValue)
    /// The error is in errno; `errorText` reads it, so call that before anything else can change it.
    static let errnoError = Int32(MOSQ_ERR_ERRNO.rawValue)

    /// libmosquitto's text for an error code, e.g. "The connection was lost.".
    static func errorText(_ code: Int32) -> String {
        mosquitto_strerror(code).map { String(cString: $0) } ?? "error \(code)"
    }

    /// The broker's reason for refusing a connection, e.g. "Connection Refused: not authorised.".
    static func refusalText(_ code: Int32) -> String {
        mosquitto_connack_string(code).map { String(cString: $0) } ?? "Connection Refused: code \(code)."
    }

    static func error(_ code: Int32) -> MQTTError { .library(code: code, message: errorText(code)) }
}
