@testable import HTTPServer

/// What reading a form body came to, in a shape two readings can be compared by: the
/// fields, each file's metadata and content, or the error's status.
public enum FormOutcome: Equatable, CustomStringConvertible {
    public struct File: Equatable {
        let fieldName: String
        let filename: String
        let contentType: String
        let size: Int
        let content: [UInt8]?
    }

    case form(fields: QueryItems, files: [File], raw: [UInt8])
    case failure(HTTPStatus, String)

    /// Reads the uploaded files back (checking each lies in the scratch directory and has
    /// the size the form claims), then deletes every temporary file the reader made.
    public static func of(_ result: Result<(form: Form, raw: [UInt8]), HTTPFailure>, temporaryFiles: [String]) -> FormOutcome {
        defer { temporaryFiles.forEach(FuzzScratch.remove) }
        switch result {
        case .failure(let failure):
            return .failure(failure.status, failure.message)
        case .success(let (form, raw)):
            let files = form.files.map { file in
                require(temporaryFiles.contains(file.path), "upload \(file.path) is not listed as a temporary file")
                require(file.path.hasPrefix(FuzzScratch.directory + "/"), "upload \(file.path) is outside the upload directory")
                let content = readFile(file.path)
                require(content?.count == file.size, "upload \(file.path) holds \(content?.count ?? -1) bytes, the form says \(file.size)")
                return File(fieldName: file.fieldName, filename: file.filename, contentType: file.contentType,
                            size: file.size, content: content)
            }
            return .form(fields: form.fields, files: files, raw: raw)
        }
    }

    public var status: HTTPStatus? {
        if case .failure(let status, _) = self { return status }
        return nil
    }

    public var description: String {
        switch self {
        case .form(let fields, let files, let raw):
            "form(fields: \(visible(Array(fields))), files: \(visible(files.map { ($0.fieldName, $0.filename, $0.size) })), raw: \(raw.count) bytes)"
        case .failure(let status, let message):
            "failure(\(status.code): \(message))"
        }
    }

    /// Reading the body whole and reading it in chunks must agree: the same form, or both
    /// failing with the same status. A 413 may stand against another error, because a
    /// reader fed everything at once counts the whole body before it parses any of it.
    public static func requireSame(_ whole: FormOutcome, _ chunked: FormOutcome, context: @autoclosure () -> String) {
        switch (whole, chunked) {
        case (.form, .form):
            require(whole == chunked, "whole: \(whole)\nchunked: \(chunked)\n\(context())")
        case (.failure(let a, _), .failure(let b, _)):
            require(a == b || a == .contentTooLarge || b == .contentTooLarge,
                    "whole: \(whole)\nchunked: \(chunked)\n\(context())")
        default:
            require(false, "whole: \(whole)\nchunked: \(chunked)\n\(context())")
        }
    }
}

/// Chunk sizes drawn from the input, 1 to `maximum` bytes each, enough to cover `count`.
public func chunkSizes(for bytes: [UInt8], count: Int, maximum: Int) -> [Int] {
    var random = SplitMix64(hashing: bytes)
    var sizes: [Int] = []
    var covered = 0
    while covered < count {
        let size = Int.random(in: 1...max(1, maximum), using: &random)
        sizes.append(size)
        covered += size
    }
    return sizes
}

/// Feeds `body` to `consume` in pieces of the given sizes (all at once when `sizes` is empty).
public func feed(_ body: [UInt8], sizes: [Int], to consume: (UnsafeRawBufferPointer) throws(HTTPFailure) -> Void) throws(HTTPFailure) {
    var failure: HTTPFailure?
    body.withUnsafeBytes { all in
        do throws(HTTPFailure) {
            if sizes.isEmpty {
                try consume(all)
                return
            }
            var offset = 0
            for size in sizes where offset < all.count {
                let end = min(all.count, offset + size)
                try consume(UnsafeRawBufferPointer(rebasing: all[offset..<end]))
                offset = end
            }
        } catch {
            failure = error
        }
    }
    if let failure { throw failure }
}
