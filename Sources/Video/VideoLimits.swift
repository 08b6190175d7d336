/// The limits an uploaded film must stay within, and those every ffmpeg and ffprobe run is
/// held to. A plain value: any thread.
public struct VideoLimits: Sendable, Equatable {
    /// The longest film accepted, in seconds.
    public var maxDuration: Double
    /// The largest file accepted, in bytes.
    public var maxBytes: Int
    /// The frame's longer side, in pixels, whichever way the film is held.
    public var maxLongSide: Int
    /// The frame's shorter side, in pixels.
    public var maxShortSide: Int
    /// The frame's shorter side may not be smaller, in pixels (stored and shown).
    public var minShortSide: Int
    /// How many times longer than its shorter side the shown frame may be: a picture thinner
    /// than this cannot be shown in a portfolio nor cut into a storyboard.
    public var maxAspect: Int
    /// The highest average frame rate accepted, in frames a second.
    public var maxFrameRate: Double
    /// What one run of ffmpeg making a film may take.
    public var film: ToolLimits
    /// What one run of ffprobe, or of ffmpeg cutting a poster, may take.
    public var probe: ToolLimits

    public init(
        maxDuration: Double = 180, maxBytes: Int = 500 * 1_048_576, maxLongSide: Int = 3840, maxShortSide: Int = 2160,
        minShortSide: Int = 16, maxAspect: Int = 8, maxFrameRate: Double = 120,
        film: ToolLimits = ToolLimits(wallClock: .seconds(600), cpuTime: .seconds(1_200), addressSpace: 3 << 30, niceness: 10),
        probe: ToolLimits = ToolLimits(wallClock: .seconds(15), cpuTime: .seconds(15), addressSpace: 1 << 30, niceness: 0)
    ) {
        self.maxDuration = maxDuration
        self.maxBytes = maxBytes
        self.maxLongSide = maxLongSide
        self.maxShortSide = maxShortSide
        self.minShortSide = minShortSide
        self.maxAspect = maxAspect
        self.maxFrameRate = maxFrameRate
        self.film = film
        self.probe = probe
    }

    /// Three minutes, 500 MiB, 3840 × 2160 (or 2160 × 3840) and at least 16 pixels by an
    /// eighth of the long side, 120 frames a second. Making a
    /// film: ten minutes, 20 CPU minutes, 3 GiB, niced to 10, so it takes only what the web
    /// server leaves. A probe or a poster cut: fifteen seconds, 15 CPU seconds, 1 GiB, at the
    /// server's own priority, as someone is waiting for its answer.
    public static let standard = VideoLimits()
}

/// What one child process may take before it is stopped. A plain value: any thread.
public struct ToolLimits: Sendable, Equatable {
    /// Killed (SIGKILL) when still running this long after it started.
    public var wallClock: Duration
    /// Its CPU time, all threads together; the kernel ends it past this (`prlimit --cpu`).
    public var cpuTime: Duration
    /// Its virtual memory, in bytes; allocations beyond fail (`prlimit --as`).
    public var addressSpace: Int
    /// How much it yields to other processes, 0 (not at all) to 19 (`nice -n`).
    public var niceness: Int

    public init(wallClock: Duration, cpuTime: Duration, addressSpace: Int, niceness: Int) {
        self.wallClock = wallClock
        self.cpuTime = cpuTime
        self.addressSpace = addressSpace
        self.niceness = niceness
    }
}
