/// The fields and files of a submitted form (`application/x-www-form-urlencoded` or
/// `multipart/form-data`).
public struct Form: Sendable {
    public var fields: QueryItems
    public var files: [UploadedFile]

    public init(fields: QueryItems = QueryItems(), files: [UploadedFile] = []) {
        self.fields = fields
        self.files = files
    }

    /// The first value of a text field.
    public subscript(name: String) -> String? { fields[name] }

    /// Every value of a text field (checkboxes, multi-selects).
    public func values(_ name: String) -> [String] { fields.values(name) }

    /// The first file uploaded under `name`.
    public func file(_ name: String) -> UploadedFile? { files.first { $0.fieldName == name } }
}

/// A file received in a multipart form, stored in a temporary file that the server deletes
/// when the request ends. Move it (rename) to keep it.
public struct UploadedFile: Sendable, Equatable {
    public let fieldName: String
    /// The file name the client sent, as given (never use it as a path).
    public let filename: String
    public let contentType: String
    /// Absolute path of the temporary file.
    public let path: String
    public let size: Int

    public init(fieldName: String, filename: String, contentType: String, path: String, size: Int) {
        self.fieldName = fieldName
        self.filename = filename
        self.contentType = contentType
        self.path = path
        self.size = size
    }
}

/// How much a request body may carry.
public struct BodyLimits: Sendable, Equatable {
    /// Largest body of a form post or other non-upload request.
    public var formBytes: Int = 1 << 20
    /// Largest single file in a multipart upload: a film's (each kind of file has its own,
    /// smaller limit where it is read, e.g. 30 MB for a photo).
    public var fileBytes: Int = 500 << 20
    /// Largest whole multipart upload.
    public var uploadBytes: Int = 520 << 20
    /// A refused body up to this size is still read (and dropped) before the answer goes
    /// out. Answering earlier makes the kernel reset the connection when it closes with
    /// unread bytes, and the client, a browser among them, never sees the error page.
    public var drainBytes: Int = 8 << 20
    /// Most text fields and files a form may carry.
    public var fieldCount: Int = 1000

    public init() {}
}
