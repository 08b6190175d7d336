import Foundation

/// Server starts, kept so restarts and versions can be seen over time.
public protocol ServerStartStore: Sendable {
    func recordStart(version: String, at date: Date) throws
}
