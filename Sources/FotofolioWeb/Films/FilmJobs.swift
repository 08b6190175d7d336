import Dispatch
import Fotofolio
import Foundation
import HTTPServer
import Synchronization

/// `GET /films/jobs/:id/progress`: an uploaded film's way through processing, as
/// Server-Sent Events for its uploader: `progress` (whole percent) while it is made, then
/// `ready` (the editor's item for it: `partials/photo-item`, the same markup the form
/// renders) or `failed` (why, in the reader's words), and the stream ends.
///
/// The job lives in the database and any node may be making it, so the stream reads the
/// job's row four times a second rather than listen to this process's worker: the same on
/// one node or several, and across a restart.
struct FilmJobs {
    let films: FilmLibrary
    let photos: PhotoLibrary
    let renderer: PageRenderer
    let uploads: PhotoUploads

    static let pollInterval = DispatchTimeInterval.milliseconds(250)

    static func progressURL(_ job: Int64) -> String { "/films/jobs/\(job)/progress" }

    func register(in router: inout Router) {
        router.group(StreamSignIn()) { router in
            router.get("/films/jobs/:id/progress") { request in try progress(request) }
        }
    }

    private func progress(_ request: Request) throws -> Response {
        let owner = try request.requireSignIn().userId
        guard let id = request.storedId("id"), let job = try films.job(id, of: owner) else {
            throw HTTPFailure(.notFound, "There is no such upload.")
        }
        let table = renderer.strings(for: request)
        let language = Language.preferred(by: request)
        var headers = HTTPHeaders()
        headers.set("Content-Type", "text/event-stream; charset=utf-8")
        headers.set("Cache-Control", "no-store")
        headers.set("X-Accel-Buffering", "no")
        return Response(headers: headers, body: .stream(ResponseStream { [self] writer in
            // A dropped stream is opened again by the browser; the job's state is all it needs.
            writer.write("retry: 1000\n\n")
            let follower = JobFollower { job in
                guard let text = event(for: job, table: table, language: language) else { return true }
                return writer.write(text) && !job.state.isFinished
            }
            guard follower.report(job) else { return writer.finish() }
            follower.watch(every: Self.pollInterval, read: { try? films.job(id, of: owner) }, ended: { writer.finish() })
            writer.onClose { follower.stop() }
        }))
    }

    /// The event for the job's state, or nil when the reader has seen it already.
    private func event(for job: FilmJob, table: StringTable, language: Language) -> String? {
        switch job.state {
        case .waiting: return nil
        case .processing: return "event: progress\ndata: \(Int(job.progress * 100))\n\n"
        case .failed:
            let message = uploads.message(for: job.problem ?? .failed, file: job.fileName, table: table)
            return "event: failed\ndata: \(Self.json(["error": message]))\n\n"
        case .ready:
            guard let photoId = job.photoId, let photo = try? photos.photo(id: photoId),
                  let item = try? renderer.fragmentText(
                    "partials/photo-item", of: .portfolioEditor, language: language,
                    content: PortfolioEditorPage.PhotoItem.uploaded(photo, table: table))
            else {
                let message = uploads.message(for: .failed, file: job.fileName, table: table)
                return "event: failed\ndata: \(Self.json(["error": message]))\n\n"
            }
            return "event: ready\ndata: \(Self.json(["id": String(photoId), "item": item]))\n\n"
        }
    }

    /// One line of JSON (an event's data may not break lines).
    private static func json(_ values: [String: String]) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: values, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}

/// Hands on each state of a job once: the same progress twice is not sent again. Its timer
/// reads the job on a queue of its own, one reading at a time; it is made only when the job
/// is still under way (a dispatch source released before it ever ran is a crash).
///
/// `@unchecked Sendable`: `timer` is set and cancelled under `lock`; a dispatch source
/// itself may be cancelled from any thread.
private final class JobFollower: @unchecked Sendable {
    private let last = Mutex<(state: FilmJob.State, percent: Int)?>(nil)
    private let send: @Sendable (FilmJob) -> Bool
    private let lock = NSLock()
    private var timer: (any DispatchSourceTimer)?

    init(send: @escaping @Sendable (FilmJob) -> Bool) {
        self.send = send
    }

    /// False once the stream should end (the job finished, or the reader left).
    func report(_ job: FilmJob) -> Bool {
        let seen = (job.state, Int(job.progress * 100))
        let isNew = last.withLock { last in
            defer { last = seen }
            return last.map { $0.state != seen.0 || $0.percent != seen.1 } ?? true
        }
        return isNew ? send(job) : true
    }

    /// Reads the job every `interval` until a report says the stream is over, then calls `ended`.
    func watch(every interval: DispatchTimeInterval, read: @escaping @Sendable () -> FilmJob?,
               ended: @escaping @Sendable () -> Void) {
        let source = DispatchSource.makeTimerSource(queue: .global(qos: .utility))
        source.schedule(deadline: .now() + interval, repeating: interval)
        source.setEventHandler { [self] in
            guard let job = read() else { return }
            if !report(job) {
                stop()
                ended()
            }
        }
        lock.withLock { timer = source }
        source.resume()
    }

    func stop() { lock.withLock { timer?.cancel() } }
}
