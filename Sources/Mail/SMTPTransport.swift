import CCurl
import Foundation

/// Delivers over SMTP with libcurl: one easy handle, one connection per message (a mail is
/// rare, so nothing is pooled). `send` blocks for up to the settings' timeout; call it off the
/// concurrency pool.
public struct SMTPTransport: MailTransport {
    let settings: SMTPSettings

    public init(settings: SMTPSettings) { self.settings = settings }

    public func send(_ message: [UInt8], from envelopeSender: String, to recipient: String) throws(MailDeliveryError) {
        // Checked here because curl puts them into SMTP commands as they are.
        guard MailAddress.isAcceptable(envelopeSender) else { throw .permanent(code: 0, reply: "The sender address is not acceptable.") }
        guard MailAddress.isAcceptable(recipient) else { throw .permanent(code: 0, reply: "The recipient address is not acceptable.") }
        guard curlIsReady else { throw .transient("libcurl could not be initialised") }
        guard let handle = curl_easy_init() else { throw .transient("libcurl could not make a handle") }
        defer { curl_easy_cleanup(handle) }
        let exchange = SMTPExchange(message: message)
        let recipients = curl_slist_append(nil, "<\(recipient)>")
        defer { curl_slist_free_all(recipients) }
        var errorBuffer = [CChar](repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)

        // `exchange` is passed to curl unretained: it lives to the end of this function.
        let code: CURLcode = withExtendedLifetime(exchange) { errorBuffer.withUnsafeMutableBufferPointer { buffer in
            let context = Unmanaged.passUnretained(exchange).toOpaque()
            fotofolio_curl_set_string(handle, CURLOPT_URL, settings.connectionURL)
            fotofolio_curl_set_string(handle, CURLOPT_MAIL_FROM, "<\(envelopeSender)>")
            fotofolio_curl_set_slist(handle, CURLOPT_MAIL_RCPT, recipients)
            fotofolio_curl_set_long(handle, CURLOPT_UPLOAD, 1)
            fotofolio_curl_set_read_function(handle, readMessage)
            fotofolio_curl_set_pointer(handle, CURLOPT_READDATA, context)
            fotofolio_curl_set_long(handle, CURLOPT_VERBOSE, 1)
            fotofolio_curl_set_debug_function(handle, noteReply)
            fotofolio_curl_set_pointer(handle, CURLOPT_DEBUGDATA, context)
            fotofolio_curl_set_pointer(handle, CURLOPT_ERRORBUFFER, buffer.baseAddress)
            fotofolio_curl_set_long(handle, CURLOPT_USE_SSL,
                                    Int(settings.security == .opportunisticSTARTTLS ? CURLUSESSL_TRY.rawValue : CURLUSESSL_ALL.rawValue))
            if let login = settings.login {
                fotofolio_curl_set_string(handle, CURLOPT_USERNAME, login.user)
                fotofolio_curl_set_string(handle, CURLOPT_PASSWORD, login.password)
            }
            if let caFile = settings.caFile { fotofolio_curl_set_string(handle, CURLOPT_CAINFO, caFile) }
            let milliseconds = Int(settings.timeout.components.seconds * 1000 + settings.timeout.components.attoseconds / 1_000_000_000_000_000)
            fotofolio_curl_set_long(handle, CURLOPT_CONNECTTIMEOUT_MS, max(1, milliseconds))
            fotofolio_curl_set_long(handle, CURLOPT_TIMEOUT_MS, max(1, milliseconds))
            // No SIGALRM for timeouts: signals would reach whichever thread the server runs.
            fotofolio_curl_set_long(handle, CURLOPT_NOSIGNAL, 1)
            return curl_easy_perform(handle)
        } }
        guard code != CURLE_OK else { return }
        var replyCode = 0
        fotofolio_curl_response_code(handle, &replyCode)
        // curl does not record every reply as the response code (not a refused AUTH): the
        // last refusal the server sent counts then.
        if !(400...599).contains(replyCode), let refusal = exchange.lastRefusalCode { replyCode = refusal }
        let curlMessage = errorBuffer.withUnsafeBufferPointer { buffer in
            buffer[0] == 0 ? String(cString: curl_easy_strerror(code)) : String(cString: buffer.baseAddress!)
        }
        throw Self.classified(code: code, replyCode: replyCode, reply: exchange.reply(withCode: replyCode), curlMessage: curlMessage)
    }

    /// 5xx is permanent, anything else worth retrying. A refused login is transient too: it
    /// says nothing about the message, and once the operator fixes the password the waiting
    /// mails go.
    static func classified(code: CURLcode, replyCode: Int, reply: String?, curlMessage: String) -> MailDeliveryError {
        if code == CURLE_LOGIN_DENIED {
            return .transient("The server refused the login: \(reply ?? curlMessage)")
        }
        if (500...599).contains(replyCode) {
            return .permanent(code: replyCode, reply: reply ?? "\(replyCode)")
        }
        return .transient(reply ?? curlMessage)
    }
}

/// The message being read out to curl and the server's replies, for one `send`. Only the
/// thread inside `curl_easy_perform` touches it (curl calls back on the calling thread).
private final class SMTPExchange {
    let message: [UInt8]
    var offset = 0
    /// The server's replies so far, each its lines joined by a space, at most the last 20.
    var replies: [String] = []
    private var pendingLines: [String] = []

    init(message: [UInt8]) { self.message = message }

    /// A line from the server: the last line of a reply has a space after the code.
    func received(_ line: String) {
        pendingLines.append(line)
        let bytes = Array(line.utf8)
        if bytes.count < 4 || bytes[3] != UInt8(ascii: "-") {
            replies.append(pendingLines.joined(separator: " "))
            pendingLines.removeAll()
            if replies.count > 20 { replies.removeFirst() }
        }
    }

    /// The code of the last 4xx or 5xx reply.
    var lastRefusalCode: Int? {
        replies.reversed().lazy.compactMap { Int($0.prefix(3)) }.first { (400...599).contains($0) }
    }

    /// The last reply that carried `code`.
    func reply(withCode code: Int) -> String? {
        guard code > 0 else { return replies.last }
        return replies.last { $0.hasPrefix(String(code)) }
    }
}

private let curlIsReady: Bool = fotofolio_curl_global_init() == CURLE_OK

private func readMessage(_ buffer: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ context: UnsafeMutableRawPointer?) -> Int {
    guard let buffer, let context else { return 0 }
    let exchange = Unmanaged<SMTPExchange>.fromOpaque(context).takeUnretainedValue()
    let length = min(size * count, exchange.message.count - exchange.offset)
    exchange.message.withUnsafeBufferPointer { bytes in
        UnsafeMutableRawPointer(buffer).copyMemory(from: bytes.baseAddress! + exchange.offset, byteCount: length)
    }
    exchange.offset += length
    return length
}

private func noteReply(_ handle: UnsafeMutableRawPointer?, _ type: curl_infotype, _ data: UnsafeMutablePointer<CChar>?, _ size: Int,
                       _ context: UnsafeMutableRawPointer?) -> CInt {
    // Only what the server says: what curl sends includes AUTH with the password.
    guard type == CURLINFO_HEADER_IN, let data, let context else { return 0 }
    let exchange = Unmanaged<SMTPExchange>.fromOpaque(context).takeUnretainedValue()
    let text = String(decoding: UnsafeRawBufferPointer(start: data, count: min(size, 1000)), as: UTF8.self)
    for line in text.split(whereSeparator: { $0 == "\r\n" || $0 == "\n" || $0 == "\r" }) where !line.isEmpty {
        exchange.received(String(line))
    }
    return 0
}
