// Mail read back for the operator page, `ReadMail(bytes:)`, on any bytes; addresses an
// operator or a person types, `MailAddress(parsing:)`; and the message writer on any text.
//
// Oracles: reading never traps or loops; an accepted address is printable ASCII without
// `<>,;"` with one `@`, at most 254 bytes, and its header line reads back as itself when it
// holds no encoded-word; a message written with the first line as subject and name and the
// rest as text has only CRLF line ends, header lines of at most 78 bytes (given a short
// address) and reads back with the same subject and text.
#if !FUZZ_CORPUS_REPLAY
import FuzzSupport
#endif
import Foundation
@testable import Mail

#if !FUZZ_CORPUS_REPLAY
@main
enum ReadMailFuzzMain {
    static func main() { runFuzzer(fuzzReadMailEntry) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzReadMailEntry(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt { fuzzReadMail(data, size) }
#endif

/// The target: also replayed on its corpus by `swift test` (FuzzCorpusTests).
public func fuzzReadMail(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    _ = ReadMail(bytes: bytes)
    let text = fuzzText(bytes)
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
        checkAddress(String(line))
    }
    let firstLine = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
    checkRoundTrip(subject: String(firstLine.first ?? ""), text: firstLine.count > 1 ? String(firstLine[1]) : "")
    return 0
}

private func checkAddress(_ line: String) {
    guard let address = MailAddress(parsing: line) else { return }
    let bytes = Array(address.address.utf8)
    require(bytes.count <= 254 && bytes.allSatisfy { (0x21...0x7E).contains($0) && !Array("<>,;\"".utf8).contains($0) },
            "\(visible(line)) gave the address \(visible(address.address))")
    require(bytes.filter { $0 == UInt8(ascii: "@") }.count == 1, "\(visible(address.address)) has not one @")
    if !address.header.contains("=?") {
        require(MailAddress(parsing: address.header) == address, "\(visible(address.header)) does not read back as \(visible(line))")
    }
}

private func checkRoundTrip(subject: String, text: String) {
    let message = MailMessage(from: MailAddress(name: subject, address: "noreply@fotofolio.example")!,
                              to: MailAddress(address: "jana@example.cz")!, subject: subject, date: Date(timeIntervalSince1970: 0),
                              messageID: "mail-1.fuzz@fotofolio.example", text: text, html: text)
    let bytes = message.bytes()
    for (index, byte) in bytes.enumerated() {
        require(byte != 0x0D || (index + 1 < bytes.count && bytes[index + 1] == 0x0A), "a bare CR at byte \(index) for \(visible(subject))")
        require(byte != 0x0A || (index > 0 && bytes[index - 1] == 0x0D), "a bare LF at byte \(index) for \(visible(subject))")
    }
    let header = String(decoding: bytes, as: UTF8.self).components(separatedBy: "\r\n\r\n").first ?? ""
    for line in header.components(separatedBy: "\r\n") {
        require(line.utf8.count <= 78, "the header line \(visible(line)) is longer than 78 bytes")
    }
    guard let reading = ReadMail(bytes: bytes) else { return require(false, "the message for \(visible(subject)) does not read") }
    require(reading.subject == HeaderText.flattened(subject), "subject \(visible(subject)) reads back as \(visible(reading.subject))")
    let expected = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
    require(reading.text == expected, "text \(visible(text)) reads back as \(visible(reading.text ?? "nil"))")
    require(reading.html == expected, "html \(visible(text)) reads back as \(visible(reading.html ?? "nil"))")
}
