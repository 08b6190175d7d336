import HTTPServer
import Prometheus
import Synchronization

/// Prometheus metrics of the HTTP server: requests by route and status, request durations
/// and open connections, served at `GET /metrics` in the text exposition format.
public final class ServerMetrics: Sendable {
    let registry = PrometheusCollectorRegistry()
    private let openConnections: Gauge
    private let connectionCount = Mutex<(@Sendable () -> Int)?>(nil)
    /// Gauges read when scraped, with how to read each.
    private let observed = Mutex<[(gauge: Gauge, read: @Sendable () -> Double)]>([])
    /// Metric handles by label values: the registry's own lookup builds label strings and
    /// takes its lock on every call, which showed up in profiles of busy servers.
    private let handles = Mutex<(counters: [CounterKey: Counter], histograms: [String: DurationHistogram])>(([:], [:]))

    private struct CounterKey: Hashable {
        let route: String
        let method: String
        let status: Int
    }

    /// Upper bounds of the duration histogram, from a cached page to a slow upload.
    static let durationBuckets: [Duration] = [
        .microseconds(100), .microseconds(250), .microseconds(500), .milliseconds(1), .milliseconds(2.5),
        .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50), .milliseconds(100),
        .milliseconds(250), .milliseconds(500), .seconds(1), .seconds(2.5), .seconds(5), .seconds(10),
    ]

    // Computed: the descriptor type is not Sendable, so it cannot be a stored static.
    static var requests: MetricNameDescriptor {
        MetricNameDescriptor(metricName: "http_requests", unitName: "total", helpText: "HTTP requests answered")
    }
    static var durations: MetricNameDescriptor {
        MetricNameDescriptor(metricName: "http_request_duration", unitName: "seconds", helpText: "Time to produce a response")
    }

    public init() {
        openConnections = registry.makeGauge(descriptor: MetricNameDescriptor(
            metricName: "http_open", unitName: "connections", helpText: "HTTP connections open right now"))
    }

    /// Tells the metrics where to read the open-connection count at scrape time.
    public func observeConnections(_ count: @escaping @Sendable () -> Int) {
        connectionCount.withLock { $0 = count }
    }

    /// Adds a gauge `<name>_<unit>` read from `read` whenever the metrics are scraped.
    public func observe(_ name: String, unit: String, help: String, _ read: @escaping @Sendable () -> Double) {
        let gauge = registry.makeGauge(descriptor: MetricNameDescriptor(metricName: name, unitName: unit, helpText: help))
        observed.withLock { $0.append((gauge, read)) }
    }

    func record(_ request: Request, _ response: Response, duration: Duration) {
        let route = request.route ?? (response.status.isError ? "unmatched" : "static")
        let key = CounterKey(route: route, method: request.method.rawValue, status: response.status.code)
        let (counter, histogram) = handles.withLock { handles in
            let counter = handles.counters[key] ?? registry.makeCounter(
                descriptor: Self.requests,
                labels: [("route", route), ("method", key.method), ("status", String(key.status))])
            let histogram = handles.histograms[route] ?? registry.makeDurationHistogram(
                descriptor: Self.durations, labels: [("route", route)], buckets: Self.durationBuckets)
            handles.counters[key] = counter
            handles.histograms[route] = histogram
            return (counter, histogram)
        }
        counter.increment()
        histogram.record(duration)
    }

    func exposition() -> Response {
        if let count = connectionCount.withLock({ $0 }) { openConnections.set(to: Double(count())) }
        for (gauge, read) in observed.withLock({ $0 }) { gauge.set(to: read()) }
        var response = Response(body: .bytes(registry.emitToBuffer()))
        response.headers.set("Content-Type", "text/plain; version=0.0.4; charset=utf-8")
        response.headers.set("Cache-Control", "no-store")
        return response
    }
}

/// Records every answered request in `ServerMetrics`.
struct MetricsRecording: Middleware {
    let metrics: ServerMetrics

    func handle(_ request: Request, next: (Request) throws -> Response) throws -> Response {
        let started = ContinuousClock.now
        let response = try next(request)
        metrics.record(request, response, duration: ContinuousClock.now - started)
        return response
    }
}
