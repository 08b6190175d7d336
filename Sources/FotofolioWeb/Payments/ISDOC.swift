import Fotofolio

/// An invoice as an ISDOC 6.0.2 document, the XML that Czech accounting software imports.
/// One line, the shoot or its payment; its VAT split (`Invoice.taxBase`, `.tax`) at 21 % for a
/// VAT payer, or none with `VATApplicable` false. A final invoice deducts the deposit received:
/// a VAT payer's taxed deposit (its own tax document, `TaxedDeposits`, its VAT "already
/// claimed"), or a deposit without one (`NonTaxedDeposits`, "paid deposits"). A credit note
/// (negative amounts) names the document it corrects. The payment means a bank transfer to the
/// photographer's account with the booking's variable symbol. A euro invoice is in crowns at
/// its rate with its euro amounts beside (`ForeignCurrencyCode`, `…Curr`), as Czech accounts
/// keep foreign invoices. Every text goes through `XMLText`.
enum ISDOC {
    static let namespace = "http://isdoc.cz/namespace/2013"
    static let version = "6.0.2"

    /// The document type: a VAT payer's deposit is a tax document for a payment received (5)
    /// and its credit note a correction of one (6); other invoices are 1, other credit notes 2.
    static func documentType(_ invoice: Invoice) -> Int {
        let deposit = invoice.part == .deposit && invoice.isVATApplicable
        return switch invoice.kind {
        case .invoice: deposit ? 5 : 1
        case .creditNote: deposit ? 6 : 2
        }
    }

    static func document(_ invoice: Invoice) -> String {
        let vat = invoice.isVATApplicable ? "true" : "false"
        // Amounts in crowns (`local`); a euro invoice writes its own amounts beside them (`…Curr`).
        let local = invoice.local
        let foreign = invoice.currency == .eur && invoice.rate != nil
        let taxed = invoice.deposit?.isTaxed == true ? invoice.deposit : nil
        /// `<XCurr>` before `<X>`, as lines, breakdowns and deposits have them.
        func money(_ name: String, _ crowns: Amount, _ own: Amount) -> String {
            (foreign ? "<\(name)Curr>\(own.machineText)</\(name)Curr>" : "") + "<\(name)>\(crowns.machineText)</\(name)>"
        }
        /// `<X>` before `<XCurr>`, as the monetary totals have them.
        func total(_ name: String, _ crowns: Amount, _ own: Amount) -> String {
            "<\(name)>\(crowns.machineText)</\(name)>" + (foreign ? "<\(name)Curr>\(own.machineText)</\(name)Curr>" : "")
        }
        func category(_ percent: Int) -> String {
            "<ClassifiedTaxCategory><Percent>\(percent)</Percent><VATCalculationMethod>1</VATCalculationMethod>"
                + "<VATApplicable>\(percent > 0 ? "true" : "false")</VATApplicable></ClassifiedTaxCategory>"
        }
        let currency = foreign ? "<LocalCurrencyCode>CZK</LocalCurrencyCode><ForeignCurrencyCode>EUR</ForeignCurrencyCode>"
            + "<CurrRate>\(invoice.rate!.machineText)</CurrRate><RefCurrRate>1</RefCurrRate>"
            : "<LocalCurrencyCode>CZK</LocalCurrencyCode><CurrRate>1</CurrRate><RefCurrRate>1</RefCurrRate>"
        var xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <Invoice xmlns="\(namespace)" version="\(version)">
            <DocumentType>\(documentType(invoice))</DocumentType>
            <ID>\(text(invoice.number))</ID>
            <UUID>\(text(invoice.uuid.uppercased()))</UUID>
            <IssuingSystem>Fotofolio</IssuingSystem>
            <IssueDate>\(invoice.issuedOn.text)</IssueDate>
            <TaxPointDate>\(invoice.taxPointOn.text)</TaxPointDate>
            <VATApplicable>\(vat)</VATApplicable>
            <ElectronicPossibilityAgreementReference languageID="cs"></ElectronicPossibilityAgreementReference>
            <Note>\(text(invoice.isVATApplicable ? "" : "Dodavatel není plátcem DPH."))</Note>
            \(currency)

            """
        xml += "<AccountingSupplierParty>\(party(invoice.supplier))</AccountingSupplierParty>\n"
        xml += "<AccountingCustomerParty>\(party(invoice.customer))</AccountingCustomerParty>\n"
        if let original = invoice.corrects {
            xml += "<OriginalDocumentReferences><OriginalDocumentReference><ID>\(text(original.number))</ID>"
                + "<IssueDate>\(text(original.issuedOn))</IssueDate><UUID>\(text(original.uuid.uppercased()))</UUID>"
                + "</OriginalDocumentReference></OriginalDocumentReferences>\n"
        }
        xml += """
            <InvoiceLines><InvoiceLine>
            <ID>1</ID>
            <InvoicedQuantity unitCode="ks">1</InvoicedQuantity>
            \(money("LineExtensionAmount", local.base, invoice.taxBase))
            \(money("LineExtensionAmountTaxInclusive", local.total, invoice.amount))
            <LineExtensionTaxAmount>\(local.tax.machineText)</LineExtensionTaxAmount>
            <UnitPrice>\(local.base.machineText)</UnitPrice>
            <UnitPriceTaxInclusive>\(local.total.machineText)</UnitPriceTaxInclusive>
            \(category(invoice.vatPercent))
            <Item><Description>\(text(invoice.description))</Description></Item>
            </InvoiceLine></InvoiceLines>

            """
        if let deposit = invoice.deposit {
            let id = text(deposit.invoiceNumber ?? String(invoice.variableSymbol))
            if deposit.isTaxed {
                xml += "<TaxedDeposits><TaxedDeposit><ID>\(id)</ID><VariableSymbol>\(invoice.variableSymbol)</VariableSymbol>"
                    + money("TaxableDepositAmount", local.claimedBase, deposit.taxBase)
                    + money("TaxInclusiveDepositAmount", local.claimedTotal, deposit.amount)
                    + "\(category(deposit.vatPercent))</TaxedDeposit></TaxedDeposits>\n"
            } else {
                xml += "<NonTaxedDeposits><NonTaxedDeposit><ID>\(id)</ID><VariableSymbol>\(invoice.variableSymbol)</VariableSymbol>"
                    + money("DepositAmount", local.paidDeposits, deposit.amount) + "</NonTaxedDeposit></NonTaxedDeposits>\n"
            }
        }
        let claimedBase = taxed?.taxBase ?? .zero, claimedTax = taxed?.tax ?? .zero, claimedTotal = taxed?.amount ?? .zero
        xml += """
            <TaxTotal><TaxSubTotal>
            \(money("TaxableAmount", local.base, invoice.taxBase))\(money("TaxAmount", local.tax, invoice.tax))
            \(money("TaxInclusiveAmount", local.total, invoice.amount))
            \(money("AlreadyClaimedTaxableAmount", local.claimedBase, claimedBase))\(money("AlreadyClaimedTaxAmount", local.claimedTax, claimedTax))
            \(money("AlreadyClaimedTaxInclusiveAmount", local.claimedTotal, claimedTotal))
            \(money("DifferenceTaxableAmount", local.differenceBase, invoice.differenceBase))
            \(money("DifferenceTaxAmount", local.differenceTax, invoice.differenceTax))
            \(money("DifferenceTaxInclusiveAmount", local.differenceTotal, invoice.differenceTotal))
            <TaxCategory><Percent>\(invoice.vatPercent)</Percent><VATApplicable>\(vat)</VATApplicable></TaxCategory>
            </TaxSubTotal>\(money("TaxAmount", local.differenceTax, invoice.differenceTax))</TaxTotal>
            <LegalMonetaryTotal>
            \(total("TaxExclusiveAmount", local.base, invoice.taxBase))\(total("TaxInclusiveAmount", local.total, invoice.amount))
            \(total("AlreadyClaimedTaxExclusiveAmount", local.claimedBase, claimedBase))
            \(total("AlreadyClaimedTaxInclusiveAmount", local.claimedTotal, claimedTotal))
            \(total("DifferenceTaxExclusiveAmount", local.differenceBase, invoice.differenceBase))
            \(total("DifferenceTaxInclusiveAmount", local.differenceTotal, invoice.differenceTotal))
            \(total("PayableRoundingAmount", .zero, .zero))
            \(total("PaidDepositsAmount", local.paidDeposits, invoice.untaxedDeposits))
            \(total("PayableAmount", local.payable, invoice.payable))
            </LegalMonetaryTotal>

            """
        // A credit note pays nothing: the refund went already.
        if invoice.kind == .invoice {
            let czech = (try? IBAN.parse(invoice.iban)).flatMap { BankAccount(iban: $0).czech }
            xml += """
                <PaymentMeans><Payment>
                <PaidAmount>\(local.payable.machineText)</PaidAmount>
                <PaymentMeansCode>42</PaymentMeansCode>
                <Details>
                <PaymentDueDate>\(invoice.dueOn.text)</PaymentDueDate>
                <ID>\(text(czech.map { ($0.prefix == 0 ? "" : "\($0.prefix)-") + "\($0.number)" } ?? invoice.iban))</ID>
                <BankCode>\(text(czech?.bankCode ?? ""))</BankCode>
                <Name></Name>
                <IBAN>\(text(invoice.iban))</IBAN>
                <BIC></BIC>
                <VariableSymbol>\(invoice.variableSymbol)</VariableSymbol>
                </Details>
                </Payment></PaymentMeans>

                """
        }
        return xml + "</Invoice>\n"
    }

    /// A party with its IČO (empty for a person without one), name, address and VAT number.
    static func party(_ party: Invoice.Party) -> String {
        let address = PostalAddress(party.address)
        var xml = "<Party><PartyIdentification><ID>\(text(party.companyId ?? ""))</ID></PartyIdentification>"
        xml += "<PartyName><Name>\(text(party.name))</Name></PartyName>"
        xml += "<PostalAddress><StreetName>\(text(address.street))</StreetName><BuildingNumber>\(text(address.building))</BuildingNumber>"
        xml += "<CityName>\(text(address.city))</CityName><PostalZone>\(text(address.postalZone))</PostalZone>"
        xml += "<Country><IdentificationCode>CZ</IdentificationCode><Name>Česká republika</Name></Country></PostalAddress>"
        if let vatNumber = party.vatNumber {
            xml += "<PartyTaxScheme><CompanyID>\(text(vatNumber))</CompanyID><TaxScheme>VAT</TaxScheme></PartyTaxScheme>"
        }
        return xml + "</Party>"
    }

    private static func text(_ value: String) -> String { XMLText.escape(value) }
}

/// A Czech postal address typed in lines, as ISDOC names its parts: "Letná 12" is the street
/// and the building number, "170 00 Praha 7" the postcode and the town. A single line
/// without a postcode (a client's town) is the town.
struct PostalAddress: Equatable {
    var street = ""
    var building = ""
    var postalZone = ""
    var city = ""

    init(street: String, building: String, postalZone: String, city: String) {
        self.street = street
        self.building = building
        self.postalZone = postalZone
        self.city = city
    }

    init(_ text: String) {
        let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        var rest = lines[...]
        // The line that begins with a postcode (5 digits, perhaps as 3 + 2) is the town's.
        if let index = lines.lastIndex(where: { Self.postcode(of: $0) != nil }), let (code, town) = Self.postcode(of: lines[index]) {
            postalZone = code
            city = town
            rest = lines[..<index]
        } else if lines.count == 1 {
            city = lines[0]
            rest = []
        } else if let last = lines.last {
            city = last
            rest = lines.dropLast()
        }
        let streetLine = rest.joined(separator: ", ")
        // A trailing number ("12", "1234/5a") is the building's.
        if let space = streetLine.lastIndex(of: " "), let first = streetLine[streetLine.index(after: space)...].unicodeScalars.first,
           ("0"..."9").contains(first) {
            street = String(streetLine[..<space])
            building = String(streetLine[streetLine.index(after: space)...])
        } else {
            street = streetLine
        }
    }

    private static func postcode(of line: String) -> (String, String)? {
        let scalars = Array(line.unicodeScalars)
        var digits = "", index = 0
        while index < scalars.count, digits.count < 5 {
            let scalar = scalars[index]
            if ("0"..."9").contains(scalar) { digits.unicodeScalars.append(scalar) }
            else if scalar != " " || digits.count != 3 { break }
            index += 1
        }
        guard digits.count == 5, index == scalars.count || scalars[index] == " " else { return nil }
        return (digits, String(String.UnicodeScalarView(scalars[index...])).trimmingCharacters(in: .whitespaces))
    }
}
