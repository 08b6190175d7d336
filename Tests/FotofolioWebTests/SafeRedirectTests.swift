import Testing
@testable import FotofolioWeb

@Suite struct SafeRedirectTests {
    @Test(arguments: ["/", "/search?q=x", "/users/eva#top"])
    func sameSitePathsAreKept(path: String) {
        #expect(SafeRedirect.path(path) == path)
    }

    @Test(arguments: [nil, "", "//evil.example", "/\\evil.example", "https://evil.example", "/a\nSet-Cookie: x", "relative"])
    func anythingElseGoesHome(candidate: String?) {
        #expect(SafeRedirect.path(candidate) == "/")
    }
}
