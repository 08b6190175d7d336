import Dispatch
import Fotofolio
import Logging

/// Sweeps unused photos away at start-up and every six hours, off the request threads.
final class UnusedPhotosSweeper {
    private let timer: DispatchSourceTimer
    private let photos: UnusedPhotos
    private let logger: Logger

    init(photos: UnusedPhotos, logger: Logger) {
        self.photos = photos
        self.logger = logger
        timer = DispatchSource.makeTimerSource(queue: .global(qos: .utility))
    }

    func start() {
        timer.schedule(deadline: .now() + 5, repeating: .seconds(6 * 3600))
        timer.setEventHandler { [photos, logger] in
            do {
                let removed = try photos.sweep()
                if removed.records + removed.files > 0 {
                    logger.info("Removed \(removed.records) unused photos and \(removed.files) files")
                }
            } catch {
                logger.error("Sweeping unused photos failed: \(error)")
            }
        }
        timer.resume()
    }

    func stop() { timer.cancel() }
}
