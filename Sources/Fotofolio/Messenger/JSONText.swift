/// A JSON value written with its keys in the order given, so envelopes read as documented
/// (`type` before `data`), and escaped so any text a person writes stays valid JSON.
enum JSONText {
    case string(String)
    case integer(Int64)
    case bool(Bool)
    case null
    case array([JSONText])
    case object(KeyValuePairs<String, JSONText>)
    /// An object whose members are decided as it is made (some only when they apply).
    case members([(key: String, value: JSONText)])

    static func optional(_ text: String?) -> JSONText { text.map(JSONText.string) ?? .null }

    var rendered: String {
        var output = ""
        write(to: &output)
        return output
    }

    private func write(to output: inout String) {
        switch self {
        case .string(let text): Self.writeString(text, to: &output)
        case .integer(let number): output += String(number)
        case .bool(let flag): output += flag ? "true" : "false"
        case .null: output += "null"
        case .array(let items):
            output += "["
            for (index, item) in items.enumerated() {
                if index > 0 { output += "," }
                item.write(to: &output)
            }
            output += "]"
        case .object(let members):
            Self.write(members.map { (key: $0.key, value: $0.value) }, to: &output)
        case .members(let members):
            Self.write(members, to: &output)
        }
    }

    private static func write(_ members: [(key: String, value: JSONText)], to output: inout String) {
        output += "{"
        for (index, member) in members.enumerated() {
            if index > 0 { output += "," }
            writeString(member.key, to: &output)
            output += ":"
            member.value.write(to: &output)
        }
        output += "}"
    }

    /// Quotes, backslashes and control characters escaped; U+2028 and U+2029 too, because
    /// JavaScript before ES2019 reads them as line ends inside a string.
    private static func writeString(_ text: String, to output: inout String) {
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{2028}", "\u{2029}": writeEscaped(scalar, to: &output)
            case _ where scalar.value < 0x20: writeEscaped(scalar, to: &output)
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }

    private static func writeEscaped(_ scalar: Unicode.Scalar, to output: inout String) {
        let hex = String(scalar.value, radix: 16)
        output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    }
}
