/// Values middleware attaches to a request for the handlers after it (the signed-in user,
/// the CSRF token), keyed by type so each value has one owner and one type.
public struct RequestContext: Sendable {
    private var values: [ObjectIdentifier: any Sendable] = [:]

    public init() {}

    public subscript<Key: RequestContextKey>(_ key: Key.Type) -> Key.Value? {
        get { values[ObjectIdentifier(key)] as? Key.Value }
        set { values[ObjectIdentifier(key)] = newValue }
    }
}

/// Names one kind of value in a `RequestContext`.
public protocol RequestContextKey {
    associatedtype Value: Sendable
}
