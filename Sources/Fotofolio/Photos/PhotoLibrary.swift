import Crypto
import Foundation
import Imaging

/// Turns uploaded files into photos: variants made once, the original kept, a record
/// stored. Files live in the media directory under names made from their content, so the
/// same bytes are stored once and a file's URL never changes meaning.
public struct PhotoLibrary: Sendable {
    let store: any PhotoStore
    /// Variants sit at the top ("3f2a9c04b1d7e6a8.webp"), originals under `originals/`.
    public let mediaDirectory: String
    let processing: PhotoProcessing
    let limits: PhotoLimits
    /// The most bytes of originals one person may keep (photos not in any portfolio count
    /// until the sweep removes them): one account cannot fill everyone's disk.
    let storagePerPerson: Int

    public static let standardStoragePerPerson = 5 << 30

    public init(stores: Stores, mediaDirectory: String, processing: PhotoProcessing = PhotoProcessing(),
                limits: PhotoLimits = .standard, storagePerPerson: Int = standardStoragePerPerson) {
        store = stores.photos
        self.mediaDirectory = mediaDirectory
        self.processing = processing
        self.limits = limits
        self.storagePerPerson = storagePerPerson
    }

    /// Bytes of originals `owner` keeps now.
    public func storedBytes(of owner: Int64) throws -> Int {
        try store.storedBytes(of: owner)
    }

    /// Processes the file at `path` (an upload spooled to disk) into a photo owned by
    /// `owner`. The file itself is left where it is; its caller removes it.
    /// A film's poster frame comes with its `film`, whose bytes count to the owner's.
    public func importPhoto(fileAt path: String, owner: Int64, credit: PhotoCredit? = nil, film: Film? = nil,
                            at date: Date = Date()) throws(PhotoImportError) -> Photo {
        // The quota first: a person past it costs no photo work.
        try checkQuota(of: owner, adding: (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0)
        return try store(try prepare(fileAt: path), owner: owner, credit: credit, film: film, at: date)
    }

    /// The part of an import that needs no database: the variants made and the original
    /// kept in the media directory. Several may be prepared at once (the demo world's are);
    /// `store` makes one a photo.
    public struct Prepared: Sendable {
        let made: PhotoVariants
        let originalFile: String
        let size: Int
    }

    /// Makes the variants of the picture at `path` and keeps its original; stores nothing.
    public func prepare(fileAt path: String) throws(PhotoImportError) -> Prepared {
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        let made = try makeVariants(fromFileAt: path)
        return Prepared(made: made, originalFile: try keepOriginal(path, format: made.photo.format), size: size)
    }

    /// Stores a prepared picture as a photo owned by `owner`, within their quota.
    public func store(_ prepared: Prepared, owner: Int64, credit: PhotoCredit? = nil, film: Film? = nil,
                      at date: Date = Date()) throws(PhotoImportError) -> Photo {
        try checkQuota(of: owner, adding: prepared.size)
        let made = prepared.made
        let photo = Photo(
            id: nil, ownerId: owner, originalFile: prepared.originalFile,
            format: made.photo.format, width: made.width, height: made.height,
            byteCount: made.photo.byteCount + (film.map { $0.mp4Bytes + $0.webmBytes } ?? 0),
            placeholderColor: made.placeholderColor, cropCenterX: made.framing.centerX,
            cropCenterY: made.framing.centerY, cropZoom: made.framing.zoom, variants: made.variants,
            shot: made.shot, credit: credit?.author, licence: credit?.licence, licenceURL: credit?.licenceURL,
            createdAt: date, film: film)
        do {
            return try store.insert(photo)
        } catch {
            throw .failed(detail: "\(error)")
        }
    }

    private func checkQuota(of owner: Int64, adding size: Int) throws(PhotoImportError) {
        do {
            guard try storedBytes(of: owner) + size <= storagePerPerson else { throw PhotoImportError.quotaExceeded }
        } catch let error as PhotoImportError {
            throw error
        } catch {
            throw .failed(detail: "\(error)")
        }
    }

    /// Makes `photo` show the picture at `path` instead (a film's new poster frame): new
    /// variants, a new smart crop and the person's framing dropped, in one update that
    /// also marks its portfolios changed. Old files stay until `UnusedPhotos` finds them unnamed.
    public func replaceImage(of photo: Photo, withFileAt path: String, film: Film?, at date: Date = Date())
        throws(PhotoImportError) -> Photo
    {
        let made = try makeVariants(fromFileAt: path)
        var updated = photo
        updated.originalFile = try keepOriginal(path, format: made.photo.format)
        updated.format = made.photo.format
        updated.width = made.width
        updated.height = made.height
        updated.byteCount = made.photo.byteCount + (film.map { $0.mp4Bytes + $0.webmBytes } ?? 0)
        updated.placeholderColor = made.placeholderColor
        updated.cropCenterX = made.framing.centerX
        updated.cropCenterY = made.framing.centerY
        updated.cropZoom = made.framing.zoom
        updated.framingCenterX = nil
        updated.framingCenterY = nil
        updated.framingZoom = nil
        updated.variants = made.variants
        updated.shot = made.shot
        updated.film = film
        do {
            try store.saveFraming(of: updated, at: date)
        } catch {
            throw .failed(detail: "\(error)")
        }
        return updated
    }

    /// Every variant of the picture at `path`, cut at `framing` (the smart crop's when nil),
    /// made in a processing slot.
    func makeVariants(fromFileAt path: String, framing: SquareFraming? = nil) throws(PhotoImportError) -> PhotoVariants {
        do {
            return try processing.run { [mediaDirectory, limits] in
                try VariantMaker.makeVariants(fromFileAt: path, into: mediaDirectory, framing: framing, limits: limits)
            }
        } catch let error as ImagingError {
            throw .rejected(error)
        } catch is PhotoProcessingBusy {
            throw .busy
        } catch {
            throw .failed(detail: "\(error)")
        }
    }

    /// The photo's variants with `watermark` tiled over each, for a proofing gallery's
    /// previews; made in a processing slot from the kept original, cut as the photo is.
    public func watermarkedVariants(of photo: Photo, text: String) throws(PhotoImportError) -> [Variant] {
        guard let original = path(of: photo.originalFile) else { throw .failed(detail: "no original for photo \(photo.id ?? 0)") }
        do {
            return try processing.run { [mediaDirectory, limits] in
                try VariantMaker.makeVariants(fromFileAt: original, into: mediaDirectory, framing: photo.framing, limits: limits,
                                              watermark: Watermark(text: text)).variants
            }
        } catch let error as ImagingError {
            throw .rejected(error)
        } catch is PhotoProcessingBusy {
            throw .busy
        } catch {
            throw .failed(detail: "\(error)")
        }
    }

    public func photo(id: Int64) throws -> Photo? {
        try store.photo(id: id)
    }

    /// The photos of these ids that `owner` owns, in the order asked; others are left out.
    public func photos(ids: [Int64], ownedBy owner: Int64) throws -> [Photo] {
        let found = try store.photos(ids: ids, ownedBy: owner)
        let byId = Dictionary(found.map { ($0.id!, $0) }) { first, _ in first }
        return ids.compactMap { byId[$0] }
    }

    /// The absolute path of a file named in a photo record, or nil for a name that could
    /// leave the media directory.
    public func path(of file: String) -> String? {
        guard !file.isEmpty, !file.hasPrefix("/"), !file.split(separator: "/").contains(where: { $0 == ".." || $0.hasPrefix(".") })
        else { return nil }
        return (mediaDirectory as NSString).appendingPathComponent(file)
    }

    /// Copies the original under a name made from its bytes (an existing file of that
    /// name holds the same bytes) and returns that name.
    private func keepOriginal(_ path: String, format: PhotoFormat) throws(PhotoImportError) -> String {
        do {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: path), options: .mappedIfSafe)
            let hash = Hex.string(SHA256.hash(data: bytes).prefix(12))
            let name = "originals/\(hash).\(format == .jpeg ? "jpg" : format.rawValue)"
            let target = (mediaDirectory as NSString).appendingPathComponent(name)
            if !FileManager.default.fileExists(atPath: target) {
                try FileManager.default.createDirectory(
                    atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try bytes.write(to: URL(fileURLWithPath: target), options: .atomic)
            }
            return name
        } catch {
            throw .failed(detail: "keeping the original: \(error)")
        }
    }
}

/// Why an upload did not become a photo.
public enum PhotoImportError: Error, Sendable {
    /// The file is not a photo we accept (format, size, pixels, animation, damage).
    case rejected(ImagingError)
    /// Too many photos are being processed; the person may try again shortly.
    case busy
    /// The person keeps as many bytes of photos as one account may.
    case quotaExceeded
    /// The server failed (disk, database); not the photo's fault.
    case failed(detail: String)
}

/// Where photos live inside a data directory.
public enum MediaDirectory {
    public static func inside(_ dataDirectory: String) -> String {
        (dataDirectory as NSString).appendingPathComponent("media")
    }
}
