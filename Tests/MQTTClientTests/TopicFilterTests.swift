import Testing
@testable import MQTTClient

@Suite struct TopicFilterTests {
    @Test func filterWithoutWildcardsMatchesOnlyTheSameTopic() throws {
        let filter = try TopicFilter("chat/room/1")
        #expect(filter.matches("chat/room/1"))
        #expect(!filter.matches("chat/room/10"))
        #expect(!filter.matches("chat/room"))
        #expect(!filter.matches("chat/room/1/message"))
        #expect(!filter.hasWildcards)
    }

    @Test func plusMatchesExactlyOneLevelEvenAnEmptyOne() throws {
        let filter = try TopicFilter("chat/+/message")
        #expect(filter.matches("chat/7/message"))
        #expect(filter.matches("chat//message"))
        #expect(!filter.matches("chat/7/8/message"))
        #expect(!filter.matches("chat/message"))
        #expect(try TopicFilter("chat/+").matches("chat/"))
        #expect(try TopicFilter("+/+").matches("/finance"))
        #expect(try TopicFilter("/+").matches("/finance"))
        #expect(!(try TopicFilter("+").matches("/finance")))
    }

    @Test func hashMatchesTheParentLevelAndEverythingBelow() throws {
        let filter = try TopicFilter("sport/tennis/#")
        #expect(filter.matches("sport/tennis"))
        #expect(filter.matches("sport/tennis/player1"))
        #expect(filter.matches("sport/tennis/player1/ranking"))
        #expect(!filter.matches("sport/tennisplayer"))
        #expect(!filter.matches("sport"))
    }

    @Test func hashAloneMatchesEveryTopicButTheBrokersOwn() throws {
        let filter = try TopicFilter("#")
        #expect(filter.matches("a"))
        #expect(filter.matches("a/b/c"))
        #expect(filter.matches("/leading/slash"))
        #expect(!filter.matches("$SYS/broker/uptime"))
    }

    @Test func leadingWildcardsDoNotReachDollarTopicsButExplicitFiltersDo() throws {
        #expect(!(try TopicFilter("+/monitor/Clients").matches("$SYS/monitor/Clients")))
        #expect(try TopicFilter("$SYS/#").matches("$SYS/monitor/Clients"))
        #expect(try TopicFilter("$SYS/monitor/+").matches("$SYS/monitor/Clients"))
        #expect(try TopicFilter("a/+").matches("a/$b")) // only the first level is special
    }

    @Test(arguments: ["sport/tennis#", "sport/#/ranking", "#/tail", "sport+", "sport/+tennis", "", "a\u{0}b"])
    func filtersBreakingTheWildcardRulesAreRejected(text: String) {
        #expect(throws: MQTTError.self) { try TopicFilter(text) }
    }

    @Test(arguments: ["#", "+", "+/+", "a/#", "a/+/b", "/", "a//b", "$SYS/#"])
    func filtersFollowingTheRulesAreAccepted(text: String) throws {
        #expect(try TopicFilter(text).text == text)
    }

    @Test func publishTopicsCannotContainWildcards() {
        #expect(throws: MQTTError.self) { try validatePublishTopic("chat/+/message") }
        #expect(throws: MQTTError.self) { try validatePublishTopic("chat/#") }
        #expect(throws: MQTTError.self) { try validatePublishTopic("") }
        #expect(throws: Never.self) { try validatePublishTopic("chat/1/message") }
    }
}
