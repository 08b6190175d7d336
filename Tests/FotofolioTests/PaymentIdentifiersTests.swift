import Foundation
import PropertyBased
import HostileInput
import Testing
@testable import Fotofolio

/// Accounts, IBANs, IČO, VAT numbers and amounts as people type them, against published
/// examples and the checksums' own promises.
@Suite struct PaymentIdentifiersTests {
    // MARK: Czech accounts and IBANs

    /// The Czech National Bank's example and accounts printed by charities for donations.
    @Test(arguments: [("19-2000145399/0800", "CZ6508000000192000145399"),
                      ("19 - 2000145399 / 0800".replacingOccurrences(of: " - ", with: "-").replacingOccurrences(of: " / ", with: "/"),
                       "CZ6508000000192000145399"),
                      ("2000145399/0800", "CZ7908000000002000145399"),
                      ("000019-2000145399/0800", "CZ6508000000192000145399")])
    func aCzechAccountIsReadAndWrittenAsItsIBAN(_ typed: String, _ iban: String) throws {
        let account = try BankAccount.parse(typed)
        #expect(account.iban.text == iban)
        #expect(try IBAN.parse(iban) == account.iban)
        #expect(account.czech == (try CzechAccount.parse(typed)))
    }

    @Test func anIBANIsShownInGroupsAndACzechOneAlsoInTheCzechForm() throws {
        let account = try BankAccount.parse("cz65 0800 0000 1920 0014 5399")
        #expect(account.iban.printed == "CZ65 0800 0000 1920 0014 5399")
        #expect(account.display == "19-2000145399/0800")
        let german = try BankAccount.parse("DE89 3704 0044 0532 0130 00")
        #expect(german.czech == nil)
        #expect(german.display == "DE89 3704 0044 0532 0130 00")
    }

    /// Published examples of each length, from the IBAN registry's own.
    @Test(arguments: ["GB82 WEST 1234 5698 7654 32", "DE89 3704 0044 0532 0130 00", "AT61 1904 3002 3457 3201",
                      "SK31 1200 0000 1987 4263 7541", "NL91 ABNA 0417 1643 00", "FR14 2004 1010 0505 0001 3M02 606",
                      "PL61 1090 1014 0000 0712 1981 2874", "BE68 5390 0754 7034", "NO93 8601 1117 947"])
    func publishedIBANsAreAccepted(_ typed: String) throws {
        #expect(try IBAN.parse(typed).text == typed.replacingOccurrences(of: " ", with: ""))
    }

    @Test(arguments: [("19-2000145398/0800", BankAccountProblem.checksum), ("18-2000145399/0800", .checksum),
                      ("2000145399/800", .bankCode), ("2000145399/08000", .bankCode), ("2000145399", .format),
                      ("1-2-2000145399/0800", .format), ("-2000145399/0800", .format), ("1234567-2000145399/0800", .format),
                      ("12345678901/0800", .format), ("0/0800", .format), ("00/0800", .checksum), ("２000145399/0800", .format),
                      ("", .missing), ("   ", .missing),
                      ("CZ65 0800 0000 1920 0014 539", .ibanLength), ("CZ65 0800 0000 1920 0014 53990", .ibanLength),
                      ("CZ66 0800 0000 1920 0014 5399", .ibanChecksum), ("GB82 WEST 1234 5698 7654 33", .ibanChecksum),
                      ("XX82 WEST 1234 5698 7654 32", .ibanCountry), ("US12 3456", .ibanCountry), ("CZ", .format),
                      ("CZ65-0800-0000", .format), (String(repeating: "1", count: 100) + "/0800", .format)])
    func wrongAccountsAreRefusedWithTheReason(_ typed: String, _ problem: BankAccountProblem) {
        #expect(throws: problem) { try BankAccount.parse(typed) }
    }

    /// The weights 10…1 are all below 11, so changing any one digit always breaks the sum.
    @Test func everyOneDigitMistakeInACzechNumberIsCaught() async {
        await propertyCheck(count: 2000, input: Gen.uint64(in: 10...9_999_999_999), Gen.int(in: 0...9), Gen.int(in: 1...9)) { seed, position, change in
            // The first valid number at or after the seed.
            var number = seed
            while CzechAccount.weighted(number, CzechAccount.numberWeights) % 11 != 0 { number += 1 }
            guard number <= 9_999_999_999 else { return }
            let valid = "\(number)/0100"
            #expect((try? CzechAccount.parse(valid)) != nil)
            var digits = Array(CzechAccount.padded(number, 10).utf8)
            digits[position] = UInt8(ascii: "0") + UInt8((Int(digits[position] - 0x30) + change) % 10)
            #expect(throws: BankAccountProblem.checksum) { try CzechAccount.parse(String(decoding: digits, as: UTF8.self) + "/0100") }
        }
    }

    /// Any Czech account turned into an IBAN passes the IBAN check, reads back as the same
    /// account, and any one digit changed or two neighbours swapped in the IBAN is caught.
    @Test func aCzechAccountsIBANPassesMod97AndCatchesOneMistake() async {
        await propertyCheck(count: 1500, input: Gen.uint64(in: 0...999_999), Gen.uint64(in: 10...9_999_999_999), Gen.int(in: 0...9999),
                            Gen.int(in: 4...22)) { prefixSeed, numberSeed, code, position in
            var prefix = prefixSeed, number = numberSeed
            while CzechAccount.weighted(prefix, CzechAccount.prefixWeights) % 11 != 0 { prefix += 1 }
            while CzechAccount.weighted(number, CzechAccount.numberWeights) % 11 != 0 { number += 1 }
            guard prefix <= 999_999, number <= 9_999_999_999 else { return }
            let account = CzechAccount(prefix: prefix, number: number, bankCode: CzechAccount.padded(UInt64(code), 4))
            let iban = account.iban
            #expect((try? IBAN.parse(iban.text)) == iban)
            #expect(CzechAccount(iban: iban) == account)
            #expect((try? CzechAccount.parse(account.text))?.iban == iban)
            var changed = Array(iban.text.utf8)
            changed[position] = UInt8(ascii: "0") + UInt8((Int(changed[position] - 0x30) + 1) % 10)
            #expect(throws: BankAccountProblem.ibanChecksum) { try IBAN.parse(String(decoding: changed, as: UTF8.self)) }
            var swapped = Array(iban.text.utf8)
            if swapped[position] != swapped[position + 1] {
                swapped.swapAt(position, position + 1)
                #expect(throws: BankAccountProblem.ibanChecksum) { try IBAN.parse(String(decoding: swapped, as: UTF8.self)) }
            }
        }
    }

    @Test func hostileTextNeverTrapsAndWhatPassesIsACleanAccount() async {
        await propertyCheck(count: 3000, input: HostileText.strings(length: 0...40)) { text in
            guard let account = try? BankAccount.parse(text) else { return }
            #expect(account.iban.text.utf8.allSatisfy { isDigit($0) || (0x41...0x5A).contains($0) })
            #expect((try? IBAN.parse(account.iban.text)) == account.iban)
        }
    }

    // MARK: IČO and VAT numbers

    /// The Ministry of Finance (00006947), Seznam.cz (26168685), ČEZ (45274649).
    @Test(arguments: [("00006947", "00006947"), ("6947", "00006947"), ("26168685", "26168685"), ("45274649", "45274649"),
                      ("261 686 85", "26168685")])
    func companyIDsOfRealCompaniesAreAccepted(_ typed: String, _ stored: String) throws {
        #expect(try CompanyID.parse(typed).text == stored)
    }

    @Test(arguments: [("26168684", IdentifierProblem.checksum), ("123456789", .format), ("2616868a", .format), ("", .missing)])
    func wrongCompanyIDsAreRefused(_ typed: String, _ problem: IdentifierProblem) {
        #expect(throws: problem) { try CompanyID.parse(typed) }
    }

    @Test(arguments: [("CZ26168685", "CZ26168685"), ("cz 26168685", "CZ26168685"), ("CZ7103192745", "CZ7103192745"),
                      ("CZ710319274", "CZ710319274")])
    func czechVATNumbersAreAccepted(_ typed: String, _ stored: String) throws {
        #expect(try VATNumber.parse(typed).text == stored)
    }

    @Test(arguments: [("CZ1234567", IdentifierProblem.format), ("CZ12345678901", .format), ("CZ26168684", .checksum),
                      ("SK2020317068", .vatCountry), ("26168685", .vatCountry), ("CZ2616868X", .format), ("", .missing)])
    func wrongVATNumbersAreRefused(_ typed: String, _ problem: IdentifierProblem) {
        #expect(throws: problem) { try VATNumber.parse(typed) }
    }

    // MARK: Amounts

    @Test(arguments: [("1 234,50", Int64(123_450)), ("1234.5", 123_450), ("0,01", 1), ("9 999 999,99", 999_999_999), ("15", 1500),
                      ("1\u{A0}500", 150_000)])
    func amountsAreReadToTheHaler(_ typed: String, _ halers: Int64) throws {
        #expect(try Amount.parse(typed).halers == halers)
    }

    @Test(arguments: [("0", AmountProblem.zero), ("0,00", .zero), ("-100", .negative), ("−100", .negative), ("1,2345", .tooManyDecimals),
                      ("1,234", .tooManyDecimals), ("1000000000000000", .tooLarge), ("10 000 000", .tooLarge), ("1e5", .format),
                      (",5", .format), ("5,", .format), ("1,2,3", .format), ("12 Kč", .format), ("", .missing), ("٣", .format)])
    func wrongAmountsAreRefusedWithTheReason(_ typed: String, _ problem: AmountProblem) {
        #expect(throws: problem) { try Amount.parse(typed) }
    }

    @Test func anAmountIsWrittenForMachinesWithAPointAndTwoDecimals() {
        #expect(Amount(halers: 123_405).machineText == "1234.05")
        #expect(Amount(crowns: 4800).machineText == "4800.00")
        #expect(Amount(crowns: 4801).percent(30).machineText == "1440.30")
        #expect(Amount(halers: 5).percent(50).halers == 3)
    }

    // MARK: QR payments

    @Test func aQRPaymentIsTheShortPaymentDescriptorOfTheBooking() throws {
        let payment = QRPayment(account: try IBAN.parse("CZ6508000000192000145399"), amount: Amount(halers: 144_030), variableSymbol: 42,
                                dueDay: CalendarDay("2027-06-05"), recipient: "Vojtěch Foťák", message: "Záloha Svatba 2027-06-12")
        #expect(payment.text == "SPD*1.0*ACC:CZ6508000000192000145399*AM:1440.30*CC:CZK*DT:20270605*RN:Vojtech Fotak*X-VS:42*MSG:Zaloha Svatba 2027-06-12")
    }

    @Test func aQRPaymentsTextsLoseTheSeparatorAndWhatBanksCannotShowAndKeepTheirLengths() throws {
        let account = try IBAN.parse("CZ6508000000192000145399")
        let payment = QRPayment(account: account, amount: Amount(crowns: 1), variableSymbol: nil, dueDay: nil,
                                recipient: String(repeating: "Ž", count: 50), message: "Svatba*AM:1.00 📸 100% \n\t" + String(repeating: "x", count: 80))
        let fields = payment.text.split(separator: "*")
        // SPD, 1.0, ACC, AM, CC, RN, MSG: the message's own "*AM:" did not make a field.
        #expect(fields.count == 7)
        #expect(fields.contains("AM:1.00"))
        let message = try #require(fields.first { $0.hasPrefix("MSG:") }).dropFirst(4)
        #expect(message.hasPrefix("SvatbaAM:1.00 100 x"))
        #expect(message.utf8.count == QRPayment.messageLimit)
        let name = try #require(fields.first { $0.hasPrefix("RN:") }).dropFirst(3)
        #expect(name == Substring(String(repeating: "Z", count: QRPayment.recipientLimit)))
        #expect(payment.text.unicodeScalars.allSatisfy { (0x20...0x7E).contains($0.value) })
    }

    @Test func anyTextBecomesAValueWithinItsLimitWithoutSeparators() async {
        await propertyCheck(count: 2000, input: HostileText.strings(length: 0...100)) { text in
            let value = QRPayment.value(text, limit: 60)
            #expect(value.utf8.count <= 60)
            #expect(!value.contains("*") && !value.contains("%"))
            #expect(value.unicodeScalars.allSatisfy { (0x20...0x7E).contains($0.value) })
            #expect(!value.hasPrefix(" ") && !value.hasSuffix(" ") && !value.contains("  "))
        }
    }
}
