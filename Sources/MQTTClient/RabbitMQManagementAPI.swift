import CCurl
import Foundation

/// The few requests of RabbitMQ's management HTTP API that `RabbitMQAccounts` makes, over
/// libcurl: JSON in and out, basic authentication, no redirects, bounded answers. Blocks for up
/// to `timeout` per request; call it off the concurrency pool.
struct RabbitMQManagementAPI: Sendable {
    /// An answer longer than this ends the transfer (a listing of every user of a large site fits).
    static let maxBodyBytes = 64 << 20

    let address: RabbitMQManagementAddress
    /// The tag that marks the site's users.
    let tag: String
    let timeout: TimeInterval

    /// The tagged users with their permissions in `vhost`: three listings.
    func state(vhost: String) throws(RabbitMQManagementError) -> RabbitMQAccountState {
        struct User: Decodable {
            let name: String
            let password_hash: String?
            let hashing_algorithm: String?
            let tags: Tags
        }
        struct Permission: Decodable {
            let user: String
            let vhost: String
            let configure: String
            let write: String
            let read: String
        }
        struct TopicPermission: Decodable {
            let user: String
            let vhost: String
            let exchange: String
            let write: String
            let read: String
        }
        let users: [User] = try get("/api/users?columns=name,password_hash,hashing_algorithm,tags")
        var state = RabbitMQAccountState()
        for user in users {
            guard user.tags.names.contains(tag) else { state.foreign.insert(user.name); continue }
            state.users[user.name] = .init(passwordHash: user.password_hash ?? "", hashingAlgorithm: user.hashing_algorithm ?? "")
        }
        let permissions: [Permission] = try get("/api/permissions")
        for permission in permissions where permission.vhost == vhost && state.users[permission.user] != nil {
            state.permissions[permission.user] = .init(configure: permission.configure, write: permission.write, read: permission.read)
        }
        let topicPermissions: [TopicPermission] = try get("/api/topic-permissions")
        for permission in topicPermissions
        where permission.vhost == vhost && permission.exchange == "amq.topic" && state.users[permission.user] != nil {
            state.topicPermissions[permission.user] = .init(read: permission.read, write: permission.write)
        }
        return state
    }

    func perform(_ step: RabbitMQAccountsPlan.Step, vhost: String) throws(RabbitMQManagementError) {
        switch step {
        case .putUser(let name, let hash):
            try send("PUT", "/api/users/\(segment(name))", json: [
                "password_hash": hash, "hashing_algorithm": RabbitMQAccountsPlan.hashingAlgorithm, "tags": tag,
            ])
        case .putPermissions(let name):
            let permissions = RabbitMQAccountsPlan.permissions
            try send("PUT", "/api/permissions/\(segment(vhost))/\(segment(name))", json: [
                "configure": permissions.configure, "write": permissions.write, "read": permissions.read,
            ])
        case .putTopicPermissions(let name, let topics):
            try send("PUT", "/api/topic-permissions/\(segment(vhost))/\(segment(name))", json: [
                "exchange": "amq.topic", "write": topics.write, "read": topics.read,
            ])
        case .deleteUser(let name):
            try send("DELETE", "/api/users/\(segment(name))", json: nil, missingIsFine: true)
        }
    }

    /// One path segment, every byte but letters, digits, `-`, `_`, `.` and `~` percent-encoded
    /// (so `/` in a vhost's name is `%2F`, as the API wants).
    private func segment(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: Self.unreserved) ?? ""
    }

    private static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.~")

    private func get<Value: Decodable>(_ path: String) throws(RabbitMQManagementError) -> Value {
        let body = try exchange("GET", path, body: nil, headers: [], missingIsFine: false)
        do {
            return try JSONDecoder().decode(Value.self, from: body)
        } catch {
            throw .init("RabbitMQ's management API at \(address.host) answered GET \(path) with JSON of another shape: \(error)")
        }
    }

    private func send(_ method: String, _ path: String, json: [String: String]?, headers: [String] = [],
                      missingIsFine: Bool = false) throws(RabbitMQManagementError) {
        let body: Data?
        do {
            body = try json.map { try JSONSerialization.data(withJSONObject: $0, options: [.sortedKeys]) }
        } catch {
            throw .init("cannot write the JSON of \(method) \(path): \(error)")
        }
        _ = try exchange(method, path, body: body, headers: headers, missingIsFine: missingIsFine)
    }

    private func exchange(_ method: String, _ path: String, body: Data?, headers: [String],
                          missingIsFine: Bool) throws(RabbitMQManagementError) -> Data {
        guard curlIsReady, let handle = curl_easy_init() else { throw .init("libcurl could not make a handle") }
        defer { curl_easy_cleanup(handle) }
        var headerList: UnsafeMutablePointer<curl_slist>?
        for line in ["Accept: application/json", "Content-Type: application/json", "Expect:"] + headers {
            headerList = curl_slist_append(headerList, line)
        }
        defer { curl_slist_free_all(headerList) }
        let received = ReceivedBody()
        var errorBuffer = [CChar](repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        let milliseconds = max(1, Int((timeout * 1000).rounded()))
        let payload = body.map { Array($0) }
        let code: CURLcode = withExtendedLifetime(received) { errorBuffer.withUnsafeMutableBufferPointer { buffer in
            fotofolio_curl_set_string(handle, CURLOPT_URL, address.base + path)
            fotofolio_curl_set_string(handle, CURLOPT_PROTOCOLS_STR, "http,https")
            fotofolio_curl_set_long(handle, CURLOPT_FOLLOWLOCATION, 0)
            fotofolio_curl_set_string(handle, CURLOPT_PROXY, "")
            fotofolio_curl_set_string(handle, CURLOPT_USERNAME, address.username)
            fotofolio_curl_set_string(handle, CURLOPT_PASSWORD, address.password)
            // Basic authentication: libcurl's default with a user name and password.
            fotofolio_curl_set_string(handle, CURLOPT_CUSTOMREQUEST, method)
            if let payload {
                fotofolio_curl_set_long(handle, CURLOPT_POSTFIELDSIZE, payload.count)
                payload.withUnsafeBufferPointer { bytes in
                    _ = bytes.baseAddress.map { fotofolio_curl_set_pointer(handle, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: $0)) }
                        ?? fotofolio_curl_set_string(handle, CURLOPT_COPYPOSTFIELDS, "")
                }
            }
            fotofolio_curl_set_slist(handle, CURLOPT_HTTPHEADER, headerList)
            fotofolio_curl_set_write_function(handle, receiveManagementBody)
            fotofolio_curl_set_pointer(handle, CURLOPT_WRITEDATA, Unmanaged.passUnretained(received).toOpaque())
            fotofolio_curl_set_pointer(handle, CURLOPT_ERRORBUFFER, buffer.baseAddress)
            fotofolio_curl_set_long(handle, CURLOPT_CONNECTTIMEOUT_MS, milliseconds)
            fotofolio_curl_set_long(handle, CURLOPT_TIMEOUT_MS, milliseconds)
            fotofolio_curl_set_long(handle, CURLOPT_NOSIGNAL, 1)
            return curl_easy_perform(handle)
        } }
        var status = 0
        fotofolio_curl_response_code(handle, &status)
        guard code == CURLE_OK, status > 0 else {
            let reason = errorBuffer.withUnsafeBufferPointer { buffer in
                buffer[0] == 0 ? String(cString: curl_easy_strerror(code)) : String(cString: buffer.baseAddress!)
            }
            throw .init("RabbitMQ's management API at \(address.host) did not answer \(method) \(path): \(reason)")
        }
        if (200...299).contains(status) || (missingIsFine && status == 404) { return received.data }
        let text = String(decoding: received.data.prefix(500), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        throw .init("RabbitMQ's management API at \(address.host) answered \(method) \(path) with HTTP \(status): \(text)")
    }
}

/// A list of tags: an array since RabbitMQ 3.9, a comma-separated string before.
private struct Tags: Decodable {
    let names: [String]

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let list = try? container.decode([String].self) {
            names = list
        } else {
            names = try container.decode(String.self).split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        }
    }
}

/// An answer's body; only the thread inside `curl_easy_perform` touches it.
private final class ReceivedBody {
    var data = Data()
}

private let curlIsReady: Bool = fotofolio_curl_global_init() == CURLE_OK

private func receiveManagementBody(_ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int,
                                   _ context: UnsafeMutableRawPointer?) -> Int {
    guard let data, let context else { return 0 }
    let received = Unmanaged<ReceivedBody>.fromOpaque(context).takeUnretainedValue()
    let length = size * count
    // Returning less than was given ends the transfer: an endless answer is not read.
    guard received.data.count + length <= RabbitMQManagementAPI.maxBodyBytes else { return 0 }
    received.data.append(UnsafeRawBufferPointer(start: data, count: length).bindMemory(to: UInt8.self))
    return length
}
