import Foundation
import Testing

/// The shared vectors: the Swift model's answers, committed as JSON so the JavaScript
/// module can be held to them. `UPDATE_VECTORS=1 swift test` rewrites the file; without
/// it the file is recomputed and must match within 1e-9 (relative beyond magnitude 1).
@Suite struct VectorTests {
    /// `Tests/Fixtures/precise-slider-vectors.json`, found from this source file. Symlinks
    /// are resolved first so a scratch package that links the test folder still finds it.
    static var fixtureURL: URL {
        URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
            .deletingLastPathComponent()  // Vectors
            .deletingLastPathComponent()  // PreciseSliderTests
            .deletingLastPathComponent()  // Tests
            .appendingPathComponent("Fixtures/precise-slider-vectors.json")
    }

    static func computed() -> JSONValue {
        .object([
            "about": .string("Precise slider test vectors: inputs and the Swift model's outputs. "
                + "Regenerate with UPDATE_VECTORS=1 swift test --filter VectorTests; "
                + "checked by PreciseSliderTests and Tests/JS/precise-slider-math.test.mjs."),
            "tolerance": 1e-9,
            "cases": .array(VectorCases.all.map { item in
                ["name": .string(item.name), "op": .string(item.op), "input": item.input,
                 "expected": VectorRunner.run(item.op, item.input)]
            }),
        ])
    }

    @Test func caseNamesAreUnique() {
        let names = VectorCases.all.map(\.name)
        #expect(Set(names).count == names.count)
        #expect(names.count >= 100)
    }

    @Test func noVectorFailsForAnUnexpectedReason() {
        for item in VectorCases.all {
            let output = VectorRunner.run(item.op, item.input)
            let error = output["error"]?.string ?? ""
            #expect(!error.hasPrefix("badVector"), "\(item.name): \(error)")
        }
    }

    @Test func fixtureMatchesTheModel() throws {
        let url = Self.fixtureURL
        let fresh = Self.computed()
        if ProcessInfo.processInfo.environment["UPDATE_VECTORS"] == "1" {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data((JSONWriter.write(fresh) + "\n").utf8).write(to: url)
            return
        }
        let data = try Data(contentsOf: url)
        let stored = try JSONDecoder().decode(JSONValue.self, from: data)
        let storedCases = stored["cases"]?.array ?? []
        let freshCases = fresh["cases"]?.array ?? []
        #expect(storedCases.count == freshCases.count, "case count differs: run with UPDATE_VECTORS=1")
        for (old, new) in zip(storedCases, freshCases) {
            let name = new["name"]?.string ?? "?"
            #expect(old["name"] == new["name"], "case order or names changed at \(name)")
            #expect(old["input"] == new["input"], "\(name): input changed, run with UPDATE_VECTORS=1")
            // Recompute from the stored input, as the JavaScript test does.
            let recomputed = VectorRunner.run(old["op"]?.string ?? "", old["input"] ?? .null)
            var differences: [String] = []
            compare(old["expected"] ?? .null, recomputed, path: name, into: &differences)
            #expect(differences.isEmpty, "\(differences.prefix(5).joined(separator: "\n"))")
        }
    }

    /// Collects where `expected` and `actual` differ: numbers within tolerance, everything
    /// else (labels included) exactly.
    func compare(_ expected: JSONValue, _ actual: JSONValue, path: String, into differences: inout [String]) {
        switch (expected, actual) {
        case (.number(let a), .number(let b)):
            if abs(a - b) > 1e-9 * max(1, abs(a), abs(b)) { differences.append("\(path): \(a) ≠ \(b)") }
        case (.array(let a), .array(let b)):
            guard a.count == b.count else { return differences.append("\(path): \(a.count) items ≠ \(b.count)") }
            for (index, pair) in zip(a, b).enumerated() {
                compare(pair.0, pair.1, path: "\(path)[\(index)]", into: &differences)
            }
        case (.object(let a), .object(let b)):
            guard Set(a.keys) == Set(b.keys) else {
                return differences.append("\(path): keys \(a.keys.sorted()) ≠ \(b.keys.sorted())")
            }
            for key in a.keys.sorted() { compare(a[key]!, b[key]!, path: "\(path).\(key)", into: &differences) }
        default:
            if expected != actual { differences.append("\(path): \(expected) ≠ \(actual)") }
        }
    }
}
