import Dispatch
import Foundation
import Synchronization

/// Turns uploaded films into portfolio items. An upload is checked at once (its content,
/// size, the owner's room and FFmpeg's probe), kept under `incoming/` and queued as a
/// `FilmJob`; a worker of this process makes the renditions, poster and storyboard, one
/// film at a time, and the poster becomes a photo with the `Film` attached. Progress is
/// written to the job, so whoever asks, on any node, sees it.
public struct FilmLibrary: Sendable {
    let photos: PhotoLibrary
    let store: any PhotoStore
    let making: FilmMaking
    let workers: FilmWorkers

    /// A job in processing whose progress has not moved for this long lost its worker
    /// (the process ended) and is taken up again.
    public static let abandonedAfter: TimeInterval = 120

    public init(photos: PhotoLibrary, making: FilmMaking = FilmMaking(), workers: FilmWorkers = FilmWorkers()) {
        self.photos = photos
        store = photos.store
        self.making = making
        self.workers = workers
    }

    /// Whether the file's first bytes are those of a film container (MP4, MOV, WebM, MKV).
    public static func looksLikeFilm(fileAt path: String) -> Bool { FilmMaking.looksLikeFilm(fileAt: path) }

    /// Checks the upload at `path` and queues it; the file is moved away (the caller's
    /// spool no longer has it). Refusals come at once, before any processing.
    public func accept(fileAt path: String, fileName: String, owner: Int64, at date: Date = Date())
        throws(FilmImportError) -> FilmJob
    {
        try checkRoom(for: path, owner: owner)
        _ = try making.probe(fileAt: path)
        guard workers.admit() else { throw FilmImportError(.busy) }
        var admitted = true
        defer { if admitted { workers.release() } }
        let source = "incoming/\(UUID().uuidString.lowercased())"
        do {
            let target = try fullPath(source)
            try FileManager.default.createDirectory(
                atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try FileManager.default.moveItem(atPath: path, toPath: target)
        } catch let error as FilmImportError {
            throw error
        } catch {
            throw FilmImportError(.failed, detail: "keeping the upload: \(error)")
        }
        let job: FilmJob
        do {
            job = try store.insert(FilmJob(ownerId: owner, sourceFile: source, fileName: fileName,
                                           createdAt: date, updatedAt: date))
        } catch {
            try? FileManager.default.removeItem(atPath: (try? fullPath(source)) ?? "")
            throw FilmImportError(.failed, detail: "\(error)")
        }
        admitted = false
        workers.start { [self] in
            defer { workers.release() }
            run(job)
        }
        return job
    }

    /// `owner`'s job `id`, or nil for another's or none.
    public func job(_ id: Int64, of owner: Int64) throws -> FilmJob? {
        guard let job = try store.filmJob(id: id), job.ownerId == owner else { return nil }
        return job
    }

    /// Makes a film of the file at `path` and returns its poster photo, on the calling
    /// thread's behalf but in a processing slot (forms sent without a script, the demo).
    public func importFilm(fileAt path: String, owner: Int64, credit: PhotoCredit? = nil, at date: Date = Date(),
                           progress: @escaping @Sendable (Double) -> Void = { _ in }) throws(FilmImportError) -> Photo
    {
        try checkRoom(for: path, owner: owner)
        let probe = try making.probe(fileAt: path)
        let made = try inSlot { [making, mediaDirectory = photos.mediaDirectory] in
            try making.make(fileAt: path, probe: probe, into: mediaDirectory, progress: progress)
        }
        defer { try? FileManager.default.removeItem(atPath: made.posterPath) }
        do {
            return try photos.importPhoto(fileAt: made.posterPath, owner: owner, credit: credit, film: made.film, at: date)
        } catch {
            throw FilmImportError(.failed, detail: "the poster: \(error)")
        }
    }

    /// Cuts the poster of film `photoId` again at the frame shown at `time` (seconds), and
    /// returns the updated photo. Nothing is done when that frame is the poster already.
    @discardableResult
    public func choosePoster(of photoId: Int64, by owner: Int64, at time: Double, date: Date = Date())
        throws(FilmImportError) -> Photo
    {
        guard let photo = try? photos.photo(id: photoId), photo.ownerId == owner, var film = photo.film else {
            throw FilmImportError(.notAVideo)
        }
        let start = film.frameStart(at: time)
        guard abs(start - film.posterTime) > film.frameDuration / 2 else { return photo }
        guard let rendition = photos.path(of: film.mp4File) else { throw FilmImportError(.failed, detail: "unsafe name") }
        // The middle of the frame: a time on its edge could round to its neighbour.
        let middle = start + film.frameDuration / 2
        let poster = try inSlot { [making] in try making.cutPoster(fromFileAt: rendition, at: middle) }
        defer { try? FileManager.default.removeItem(atPath: poster) }
        film.posterTime = start
        do {
            return try photos.replaceImage(of: photo, withFileAt: poster, film: film, at: date)
        } catch {
            throw FilmImportError(.failed, detail: "the poster: \(error)")
        }
    }

    /// Queues again the jobs whose worker went away (a restart, a node gone), after clearing
    /// what runs cut short left behind (work folders, posters nobody took): run at start.
    public func resumeAbandonedJobs(now: Date = Date()) throws {
        making.removeLeftovers(in: photos.mediaDirectory)
        for job in try store.filmJobs(notMovedSince: now.addingTimeInterval(-Self.abandonedAfter)) {
            guard workers.admit() else { return }
            workers.start { [self] in
                defer { workers.release() }
                run(job)
            }
        }
    }

    /// Processes `job` to its end, unless another worker holds it.
    func run(_ job: FilmJob) {
        var job = job
        let now = Date()
        guard (try? store.claimFilmJob(id: job.id!, at: now, staleBefore: now.addingTimeInterval(-Self.abandonedAfter))) == true
        else { return }
        job.state = .processing
        job.updatedAt = now
        let source = try? fullPath(job.sourceFile)
        let reporter = ProgressReporter(store: store, job: job)
        do throws(FilmImportError) {
            guard let source else { throw FilmImportError(.failed, detail: "unsafe name") }
            let photo = try importFilm(fileAt: source, owner: job.ownerId, at: job.createdAt) { reporter.report($0) }
            job.state = .ready
            job.progress = 1
            job.photoId = photo.id
        } catch {
            job.state = .failed
            job.problem = error.problem
        }
        job.updatedAt = Date()
        try? store.update(job)
        // After the state: a crash in between leaves an upload no unfinished job names, which
        // the unused-photo sweep removes, never a job whose upload is gone.
        if let source { try? FileManager.default.removeItem(atPath: source) }
    }

    /// Runs `work` in one of the film slots: never on the caller's thread, never more films
    /// at once than the workers allow.
    private func inSlot<T: Sendable>(_ work: @escaping @Sendable () throws -> T) throws(FilmImportError) -> T {
        do {
            return try workers.slots.run(work)
        } catch let error as FilmImportError {
            throw error
        } catch is PhotoProcessingBusy {
            throw FilmImportError(.busy)
        } catch {
            throw FilmImportError(.failed, detail: "\(error)")
        }
    }

    private func checkRoom(for path: String, owner: Int64) throws(FilmImportError) {
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        guard size <= making.limits.maxBytes else { throw FilmImportError(.tooLarge) }
        do {
            guard try photos.storedBytes(of: owner) + size <= photos.storagePerPerson else {
                throw FilmImportError(.quotaExceeded)
            }
        } catch let error as FilmImportError {
            throw error
        } catch {
            throw FilmImportError(.failed, detail: "\(error)")
        }
    }

    private func fullPath(_ name: String) throws(FilmImportError) -> String {
        guard let path = photos.path(of: name) else { throw FilmImportError(.failed, detail: "unsafe name \(name)") }
        return path
    }
}

/// Why a film was not accepted or made, and for the log what failed.
public struct FilmImportError: Error, Sendable {
    public let problem: FilmProblem
    public let detail: String?

    public init(_ problem: FilmProblem, detail: String? = nil) {
        self.problem = problem
        self.detail = detail
    }
}

/// The film workers of a process: one film is made at a time (FFmpeg uses both cores), a
/// few more may wait, and work runs on threads of its own, never an HTTP thread.
public final class FilmWorkers: Sendable {
    /// How many films may be queued or in work at once in this process.
    public let capacity: Int
    let slots: PhotoProcessing
    private let admitted = Mutex(0)
    private let queue = DispatchQueue(label: "fotofolio.films", qos: .utility, attributes: .concurrent)

    public init(concurrency: Int = 1, capacity: Int = 8) {
        self.capacity = max(1, capacity)
        slots = PhotoProcessing(concurrency: concurrency, waitingLimit: self.capacity + 4)
    }

    /// Films queued or in work now.
    public var inProgress: Int { admitted.withLock { $0 } }

    func admit() -> Bool {
        admitted.withLock { count in
            guard count < capacity else { return false }
            count += 1
            return true
        }
    }

    func release() { admitted.withLock { $0 -= 1 } }

    func start(_ work: @escaping @Sendable () -> Void) { queue.async(execute: work) }
}

/// Writes a job's progress at most twice a second.
private final class ProgressReporter: Sendable {
    private let store: any PhotoStore
    private let state: Mutex<(job: FilmJob, written: Date)>

    init(store: any PhotoStore, job: FilmJob) {
        self.store = store
        state = Mutex((job, .distantPast))
    }

    func report(_ fraction: Double) {
        let now = Date()
        let job: FilmJob? = state.withLock { state in
            guard now.timeIntervalSince(state.written) >= 0.5 else { return nil }
            state.job.progress = min(max(fraction, 0), 0.99)
            state.job.updatedAt = now
            state.written = now
            return state.job
        }
        if let job { try? store.update(job) }
    }
}
