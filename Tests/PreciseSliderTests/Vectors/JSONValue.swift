import Foundation

/// A JSON document as a value, for the shared test vectors. Numbers are doubles, as in
/// JavaScript, so both sides read the fixture the same way.
enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    var double: Double? { if case .number(let x) = self { x } else { nil } }
    var string: String? { if case .string(let s) = self { s } else { nil } }
    var bool: Bool? { if case .bool(let b) = self { b } else { nil } }
    var array: [JSONValue]? { if case .array(let items) = self { items } else { nil } }
    var isNull: Bool { self == .null }
}

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    init(nilLiteral: ()) { self = .null }
    init(booleanLiteral value: Bool) { self = .bool(value) }
    init(integerLiteral value: Int) { self = .number(Double(value)) }
    init(floatLiteral value: Double) { self = .number(value) }
    init(stringLiteral value: String) { self = .string(value) }
    init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}

extension JSONValue {
    /// A number, or null when absent, so optional outputs keep one shape.
    static func optional(_ value: Double?) -> JSONValue { value.map { .number($0) } ?? .null }
    static func numbers(_ values: [Double]) -> JSONValue { .array(values.map { .number($0) }) }
}

extension JSONValue: Decodable {
    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .null }
        else if let value = try? container.decode(Bool.self) { self = .bool(value) }
        else if let value = try? container.decode(Double.self) { self = .number(value) }
        else if let value = try? container.decode(String.self) { self = .string(value) }
        else if let value = try? container.decode([JSONValue].self) { self = .array(value) }
        else { self = .object(try container.decode([String: JSONValue].self)) }
    }
}

/// Writes JSON for people to read and diff: keys in a fixed order, scalar-only arrays and
/// small flat objects on one line, invisible spaces escaped.
enum JSONWriter {
    static let leadingKeys = ["name", "op", "input", "expected"]

    static func write(_ value: JSONValue, indent: String = "") -> String {
        switch value {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(let x): return number(x)
        case .string(let s): return quoted(s)
        case .array(let items):
            if items.isEmpty { return "[]" }
            if items.count <= 16 && items.allSatisfy(isScalar) { return "[" + items.map { write($0) }.joined(separator: ", ") + "]" }
            let inner = indent + "  "
            return "[\n" + items.map { inner + write($0, indent: inner) }.joined(separator: ",\n") + "\n" + indent + "]"
        case .object(let members):
            let keys = orderedKeys(members)
            if keys.isEmpty { return "{}" }
            if members.count <= 8 && members.values.allSatisfy(isScalar) {
                return "{" + keys.map { quoted($0) + ": " + write(members[$0]!) }.joined(separator: ", ") + "}"
            }
            let inner = indent + "  "
            let lines = keys.map { inner + quoted($0) + ": " + write(members[$0]!, indent: inner) }
            return "{\n" + lines.joined(separator: ",\n") + "\n" + indent + "}"
        }
    }

    static func orderedKeys(_ members: [String: JSONValue]) -> [String] {
        let first = leadingKeys.filter { members[$0] != nil }
        return first + members.keys.filter { !leadingKeys.contains($0) }.sorted()
    }

    static func isScalar(_ value: JSONValue) -> Bool {
        switch value {
        case .array, .object: false
        default: true
        }
    }

    static func number(_ x: Double) -> String {
        if x == 0 { return "0" }  // never "-0.0"
        if x == x.rounded(), abs(x) < 1e15 { return String(Int64(x)) }
        return "\(x)"
    }

    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            default:
                let v = scalar.value
                if v < 0x20 || v == 0x7F || v == 0xA0 || (0x2000...0x200F).contains(v) || (0x2028...0x202F).contains(v) {
                    out += String(format: "\\u%04x", v)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
