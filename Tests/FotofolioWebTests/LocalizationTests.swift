import Foundation
import Testing
@testable import FotofolioWeb

@Suite struct LocalizationTests {
    @Test(arguments: [(1, "1 portfolio"), (2, "2 portfolia"), (4, "4 portfolia"), (5, "5 portfolií"), (0, "0 portfolií"), (12, "12 portfolií")])
    func czechPluralsHaveThreeForms(count: Int, expected: String) throws {
        let table = try TemplateLibrary(directory: WebTestServer.repository + "/Templates").table(for: .cs)
        #expect(table.plural("portfolioCount", count: count) == expected)
    }

    @Test(arguments: [(1, "1 portfolio"), (2, "2 portfolios"), (5, "5 portfolios")])
    func englishPluralsHaveTwoForms(count: Int, expected: String) throws {
        let table = try TemplateLibrary(directory: WebTestServer.repository + "/Templates").table(for: .en)
        #expect(table.plural("portfolioCount", count: count) == expected)
    }

    @Test func stringTablesHaveTheSameKeys() throws {
        let library = try TemplateLibrary(directory: WebTestServer.repository + "/Templates")
        #expect(library.table(for: .cs).keys == library.table(for: .en).keys)
    }
}
