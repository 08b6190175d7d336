import Foundation
import Fotofolio
import FotofolioSQLite
import Testing
@testable import FotofolioWeb

@Suite struct ProfileAccentColourTests {
    @Test(arguments: stride(from: 0.0, to: 360, by: 30).flatMap { hue in [0.0, 40, 80, 100].map { (hue, $0) } })
    func everyPickedColourReadsInBothThemes(hue: Double, saturation: Double) {
        let accent = ProfileAccent(hue: hue, saturation: saturation)
        let light = accent.lightTheme.rgb, dark = accent.darkTheme.rgb
        #expect(light.contrast(with: ProfileAccent.lightBackground) >= 4.5)
        #expect(light.contrast(with: ProfileAccent.lightOnAccent) >= 4.5)
        #expect(dark.contrast(with: ProfileAccent.darkBackground) >= 4.5)
        #expect(dark.contrast(with: ProfileAccent.darkOnAccent) >= 4.5)
        #expect(accent.lightTheme.hue == hue && accent.darkTheme.hue == hue)
    }

    @Test func contrastFollowsWCAG() {
        #expect(abs(RGB(hex: 0x000000).contrast(with: RGB(hex: 0xFFFFFF)) - 21) < 0.01)
        #expect(abs(RGB(hex: 0x777777).contrast(with: RGB(hex: 0xFFFFFF)) - 4.48) < 0.01)
    }

    @Test func theStylesheetSetsTheAccentForEachTheme() {
        let css = ProfileAccent(hue: 10, saturation: 80).stylesheet
        #expect(css.hasPrefix(".profile { --color-accent: hsl(10.0 80.0% "))
        #expect(css.contains("@media (prefers-color-scheme: dark) { .profile { --color-accent: hsl(10.0 80.0% "))
    }
}

@Suite struct ProfileAccentPagesTests {
    let server: WebTestServer

    init() async throws {
        server = try WebTestServer()
        try await server.signUpCreator()
    }

    private func save(_ fields: [(String, String)]) async throws -> WebTestServer.Reply {
        try await server.submitMultipart("/profile/edit", [
            ("fullName", "Vojta Test"), ("email", "vojta.test@example.cz"), ("location", "Praha"), ("role", "creator"),
            ("bio", "Svatby a portréty."), ("yearsOfExperience", "6"), ("hourlyRate", "1500"),
        ] + fields)
    }

    private func stored() throws -> User {
        try #require(try AccountsService(stores: .sqlite(server.database)).user(username: "vojta.test"))
    }

    @Test func aHuePastTheEndWrapsRoundAndTheProfileLinksItsColour() async throws {
        let reply = try await save([("accent-x", "370"), ("accent-y", "80")])
        #expect(reply.status == 303)
        let user = try stored()
        #expect(user.accentHue == 10 && user.accentSaturation == 80)
        let profile = try await server.send("/u/vojta.test").body
        let link = try #require(profile.firstMatch(of: /<link rel="stylesheet" href="(\/u\/vojta\.test\/accent\.css\?v=[^"]+)">/))
        let css = try await server.send(String(link.1))
        #expect(css.status == 200)
        #expect(css.headers["content-type"] == "text/css; charset=utf-8")
        #expect(css.body.contains("--color-accent: hsl(10.0 80.0% "))
    }

    @Test func aSaturationBeyondTheFieldOrTextIsRefusedWithTheValuesKept() async throws {
        let beyond = try await save([("accent-x", "200"), ("accent-y", "150")])
        #expect(beyond.status == 422)
        #expect(beyond.body.contains(#"id="accent-y-error""#) && beyond.body.contains(#"value="150""#))
        let words = try await save([("accent-x", "modrá"), ("accent-y", "50")])
        #expect(words.status == 422)
        #expect(words.body.contains(#"id="accent-x-error""#))
        #expect(try stored().accentHue == nil)
    }

    @Test func aFormWithoutTheColourPlaneKeepsTheColour() async throws {
        _ = try await save([("accent-x", "200"), ("accent-y", "60")])
        #expect(try await save([]).status == 303)
        #expect(try stored().accentHue == 200)
    }

    @Test func theDefaultColourClearsACustomOne() async throws {
        _ = try await save([("accent-x", "200"), ("accent-y", "60")])
        _ = try await save([("accent-x", "200"), ("accent-y", "60"), ("accentDefault", "on")])
        #expect(try stored().accentHue == nil)
        #expect(!(try await server.send("/u/vojta.test").body.contains("accent.css")))
        #expect(try await server.send("/u/vojta.test/accent.css").status == 404)
    }
}
