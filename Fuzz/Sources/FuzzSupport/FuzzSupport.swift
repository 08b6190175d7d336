#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

#if !FUZZ_CORPUS_REPLAY
import CFuzzDriver

/// Runs libFuzzer on `callback` with the process's command line, then exits with its status.
public func runFuzzer(_ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> Never {
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    exit(LLVMFuzzerRunDriver(&argc, &argv, callback))
}
#endif

/// The bytes libFuzzer hands to `LLVMFuzzerTestOneInput`, copied into an array.
public func fuzzBytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
    guard let data, size > 0 else { return [] }
    return Array(UnsafeBufferPointer(start: data, count: size))
}

/// The input as text, as a server reading it from a C string would: invalid UTF-8 becomes
/// U+FFFD, every other byte (NUL included) is kept.
public func fuzzText(_ bytes: [UInt8]) -> String {
    String(decoding: bytes, as: UTF8.self)
}

/// Stops the run with a message when an oracle does not hold. libFuzzer reports the abort
/// as a crash and saves the input that caused it.
public func require(
    _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
    file: StaticString = #fileID, line: UInt = #line
) {
    guard !condition() else { return }
    printError("ORACLE FAILED (\(file):\(line)): \(message())")
    abort()
}

/// A value's debug text with every non-ASCII and control scalar written as `\u{…}`, so a
/// failure message shows combining marks and bidi controls that a terminal would hide.
public func visible(_ value: Any) -> String {
    var text = ""
    for scalar in String(reflecting: value).unicodeScalars {
        if scalar.isASCII && scalar.value >= 0x20 && scalar.value != 0x7F {
            text.unicodeScalars.append(scalar)
        } else {
            text += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
        }
    }
    return text
}

/// Writes a line to standard error, unbuffered.
public func printError(_ message: String) {
    let bytes = Array((message + "\n").utf8)
    var offset = 0
    while offset < bytes.count {
        let written = bytes[offset...].withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
        if written <= 0 { return }
        offset += written
    }
}

/// Splits the input at its first `\n`: a header (a Content-Type, a topic, a selector) and
/// the rest. Without a newline the whole input is the rest.
public func splitFirstLine(_ bytes: [UInt8]) -> (first: [UInt8], rest: [UInt8]) {
    guard let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) else { return ([], bytes) }
    return (Array(bytes[..<newline]), Array(bytes[(newline + 1)...]))
}

/// A small deterministic generator (SplitMix64), seeded from the input, for choices such as
/// chunk sizes that must repeat exactly when libFuzzer replays a crash.
public struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public init(hashing bytes: [UInt8]) {
        // FNV-1a over the bytes.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        state = hash
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// A private directory for files a target writes (uploads), made once per process and
/// removed, with whatever is left in it, when the process exits.
public enum FuzzScratch {
    public static let directory: String = {
        let base = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array("\(base)/fotofolio-fuzz-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        guard made != nil else {
            printError("cannot create a scratch directory under \(base)")
            exit(2)
        }
        let path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        atexit { FuzzScratch.removeAll() }
        return path
    }()

    /// Deletes `path` if it is inside the scratch directory.
    public static func remove(_ path: String) {
        guard path.hasPrefix(directory + "/") else { return }
        unlink(path)
    }

    /// Removes the scratch directory and everything in it (`rm -rf`, one level of folders
    /// deep is all the targets ever make).
    public static func removeAll() {
        removeTree(directory)
    }

    private static func removeTree(_ path: String) {
        if let dir = opendir(path) {
            while let entry = readdir(dir) {
                let name = withUnsafePointer(to: entry.pointee.d_name) {
                    $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
                }
                if name == "." || name == ".." { continue }
                let child = path + "/" + name
                var info = stat()
                if lstat(child, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR {
                    removeTree(child)
                } else {
                    unlink(child)
                }
            }
            closedir(dir)
        }
        rmdir(path)
    }
}

/// The whole content of a file, or nil when it cannot be read.
public func readFile(_ path: String) -> [UInt8]? {
    guard let file = fopen(path, "rb") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        let count = fread(&buffer, 1, buffer.count, file)
        if count > 0 { bytes.append(contentsOf: buffer[..<count]) }
        if count < buffer.count { break }
    }
    return bytes
}

/// HTML escaping as the templates need it: whether `escaped` is safe both between tags and
/// inside a quoted attribute value, and exactly encodes `original`.
///
/// Safe means no `<`, `>`, `"` or `'` byte at all, and every `&` starting one of the five
/// references the escaper writes (`&amp; &lt; &gt; &quot; &#39;`). Exact means replacing
/// those references gives `original` back byte for byte. Returns nil when both hold, else
/// what is wrong.
public func htmlEscapingProblem(original: String, escaped: String) -> String? {
    let references: [(text: [UInt8], byte: UInt8)] = [
        (Array("&amp;".utf8), UInt8(ascii: "&")), (Array("&lt;".utf8), UInt8(ascii: "<")),
        (Array("&gt;".utf8), UInt8(ascii: ">")), (Array("&quot;".utf8), UInt8(ascii: "\"")),
        (Array("&#39;".utf8), UInt8(ascii: "'")),
    ]
    let bytes = Array(escaped.utf8)
    var unescaped: [UInt8] = []
    var index = 0
    while index < bytes.count {
        let byte = bytes[index]
        switch byte {
        case UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"):
            return "raw \(visible(Character(Unicode.Scalar(byte)))) at byte \(index) of the output"
        case UInt8(ascii: "&"):
            guard let reference = references.first(where: { bytes[index...].starts(with: $0.text) }) else {
                return "an & at byte \(index) of the output starts no reference the escaper writes"
            }
            unescaped.append(reference.byte)
            index += reference.text.count
        default:
            unescaped.append(byte)
            index += 1
        }
    }
    guard unescaped == Array(original.utf8) else { return "the output does not decode back to the input" }
    return nil
}

/// Whether `needle` occurs in `haystack`, byte for byte (unlike `String.contains`, which
/// compares grapheme clusters).
public func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
    guard !needle.isEmpty else { return true }
    guard haystack.count >= needle.count else { return false }
    return (0...(haystack.count - needle.count)).contains { haystack[$0..<($0 + needle.count)].elementsEqual(needle) }
}
