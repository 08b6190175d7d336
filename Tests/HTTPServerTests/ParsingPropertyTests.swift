import HostileInput
import PropertyBased
import Testing
@testable import HTTPServer

/// The request parsers answer any input with a value or a 4xx failure, never a trap.
@Suite struct ParsingPropertyTests {
    @Test func anyPathIsAPathOrA400() async {
        await propertyCheck(count: 3000, input: HostileText.strings()) { text in
            do throws(HTTPFailure) {
                let path = try RequestPath(encoded: "/" + text)
                #expect(path.segments.allSatisfy { !$0.contains("/") && $0 != ".." })
            } catch {
                #expect(error.status.code == 400)
            }
        }
    }

    @Test func anyQueryIsItemsOrA400() async {
        await propertyCheck(count: 3000, input: HostileText.strings()) { text in
            do throws(HTTPFailure) {
                let items = try QueryItems(encoded: text)
                #expect(Array(items).count <= text.utf8.count + 1)
            } catch {
                #expect(error.status.code == 400)
            }
        }
    }
}
