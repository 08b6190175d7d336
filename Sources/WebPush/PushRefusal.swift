/// Why a subscription or an endpoint is refused. `reason` is a stable machine word the web
/// layer turns into a sentence in the reader's language.
public enum PushRefusal: Error, Equatable, Sendable {
    /// More than `PushEndpointPolicy.maxEndpointBytes` bytes.
    case endpointTooLong
    /// Not an absolute URL with a host, or one with a user, password or fragment.
    case endpointNotURL
    case endpointNotHTTPS
    /// https on a port other than 443.
    case endpointPort
    /// The host is, or resolves to, an address that is not on the public internet.
    case endpointHostNotPublic
    case endpointUnresolvable
    case keyNotBase64URL
    case keyLength
    case keyNotOnCurve

    public var reason: String {
        switch self {
        case .endpointTooLong: "endpoint-too-long"
        case .endpointNotURL: "endpoint-not-url"
        case .endpointNotHTTPS: "endpoint-not-https"
        case .endpointPort: "endpoint-port"
        case .endpointHostNotPublic: "endpoint-host-not-public"
        case .endpointUnresolvable: "endpoint-unresolvable"
        case .keyNotBase64URL: "key-not-base64url"
        case .keyLength: "key-length"
        case .keyNotOnCurve: "key-not-on-curve"
        }
    }
}
