import CVips
import Foundation

/// libvips's process-wide set-up, done once on first use.
enum Vips {
    /// The loaders photos may go through. Everything else libvips can read (SVG, PDF, GIF,
    /// TIFF, ImageMagick, …) stays blocked, so a file that slips past our own checks still
    /// cannot reach a parser we did not choose.
    static let allowedLoaders = [
        "VipsForeignLoadJpeg", "VipsForeignLoadPng", "VipsForeignLoadWebp", "VipsForeignLoadHeif",
    ]

    /// Swift runs a static property's initialiser exactly once, thread-safely, on first access.
    private static let startup: Result<Void, ImagingError> = start()

    /// Starts libvips if it has not been started yet. Any thread.
    static func ensureStarted() throws(ImagingError) {
        try startup.get()
    }

    private static func start() -> Result<Void, ImagingError> {
        // libvips only uses the name to guess its install prefix, and falls back when it fails.
        guard fotofolio_vips_init("imaging") == 0 else {
            return .failure(.libraryUnavailable(detail: takeError()))
        }
        vips_block_untrusted_set(1)
        vips_operation_block_set("VipsForeignLoad", 1)
        for loader in allowedLoaders {
            vips_operation_block_set(loader, 0)
        }
        // The operation cache keeps recent results (whole decoded images) alive for reuse.
        // Each photo is processed once, so caching only costs memory.
        vips_cache_set_max(0)
        return .success(())
    }

    /// libvips's accumulated error text, which is then cleared for the next call. The
    /// buffer is shared by the whole process, so under concurrent failures a message may
    /// include another thread's text; it is only ever used as a detail for logs.
    static func takeError() -> String {
        let text = String(cString: vips_error_buffer())
        vips_error_clear()
        // One message per line; kept on one line for logs.
        return text.split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
            .joined(separator: "; ")
    }

    /// A file name libvips will not parse options out of: it reads a trailing `[...]` as
    /// load options ("photo.jpg[shrink=8]" loads at 1/8 size), so an empty `[]` is appended
    /// and brackets in the real name stay part of the name.
    static func literalFilename(_ path: String) -> String {
        path + "[]"
    }
}

/// Owns one `VipsImage` reference and drops it on deinit. libvips images do not change once
/// shared (see `removeAllMetadata`) and libvips itself evaluates one image from many
/// threads, so an instance may be read from several threads at once.
final class VImage: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<VipsImage>

    init(owning pointer: UnsafeMutablePointer<VipsImage>) {
        self.pointer = pointer
    }

    deinit {
        g_object_unref(pointer)
    }

    /// Runs a libvips operation that writes a new image to its `out` argument, and takes
    /// ownership of that image. On failure, `failure` turns libvips's error text into
    /// the error to throw.
    static func make(
        _ failure: (String) -> ImagingError,
        _ operation: (UnsafeMutablePointer<UnsafeMutablePointer<VipsImage>?>) -> Int32
    ) throws(ImagingError) -> VImage {
        var out: UnsafeMutablePointer<VipsImage>?
        let status = operation(&out)
        guard status == 0, let out else {
            if let out { g_object_unref(out) }
            throw failure(Vips.takeError())
        }
        return VImage(owning: out)
    }

    /// Opens a file lazily: only the header is read until pixels are asked for.
    static func open(_ path: String, failure: (String) -> ImagingError) throws(ImagingError) -> VImage {
        guard let image = fotofolio_vips_open(Vips.literalFilename(path)) else {
            throw failure(Vips.takeError())
        }
        return VImage(owning: image)
    }

    var width: Int { Int(vips_image_get_width(pointer)) }
    var height: Int { Int(vips_image_get_height(pointer)) }
    var bands: Int { Int(vips_image_get_bands(pointer)) }
    var hasAlpha: Bool { vips_image_hasalpha(pointer) != 0 }
    var isUchar: Bool { vips_image_get_format(pointer) == VIPS_FORMAT_UCHAR }
    var isSRGB: Bool { vips_image_get_interpretation(pointer) == VIPS_INTERPRETATION_sRGB }

    /// Whether the header carries `field`, whatever its type.
    func has(_ field: String) -> Bool {
        vips_image_get_typeof(pointer, field) != 0
    }

    /// A string field's value; nil when the field is missing or not a string.
    func string(_ field: String) -> String? {
        guard has(field) else { return nil }
        var value: UnsafePointer<CChar>?
        guard vips_image_get_string(pointer, field, &value) == 0, let value else {
            vips_error_clear()
            return nil
        }
        return String(cString: value)
    }

    /// Every metadata field name on the image (`exif-ifd0-Make`, `xmp-data`, …).
    var fieldNames: [String] {
        guard let fields = vips_image_get_fields(pointer) else { return [] }
        defer { g_strfreev(fields) }
        var names: [String] = []
        var index = 0
        while let name = fields[index] {
            names.append(String(cString: name))
            index += 1
        }
        return names
    }

    /// Drops every metadata item (EXIF, XMP, IPTC, ICC, loader notes). Only for an image
    /// nothing else holds yet, such as a fresh `inMemory` copy: libvips images are shared,
    /// and images made from this one copy its metadata when they are made.
    func removeAllMetadata() {
        for name in fieldNames {
            // The fixed header fields (width, bands, …) are not metadata; libvips ignores them here.
            vips_image_remove(pointer, name)
        }
    }

    /// Computes every pixel into one memory buffer, so later steps read it many times
    /// without decoding the file again.
    func inMemory(failure: (String) -> ImagingError) throws(ImagingError) -> VImage {
        guard let copy = vips_image_copy_memory(pointer) else { throw failure(Vips.takeError()) }
        return VImage(owning: copy)
    }

    /// All pixel values, row by row, band-interleaved, in the image's own band format.
    func pixelBytes() throws(ImagingError) -> [UInt8] {
        var size = 0
        guard let buffer = vips_image_write_to_memory(pointer, &size) else {
            throw .processingFailed(detail: Vips.takeError())
        }
        defer { g_free(buffer) }
        return Array(UnsafeRawBufferPointer(start: buffer, count: size))
    }
}
