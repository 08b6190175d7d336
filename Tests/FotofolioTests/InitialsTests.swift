import Testing
@testable import Fotofolio

@Suite struct InitialsTests {
    @Test func initialsComeFromTheFirstTwoNames() {
        #expect(Initials.of("Vojta Votruba") == "VV")
        #expect(Initials.of("adéla") == "A")
        #expect(Initials.of("Jan Pavel Novák") == "JP")
    }
}
