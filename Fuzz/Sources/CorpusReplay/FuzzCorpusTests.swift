import Foundation
import Testing

/// Every fuzz target run once on each input of its committed corpus: the seeds and every
/// input a campaign found (`found-…`, bench/FUZZING.md), with the same oracles as under
/// libFuzzer but no mutation. `make fuzz` (Fuzz/run.sh) fuzzes them for real.
@Suite(.serialized) struct FuzzCorpusTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Corpus")

    static let targets = [
        "RequestPathFuzz", "QueryFuzz", "CookieFuzz", "FormBodyFuzz", "MultipartFuzz", "FeedCursorFuzz",
        "FeedAddressFuzz", "TagsFuzz", "AcceptLanguageFuzz", "SliderTextFuzz", "MessengerCommandFuzz",
        "HTMLEscapeFuzz", "TemplateEscapeFuzz", "FFprobeReportFuzz", "ShootFormFuzz", "SharingFormFuzz",
        "DeliveredMetadataFuzz", "ReadMailFuzz", "PushSubscriptionFuzz", "MessageSearchFuzz", "PaymentFuzz",
        "LiveAnnouncementFuzz",
    ]

    /// The target's entry point, as libFuzzer calls it. An oracle that fails aborts the run
    /// with its message, as it does under libFuzzer.
    static func entryPoint(_ target: String) -> ((UnsafePointer<UInt8>?, Int) -> CInt)? {
        switch target {
        case "RequestPathFuzz": fuzzRequestPath
        case "QueryFuzz": fuzzQuery
        case "CookieFuzz": fuzzCookies
        case "FormBodyFuzz": fuzzFormBody
        case "MultipartFuzz": fuzzMultipart
        case "FeedCursorFuzz": fuzzFeedCursor
        case "FeedAddressFuzz": fuzzFeedAddress
        case "TagsFuzz": fuzzTags
        case "AcceptLanguageFuzz": fuzzAcceptLanguage
        case "SliderTextFuzz": fuzzSliderText
        case "MessengerCommandFuzz": fuzzMessengerCommand
        case "HTMLEscapeFuzz": fuzzHTMLEscape
        case "TemplateEscapeFuzz": fuzzTemplateEscape
        case "FFprobeReportFuzz": fuzzFFprobeReport
        case "ShootFormFuzz": fuzzShootForm
        case "SharingFormFuzz": fuzzSharingForm
        case "DeliveredMetadataFuzz": fuzzDeliveredMetadata
        case "ReadMailFuzz": fuzzReadMail
        case "PushSubscriptionFuzz": fuzzPushSubscription
        case "MessageSearchFuzz": fuzzMessageSearch
        case "PaymentFuzz": fuzzPayment
        case "LiveAnnouncementFuzz": fuzzLiveAnnouncement
        default: nil
        }
    }

    @Test func everyCorpusHasItsTarget() throws {
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.corpus.path)
        #expect(Set(folders) == Set(Self.targets))
    }

    @Test(arguments: targets)
    func replaysItsCorpus(_ target: String) throws {
        let entryPoint = try #require(Self.entryPoint(target))
        let folder = Self.corpus.appendingPathComponent(target)
        let inputs = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(!inputs.isEmpty)
        for input in inputs {
            let bytes = [UInt8](try Data(contentsOf: folder.appendingPathComponent(input)))
            #expect(bytes.withUnsafeBufferPointer { entryPoint($0.baseAddress, $0.count) } == 0, "\(input)")
        }
    }
}
