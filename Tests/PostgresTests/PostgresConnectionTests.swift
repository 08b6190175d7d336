import Foundation
import HostileInput
import Postgres
import PostgresCluster
import PropertyBased
import Testing

/// The libpq client against a real server: values go out and come back unchanged, the
/// server's refusals arrive with their SQLSTATE, transactions commit or roll back whole.
@Suite struct PostgresConnectionTests {
    @Test func parametersAndResultsKeepEveryType() throws {
        let connection = try PostgresConnection(url: try TemporaryPostgres.shared.newDatabase())
        let date = Date(timeIntervalSince1970: 1_764_100_000.123456)
        let rows = try connection.query(
            "SELECT $1::bigint AS id, $2::text AS name, $3::boolean AS yes, $4::double precision AS ratio, "
                + "$5::timestamptz AS at, $6::bytea AS bytes, $7::text AS nothing",
            [Int64.max, "Plzeň 🇨🇿 \"'<>", true, 0.1, date, Data([0, 1, 0xfe, 0xff]), String?.none])
        #expect(rows.count == 1)
        let row = rows[0]
        #expect(try row.decode("id", as: Int64.self) == Int64.max)
        #expect(try row.decode("name", as: String.self) == "Plzeň 🇨🇿 \"'<>")
        #expect(try row.decode("yes", as: Bool.self))
        #expect(try row.decode("ratio", as: Double.self) == 0.1)
        #expect(try row.decode("at", as: Date.self) == date)
        #expect(try row.decode("bytes", as: Data.self) == Data([0, 1, 0xfe, 0xff]))
        #expect(try row.decodeIfPresent("nothing", as: String.self) == nil)
        #expect(throws: PostgresError.self) { try row.decode("nothing", as: String.self) }
    }

    @Test func anyTextGoesThroughUnchangedOrIsRefusedForItsNul() async throws {
        let connection = try PostgresConnection(url: try TemporaryPostgres.shared.newDatabase())
        await propertyCheck(count: 500, input: HostileText.strings(length: 0...60)) { text in
            do {
                let back = try connection.query("SELECT $1::text", [text])[0].decode(0, as: String.self)
                #expect(back == text)
            } catch let error as PostgresError {
                #expect(text.utf8.contains(0) && error.sqlState == "22021", "\(error)")
            } catch {
                Issue.record(error)
            }
        }
    }

    @Test func datesRoundTripToTheMicrosecondAcrossCenturies() throws {
        let connection = try PostgresConnection(url: try TemporaryPostgres.shared.newDatabase())
        for seconds in [-2_208_988_800.5, -1.000001, 0, 951_782_400, 1_764_100_000.999999, 4_102_444_800.25] {
            let date = Date(timeIntervalSince1970: seconds)
            let text = try connection.query("SELECT $1::timestamptz::text", [date])[0].decode(0, as: String.self)
            #expect(Date(postgresText: text) == Date(postgresText: date.postgresText!), "this client reads what the server writes")
            let back = try connection.query("SELECT $1::timestamptz", [date])[0].decode(0, as: Date.self)
            #expect(abs(back.timeIntervalSince1970 - seconds) < 0.000_001)
        }
    }

    @Test func aUniqueViolationNamesItsStateAndConstraint() throws {
        let connection = try PostgresConnection(url: try TemporaryPostgres.shared.newDatabase())
        try connection.execute("CREATE TABLE person (name text CONSTRAINT person_name UNIQUE)")
        try connection.query("INSERT INTO person (name) VALUES ($1)", ["eva"])
        let error = #expect(throws: PostgresError.self) {
            try connection.query("INSERT INTO person (name) VALUES ($1)", ["eva"])
        }
        #expect(error?.isUniqueViolation == true)
        #expect(error?.constraint == "person_name")
        #expect(connection.isUsable, "a refused statement leaves the connection usable")
    }

    @Test func aTransactionCommitsWholeOrRollsBackWhole() throws {
        let connection = try PostgresConnection(url: try TemporaryPostgres.shared.newDatabase())
        try connection.execute("CREATE TABLE note (text text NOT NULL)")
        struct Refused: Error {}
        #expect(throws: Refused.self) {
            try connection.transaction { connection in
                try connection.query("INSERT INTO note VALUES ($1)", ["first"])
                throw Refused()
            }
        }
        try connection.transaction { connection in
            try connection.query("INSERT INTO note VALUES ($1)", ["second"])
        }
        let notes = try connection.query("SELECT text FROM note").map { try $0.decode(0, as: String.self) }
        #expect(notes == ["second"])
        #expect(connection.isUsable)
    }

    @Test func aWrongAddressFailsAtOnceWithItsReason() {
        let error = #expect(throws: PostgresError.self) {
            _ = try PostgresConnection(url: "postgresql://nobody@/nothing?host=/nonexistent-folder")
        }
        #expect(error?.isConnectionFailure == true)
        #expect(error?.message.contains("nonexistent-folder") == true)
    }

    @Test func statementsArePreparedOncePerConnection() throws {
        let connection = try PostgresConnection(url: try TemporaryPostgres.shared.newDatabase())
        for number in 1...5 { _ = try connection.query("SELECT $1::int + 1", [number]) }
        let prepared = try connection.query("SELECT count(*) FROM pg_prepared_statements WHERE statement LIKE $1",
                                            ["%$1::int + 1"])[0].decode(0, as: Int.self)
        #expect(prepared == 1)
    }
}
