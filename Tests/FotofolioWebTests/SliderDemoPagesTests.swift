import Foundation
import Testing
@testable import FotofolioWeb

@Suite struct SliderDemoPagesTests {
    /// The value each field shows back after a submission (`data-accepted-value`).
    static func accepted(_ body: String) -> [String: String] {
        let pattern = /data-accepted-value="([^"]+)">([^<]*)</
        return Dictionary(uniqueKeysWithValues: body.matches(of: pattern).map { (String($0.1), String($0.2)) })
    }

    static func query(_ values: [String: String]) -> String {
        var components = URLComponents()
        components.queryItems = values.sorted { $0.key < $1.key }.map { URLQueryItem(name: $0.key, value: $0.value) }
        return "/sliders?" + (components.percentEncodedQuery ?? "")
    }

    @Test func theDemoPageDrawsEveryConfigurationsFirstFrame() async throws {
        let server = try WebTestServer()
        let page = try await server.send("/sliders", headers: ["Accept-Language": "cs"])
        #expect(page.status == 200)
        // Five in the form and one written by hand below it (the code sample's "{…}" aside).
        #expect(page.body.matches(of: /data-precise-slider="\{&quot;/).count == 6)
        #expect(page.body.matches(of: /data-precise-plane="\{&quot;/).count == 2)
        // Finite 0–100 at 37, scale 1: the pointer sits at 50 %, the tick at 40 at 50 + 3·2·100/100/… = 56 %.
        #expect(page.body.contains("x1=\"56.000%\""))
        #expect(page.body.contains("<text class=\"ruler-label\" x=\"56.000%\" y=\"42\">40</text>"))
        #expect(page.body.contains("id=\"slider-finite\" name=\"finite\" type=\"number\" value=\"37\" min=\"0\" max=\"100\""))
        // The infinite hue axis labels past 360 wrapped, and its control has no bounds.
        #expect(page.body.contains(">0°</text>"))
        #expect(!page.body.contains(">360°</text>"))
        #expect(page.body.contains("name=\"hue\" type=\"number\" value=\"350\" step=\"any\""))
        #expect(page.body.contains("name=\"date\" type=\"datetime-local\" value=\"2026-11-22T12:00\""))
        #expect(page.body.contains("data-slider-readout>22. 11. 2026 12:00 UTC</output>"))
        #expect(!page.body.contains("data-accepted"))
        // The hue plane repeats its colour field three times sideways; the photo once.
        #expect(page.body.matches(of: /<svg class="plane-tile"/).count == 1 + 3)
    }

    @Test func aPlaneIsANamedGroupOfOneRangeInputPerAxis() async throws {
        let server = try WebTestServer()
        let page = try await server.send("/sliders", headers: ["Accept-Language": "cs"])
        #expect(page.body.contains("role=\"group\" aria-labelledby=\"photo-label\""))
        #expect(page.body.contains("id=\"photo-x\" name=\"photo-x\" type=\"range\" value=\"50\" min=\"0\" max=\"100\" "
            + "step=\"any\" aria-valuetext=\"Vodorovně: 50,0\u{A0}%\""))
        // The colour's saturation runs from 100 down to 0: the range holds it between its bounds.
        #expect(page.body.contains("name=\"colour-y\" type=\"range\" value=\"80\" min=\"0\" max=\"100\""))
        #expect(page.body.contains("aria-label=\"Přiblížit\""))
    }

    @Test func submittedValuesGoThroughTheModel() async throws {
        let server = try WebTestServer()
        let reply = try await server.send(Self.query([
            "finite": "12,5", "reversed": "2000", "hue": "725", "date": "2026-03-05T14:30", "video": "2:05.5",
            "photo-x": "-4", "photo-y": "33.3", "colour-x": "-10", "colour-y": "150",
        ]), headers: ["Accept-Language": "cs"])
        #expect(reply.status == 200)
        #expect(Self.accepted(reply.body) == [
            "finite": "12.5", "reversed": "1000", "hue": "5", "date": "2026-03-05T14:30", "video": "2:05.50",
            "photo-x": "0", "photo-y": "33.3", "colour-x": "350", "colour-y": "100",
        ])
        #expect(reply.body.contains("data-slider-readout>12,5</output>"))
    }

    @Test func textThatIsNotANumberComesBackWithAMessageAndKeepsTheOtherValues() async throws {
        let server = try WebTestServer()
        let reply = try await server.send(Self.query(["finite": "abc", "hue": "370", "date": "2026-02-30", "video": "1:75"]),
                                          headers: ["Accept-Language": "en"])
        #expect(reply.status == 422)
        #expect(Self.accepted(reply.body).isEmpty)
        #expect(reply.body.contains("Some values are not right."))
        #expect(reply.body.contains("name=\"finite\" type=\"text\" value=\"abc\""))
        #expect(reply.body.contains("“abc” is not a number."))
        #expect(reply.body.contains("“2026-02-30” is not a date."))
        #expect(reply.body.contains("“1:75” is not a duration."))
        // A good value next to a bad one is still taken through the model and shown.
        #expect(reply.body.contains("name=\"hue\" type=\"number\" value=\"10\""))
    }

    @Test func hostileInputIsRefusedPlainly() async throws {
        let server = try WebTestServer()
        for text in ["NaN", "inf", "1e400", String(repeating: "9", count: 400), "<script>", "12.5.6"] {
            let reply = try await server.send(Self.query(["finite": text]), headers: ["Accept-Language": "en"])
            #expect(reply.status == 422, "\(text)")
            #expect(!reply.body.contains("<script>"), "\(text)")
            #expect(reply.body.contains("class=\"field__error\" id=\"slider-finite-error\""), "\(text)")
        }
    }
}
