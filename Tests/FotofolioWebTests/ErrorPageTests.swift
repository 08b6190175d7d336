import Testing
@testable import FotofolioWeb

@Suite struct ErrorPageTests {
    @Test func unknownPathIsA404PageInCzech() async throws {
        let reply = try await WebTestServer().send("/no/such/page", headers: ["Accept-Language": "cs"])
        #expect(reply.status == 404)
        #expect(reply.body.contains("data-page=\"error\""))
        #expect(reply.body.contains("Stránku jsme nenašli"))
    }

    @Test func unknownPathIsA404PageInEnglish() async throws {
        let reply = try await WebTestServer().send("/no/such/page", headers: ["Accept-Language": "en"])
        #expect(reply.status == 404)
        #expect(reply.body.contains("<html lang=\"en\">"))
        #expect(reply.body.contains("404"))
    }

    @Test func wrongMethodIsA405PageWithAllow() async throws {
        let reply = try await WebTestServer().send("/search", method: "POST", form: "x=1")
        #expect(reply.status == 405)
        #expect(reply.headers["allow"] == "GET, HEAD")
        #expect(reply.body.contains("data-page=\"error\""))
    }

    @Test func oversizeFormIsA413Page() async throws {
        let big = "lang=cs&return=" + String(repeating: "a", count: 2 << 20)
        let reply = try await WebTestServer().send("/language", method: "POST", form: big)
        #expect(reply.status == 413)
        #expect(reply.body.contains("data-page=\"error\""))
    }

    @Test func errorPagesCarryTheSecurityHeaders() async throws {
        let reply = try await WebTestServer().send("/missing")
        #expect(reply.headers["content-security-policy"]?.contains("frame-ancestors 'none'") == true)
        #expect(reply.headers["x-content-type-options"] == "nosniff")
        #expect(reply.headers["x-request-id"] != nil)
    }

    @Test func everyErrorStatusHasStringsInBothLanguages() throws {
        let library = try TemplateLibrary(directory: WebTestServer.repository + "/Templates")
        for language in Language.allCases {
            for status in [400, 403, 404, 405, 413, 429, 500, 503, 507] {
                #expect(library.table(for: language).keys.contains("error.\(status).title"), "\(language) \(status)")
                #expect(library.table(for: language).keys.contains("error.\(status).message"), "\(language) \(status)")
            }
        }
    }
}
