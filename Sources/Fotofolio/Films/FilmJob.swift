import Foundation

/// An uploaded film on its way to the portfolio: kept under the media directory while it
/// waits and is processed, then a photo with its `Film`. Jobs live in the database, so any
/// node can report one's progress and a job cut short by a restart is taken up again.
public struct FilmJob: Codable, Sendable, Equatable, Identifiable {
    public enum State: String, Codable, Sendable {
        case waiting, processing, ready, failed

        public var isFinished: Bool { self == .ready || self == .failed }
    }

    public var id: Int64?
    public var ownerId: Int64
    /// The upload as received, relative to the media directory ("incoming/…").
    public var sourceFile: String
    /// The name the file had on the person's computer, for messages.
    public var fileName: String
    public var state: State
    /// 0…1 while processing.
    public var progress: Double
    /// The photo made, once ready.
    public var photoId: Int64?
    /// Why it failed (`FilmProblem`), once failed.
    public var problem: FilmProblem?
    public var createdAt: Date
    /// Moved forward with every progress report: a job in processing that has not moved
    /// for a while lost its worker.
    public var updatedAt: Date

    public init(id: Int64? = nil, ownerId: Int64, sourceFile: String, fileName: String, state: State = .waiting,
                progress: Double = 0, photoId: Int64? = nil, problem: FilmProblem? = nil, createdAt: Date, updatedAt: Date) {
        self.id = id
        self.ownerId = ownerId
        self.sourceFile = sourceFile
        self.fileName = fileName
        self.state = state
        self.progress = progress
        self.photoId = photoId
        self.problem = problem
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}

/// Why a film was not accepted or not made; the web layer words each one.
public enum FilmProblem: String, Codable, Sendable, Equatable {
    /// Not a film in a container we accept (MP4, MOV, WebM, MKV), or not a film at all.
    case notAVideo
    case tooLong
    case tooLarge
    case tooManyPixels
    /// A picture too thin to show (narrower than 16 pixels, or longer than 8 times its width).
    case oddShape
    /// The file is damaged or its content contradicts its header.
    case damaged
    /// Processing took longer than a film of its length may.
    case timedOut
    /// Too many films are waiting: try again shortly.
    case busy
    /// The person keeps as many bytes as one account may.
    case quotaExceeded
    /// The server failed (no FFmpeg, disk, database); not the film's fault.
    case failed
}
