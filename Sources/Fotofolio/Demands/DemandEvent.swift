/// What a photographer's open pages hear when a new demand matches them (a `demand` live
/// event for that photographer): which demand, so a page counts each once.
public struct DemandEvent: Sendable, Equatable, Codable {
    public let demand: Int64

    public init(demand: Int64) {
        self.demand = demand
    }

    public var json: String { "{\"type\":\"demand\",\"data\":{\"demand\":\(demand)}}" }
}
