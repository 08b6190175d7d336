import CMosquitto

/// The one owner of a libmosquitto client handle: creates it and frees it when the last
/// holder lets go.
///
/// Two hold it: the `MQTTClient` and its network thread. The client stops and joins the
/// thread before letting go, so the thread is normally the first to leave. The exception is
/// a client whose last reference goes away on the network thread itself (a publish
/// completion holding it, released there); that thread cannot join itself, so it finishes
/// its loop and frees the handle as it leaves rather than having it freed under it.
final class MosquittoHandle: @unchecked Sendable {
    /// Valid for the life of this object. libmosquitto guards its own state with locks;
    /// which thread may do what with it is up to `MQTTClient` and `NetworkLoop`.
    let pointer: OpaquePointer

    /// `context` is handed to every callback; it must outlive the handle.
    init(clientIdentifier: String, cleanSession: Bool, context: UnsafeMutableRawPointer) throws(MQTTError) {
        Mosquitto.initialized
        guard let pointer = mosquitto_new(clientIdentifier, cleanSession, context) else {
            throw .configuration("cannot create a client with id \"\(clientIdentifier)\"")
        }
        self.pointer = pointer
    }

    deinit { mosquitto_destroy(pointer) }
}
