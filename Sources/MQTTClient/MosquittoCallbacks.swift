import CMosquitto
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// C callbacks given to libmosquitto. They run on the client's network thread (see
// `NetworkLoop`), inside its read, write and keep-alive calls, with libmosquitto's callback
// lock held: each one unwraps the `ClientSession` context, copies what C owns, and returns.
// Nothing throws across C. The network thread reads errno after those calls return, to
// explain errno errors, so each callback leaves errno as it found it.

private func session(_ context: UnsafeMutableRawPointer?) -> ClientSession? {
    context.map { Unmanaged<ClientSession>.fromOpaque($0).takeUnretainedValue() }
}

private func preservingErrno(_ body: () -> Void) {
    let saved = errno
    body()
    errno = saved
}

/// CONNACK arrived: 0 is accepted, 1–5 are MQTT 3.1.1 refusal codes.
let connectCallback: @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?, Int32) -> Void = { handle, context, code in
    guard let handle else { return }
    preservingErrno { session(context)?.connectionAcknowledged(code: code, handle: handle) }
}

/// The connection closed: `code` 0 when asked for, otherwise a libmosquitto error code.
let disconnectCallback: @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?, Int32) -> Void = { _, context, code in
    preservingErrno { session(context)?.connectionLost(code: code) }
}

/// The broker acknowledged the publish `mid` (for QoS 0: it was written to the socket).
let publishCallback: @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?, Int32) -> Void = { _, context, mid in
    preservingErrno { session(context)?.publishAcknowledged(mid: mid) }
}

/// SUBACK for `mid`, with the QoS granted per filter; 0x80 means refused.
let subscribeCallback: @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?, Int32, Int32, UnsafePointer<Int32>?) -> Void = { _, context, mid, count, granted in
    let refused = UnsafeBufferPointer(start: granted, count: Int(max(count, 0))).contains { $0 == 0x80 }
    preservingErrno { session(context)?.subscribeAcknowledged(mid: mid, granted: !refused) }
}

/// A PUBLISH arrived; libmosquitto frees `message` when this returns, so it is copied.
let messageCallback: @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?, UnsafePointer<mosquitto_message>?) -> Void = { _, context, message in
    guard let message = message?.pointee, let topic = message.topic else { return }
    let payload = message.payload.map { Array(UnsafeRawBufferPointer(start: $0, count: Int(message.payloadlen))) } ?? []
    let copy = MQTTMessage(topic: String(cString: topic), payload: payload,
                           qos: MQTTQualityOfService(rawValue: message.qos) ?? .atMostOnce, retained: message.retain)
    preservingErrno { session(context)?.messageReceived(copy) }
}

/// libmosquitto's log; only errors and warnings are passed on, the rest is per-packet detail.
/// Also called from other threads, when a publish or subscribe call logs.
let logCallback: @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?, Int32, UnsafePointer<CChar>?) -> Void = { _, context, level, text in
    let isError = level & Int32(MOSQ_LOG_ERR) != 0
    guard isError || level & Int32(MOSQ_LOG_WARNING) != 0, let text else { return }
    let message = String(cString: text)
    preservingErrno { session(context)?.libraryLogged(message, isError: isError) }
}
