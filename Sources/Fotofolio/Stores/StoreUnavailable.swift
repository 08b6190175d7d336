/// How a store's error says that its database cannot be reached now — stopped, restarting,
/// out of free connections — rather than that the request was wrong: the page asks the
/// person to try again in a moment (503) instead of reporting a fault (500).
public protocol StoreUnavailable: Error {
    var isStoreUnavailable: Bool { get }
}
