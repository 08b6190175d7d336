import Foundation
import HTTPServer
import QRCode

/// What the server prints when it is ready: every address it can be reached at and a QR
/// code of the first LAN address, so a phone on the same network can open it at once.
struct StartupBanner {
    let host: String?
    let port: Int

    private var lan: [String] { host == nil || host == "::" || host == "0.0.0.0" ? LocalAddresses.reachable() : [] }

    private var local: String {
        host.map { LocalAddresses.url(host: $0 == "::" || $0 == "0.0.0.0" ? "localhost" : $0, port: port) }
            ?? LocalAddresses.url(host: "localhost", port: port)
    }

    /// The address the QR code shows: the first LAN address, else the local one. Without
    /// `--public-url` the site's links are made from it, so a phone can follow them.
    var firstAddress: String { lan.first.map { LocalAddresses.url(host: $0, port: port) } ?? local }

    func print() {
        let lan = lan
        var lines = ["", "Fotofolio is running:", "  \(local)"]
        lines += lan.map { "  \(LocalAddresses.url(host: $0, port: port))" }
        if let first = lan.first, let code = try? QRCode(encoding: LocalAddresses.url(host: first, port: port)) {
            lines += ["", "Scan to open on a phone on the same network:", code.terminalText(), ""]
        }
        Swift.print(lines.joined(separator: "\n"))
        fflush(nil) // flush every stream: stdout may be a pipe to a log
    }
}
