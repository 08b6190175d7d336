/// Keeps redirects on this site: only absolute paths, never `//host` or backslash tricks.
enum SafeRedirect {
    static func path(_ candidate: String?) -> String {
        guard let candidate, candidate.hasPrefix("/"), !candidate.hasPrefix("//"),
              !candidate.contains("\\"), !candidate.contains(where: { $0.isNewline || $0 == "\0" }),
              candidate.unicodeScalars.allSatisfy({ $0.value > 0x1F && $0.value != 0x7F })
        else { return "/" }
        return candidate
    }
}
