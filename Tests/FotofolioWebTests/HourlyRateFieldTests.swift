import Foundation
import Fotofolio
import FotofolioSQLite
import Testing
@testable import FotofolioWeb

/// The hourly rate in the profile editor is a precise slider: what is typed (or dragged)
/// goes through the slider's model before the profile is saved.
@Suite struct HourlyRateFieldTests {
    let server: WebTestServer

    init() async throws {
        server = try WebTestServer()
        try await server.signUpCreator()
    }

    private func save(rate: String) async throws -> WebTestServer.Reply {
        try await server.submitMultipart("/profile/edit", [
            ("fullName", "Vojta Test"), ("email", "vojta.test@example.cz"), ("location", "Praha"), ("role", "creator"),
            ("bio", "Svatby a portréty."), ("yearsOfExperience", "6"), ("hourlyRate", rate),
        ])
    }

    private func storedRate() throws -> Int? {
        try AccountsService(stores: .sqlite(server.database)).user(username: "vojta.test")?.hourlyRate
    }

    @Test func theEditorDrawsTheRateOnARuler() async throws {
        _ = try await save(rate: "1250")
        let form = try await server.send("/profile/edit", headers: ["Accept-Language": "cs"]).body
        #expect(form.contains(#"data-slider-optional"#) && form.contains(#"name="hourlyRate""#))
        #expect(form.contains(#"value="1250""#))
        #expect(form.contains("ruler-label"))
    }

    @Test func aRateWithSpacesAndCurrencyIsTakenThroughTheModel() async throws {
        let reply = try await save(rate: "1 250 Kč")
        #expect(reply.status == 303)
        #expect(try storedRate() == 1250)
    }

    @Test func aRateBeyondTheRulerIsRefusedWithTheTextKept() async throws {
        _ = try await save(rate: "900")
        let reply = try await save(rate: "12 000")
        #expect(reply.status == 422)
        #expect(reply.body.contains(#"value="12 000""#))
        #expect(reply.body.contains(#"id="hourlyRate-error""#))
        #expect(try storedRate() == 900)
    }

    @Test func textThatIsNotAnAmountIsRefused() async throws {
        let reply = try await save(rate: "hodně")
        #expect(reply.status == 422)
        #expect(reply.body.contains("“hodně” is not a number"))
        #expect(reply.body.contains(#"value="Svatby a portréty.""#) || reply.body.contains(">Svatby a portréty.</textarea>"))
    }

    @Test func anEmptyFieldGivesNoPrice() async throws {
        _ = try await save(rate: "900")
        let reply = try await save(rate: "")
        #expect(reply.status == 303)
        #expect(try storedRate() == nil)
        let form = try await server.send("/profile/edit", headers: ["Accept-Language": "cs"]).body
        #expect(form.contains(">Neuvedeno</output>"))
    }
}
