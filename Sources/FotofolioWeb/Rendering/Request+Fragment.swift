import HTTPServer

extension Request {
    /// The part of the page a script asked for (`X-Fragment: results`) instead of the whole
    /// page; nil for a page.
    var fragment: String? { headers["x-fragment"] }

    /// The part asked for, when it is one this page has; nil for a page (or a part it has not).
    func fragment<Part: RawRepresentable>(of parts: Part.Type) -> Part? where Part.RawValue == String {
        fragment.flatMap(Part.init(rawValue:))
    }
}
