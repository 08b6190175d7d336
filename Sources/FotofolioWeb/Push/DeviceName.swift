/// A device in words a person recognises ("Firefox · Android") from the user agent its
/// subscription was made with: the browser and the system, nothing finer.
enum DeviceName {
    /// Nil when neither can be told.
    static func of(userAgent: String) -> String? {
        let parts = [browser(in: userAgent), system(in: userAgent)].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }

    /// Tested in this order because every Chromium names Chrome and Safari too, and Chrome
    /// on iOS names Safari.
    private static let browsers: [(token: String, name: String)] = [
        ("Edg/", "Edge"), ("EdgA/", "Edge"), ("OPR/", "Opera"), ("SamsungBrowser/", "Samsung Internet"),
        ("Firefox/", "Firefox"), ("FxiOS/", "Firefox"), ("CriOS/", "Chrome"), ("Chromium/", "Chromium"),
        ("Chrome/", "Chrome"), ("Safari/", "Safari"),
    ]

    private static let systems: [(token: String, name: String)] = [
        ("iPhone", "iPhone"), ("iPad", "iPad"), ("Android", "Android"), ("CrOS", "ChromeOS"),
        ("Windows", "Windows"), ("Mac OS X", "macOS"), ("Macintosh", "macOS"), ("Linux", "Linux"),
    ]

    private static func browser(in userAgent: String) -> String? {
        browsers.first { userAgent.contains($0.token) }?.name
    }

    private static func system(in userAgent: String) -> String? {
        systems.first { userAgent.contains($0.token) }?.name
    }
}
