import CMicroHTTPD
import Foundation

// C callbacks given to libmicrohttpd. Each one unwraps its context and forwards to Swift;
// nothing throws across C. They run on libmicrohttpd's polling threads.

/// Called several times per request: once when the headers are parsed, once per body
/// chunk, and once more when the body is complete.
let accessHandler: MHD_AccessHandlerCallback = { context, connection, url, method, _, uploadData, uploadSize, requestContext in
    guard let context, let connection, let requestContext, let uploadSize else { return .NO }
    let daemon = Unmanaged<HTTPDaemon>.fromOpaque(context).takeUnretainedValue()
    guard let existing = requestContext.pointee else {
        // A request line that is not UTF-8 keeps an empty path, which RequestPath rejects (400).
        let state = daemon.beginRequest(connection, method: method.flatMap { String(validatingCString: $0) } ?? "",
                                        url: url.flatMap { String(validatingCString: $0) } ?? "")
        requestContext.pointee = Unmanaged.passRetained(state).toOpaque()
        return daemon.headersReceived(state, on: connection)
    }
    let state = Unmanaged<RequestState>.fromOpaque(existing).takeUnretainedValue()
    if uploadSize.pointee > 0 {
        let chunk = UnsafeRawBufferPointer(start: uploadData, count: uploadSize.pointee)
        uploadSize.pointee = 0
        return daemon.bodyReceived(chunk, for: state, on: connection)
    }
    return daemon.requestComplete(state, on: connection)
}

/// Called once when a request is over (answered, failed or the client left).
let requestCompleted: MHD_RequestCompletedCallback = { context, _, requestContext, _ in
    guard let context, let requestContext, let existing = requestContext.pointee else { return }
    requestContext.pointee = nil
    let state = Unmanaged<RequestState>.fromOpaque(existing).takeRetainedValue()
    state.cleanUp()
    Unmanaged<HTTPDaemon>.fromOpaque(context).takeUnretainedValue().requestEnded()
}

/// Called when a connection opens and closes; keeps the open-connection count.
let connectionNotified: MHD_NotifyConnectionCallback = { context, _, _, code in
    guard let context else { return }
    let daemon = Unmanaged<HTTPDaemon>.fromOpaque(context).takeUnretainedValue()
    if code == .CONNECTION_NOTIFY_STARTED { daemon.connectionOpened() } else { daemon.connectionClosed() }
}

/// Supplies the next bytes of a streamed response, or suspends the connection when
/// nothing is queued (returning 0 without suspending would busy-loop the thread).
let streamReader: MHD_ContentReaderCallback = { context, _, buffer, capacity in
    guard let context, let buffer else { return -1 }
    let stream = Unmanaged<StreamConnection>.fromOpaque(context).takeUnretainedValue()
    switch stream.writer.read(into: UnsafeMutableRawBufferPointer(start: buffer, count: capacity), suspend: stream.suspend) {
    case .bytes(let count): return count
    case .suspend: return 0
    case .end:
        stream.ended()
        return -1 // MHD_CONTENT_READER_END_OF_STREAM
    case .fail: return -2 // MHD_CONTENT_READER_END_WITH_ERROR
    }
}

/// Called when libmicrohttpd frees a streamed response: the connection is done with it.
let streamReleased: MHD_ContentReaderFreeCallback = { context in
    guard let context else { return }
    Unmanaged<StreamConnection>.fromOpaque(context).takeRetainedValue().closed()
}

/// Supplies the next block of a pulled response from what its producer made ahead.
/// libmicrohttpd calls it only when the socket can take more, with room for one block.
let pulledBodyReader: MHD_ContentReaderCallback = { context, _, buffer, capacity in
    guard let context, let buffer else { return -2 } // MHD_CONTENT_READER_END_WITH_ERROR
    let pulled = Unmanaged<PulledConnection>.fromOpaque(context).takeUnretainedValue()
    switch pulled.read(into: UnsafeMutableRawBufferPointer(start: buffer, count: capacity)) {
    case .bytes(let count): return count
    // The connection is suspended until the next block is made; libmicrohttpd asks again
    // once it is resumed.
    case .wait: return 0
    case .end: return -1 // MHD_CONTENT_READER_END_OF_STREAM: the terminating chunk goes out
    // MHD_CONTENT_READER_END_WITH_ERROR: the connection closes without the terminating
    // chunk, so the client knows the body is incomplete.
    case .failed: return -2
    }
}

/// Called when libmicrohttpd frees a pulled response (sent, failed or the client left):
/// the producer and whatever it holds go with it.
let pulledBodyReleased: MHD_ContentReaderFreeCallback = { context in
    guard let context else { return }
    let pulled = Unmanaged<PulledConnection>.fromOpaque(context)
    pulled.takeUnretainedValue().released()
    pulled.release()
}

/// Called when libmicrohttpd no longer needs a `SharedBytes` body.
let releaseSharedBytes: MHD_ContentReaderFreeCallback = { context in
    guard let context else { return }
    Unmanaged<SharedBytes>.fromOpaque(context).release()
}
