import Testing
@testable import HTTPServer

@Suite struct RequestPathTests {
    @Test(arguments: [
        ("/", "/"), ("/a/b", "/a/b"), ("//a///b/", "/a/b"), ("/a/./b", "/a/b"),
        ("/caf%C3%A9", "/café"), ("/a%20b", "/a b"),
    ])
    func pathsAreDecodedAndNormalized(raw: String, expected: String) throws {
        #expect(try RequestPath(encoded: raw).description == expected)
    }

    @Test(arguments: ["/../etc/passwd", "/a/../../b", "/%2e%2e/x", "/%2E%2e/x", "/a%2Fb", "/a%2fb", "/a%00b",
                      "/%zz", "/%C3", "/%FF", "relative", "http://host/x"])
    func unsafeOrMalformedPathsAreRejected(raw: String) {
        #expect(throws: HTTPFailure.self) { try RequestPath(encoded: raw) }
    }

    @Test func rejectedPathsAre400WithAReadableMessage() {
        do {
            _ = try RequestPath(encoded: "/a/../b")
            Issue.record("accepted")
        } catch {
            #expect(error.status == .badRequest)
            #expect(error.message.contains(".."))
        }
    }

    @Test func queryIsDecodedWithPlusAsSpace() throws {
        let query = try QueryItems(encoded: "q=jan+nov%C3%A1k&tag=a&tag=b&empty=&flag")
        #expect(query["q"] == "jan novák")
        #expect(query.values("tag") == ["a", "b"])
        #expect(query["empty"] == "")
        #expect(query["flag"] == "")
    }

    @Test func queryWithInvalidUTF8IsRejected() {
        #expect(throws: HTTPFailure.self) { try QueryItems(encoded: "q=%FF%FE") }
    }

    @Test func queryRoundTripsThroughItsEncoding() throws {
        let query = try QueryItems(encoded: "q=a+b%26c&x=%C5%99")
        #expect(try QueryItems(encoded: query.encoded) == query)
    }
}

@Suite struct CookieTests {
    @Test func cookiesAreParsedOnceWithSpacesQuotesAndTheFirstOfARepeatedName() {
        let request = Request(method: .get, path: RequestPath(segments: []),
                              headers: ["Cookie": " lang=en ;session=\"abc\"; lang=cs", "Other": "x"])
        #expect(request.cookies == ["lang": "en", "session": "abc"])
    }

    /// Found by the cookie fuzzer: on `Character`s, `;` followed by a combining accent was no
    /// separator, and the next cookie ran into the value before it.
    @Test(arguments: ["x=1;\u{301}session=s; csrf=abc", "x=1;\u{200D}b=2; csrf=abc", "x=1;👨‍👩‍👧=2;csrf=abc"])
    func aSemicolonFollowedByAMarkStillSeparatesCookies(header: String) {
        let cookies = Request(method: .get, path: RequestPath(segments: []), headers: ["Cookie": header]).cookies
        #expect(cookies["x"] == "1" && cookies["csrf"] == "abc")
        #expect(cookies.count == 3)
    }

    @Test func aRequestWithoutCookiesHasNone() {
        #expect(Request(method: .get, path: RequestPath(segments: [])).cookies.isEmpty)
    }
}
