import Fotofolio

/// An invoice as an ISDOC 6.0.2 document, the XML that Czech accounting software imports.
/// One line, the shoot or its payment; its VAT split (`Invoice.taxBase`, `.tax`) at 21 % for a
/// VAT payer, or none with `VATApplicable` false. A final invoice deducts the deposit received:
/// a VAT payer's taxed deposit (its own tax document, `TaxedDeposits`, its VAT "already
/// claimed"), or a deposit without one (`NonTaxedDeposits`, "paid deposits"). A credit note
/// (negative amounts) names the document it corrects. The payment means a bank transfer to the
/// photographer's account with the booking's variable symbol. Every text goes through `XMLText`.
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
        let base = invoice.taxBase.machineText, tax = invoice.tax.machineText, total = invoice.amount.machineText
        let deposit = invoice.deposit
        let taxed = deposit?.isTaxed == true ? deposit : nil
        let claimedBase = (taxed?.taxBase ?? .zero).machineText, claimedTax = (taxed?.tax ?? .zero).machineText
        let claimedTotal = (taxed?.amount ?? .zero).machineText
        let difference = (base: invoice.differenceBase.machineText, tax: invoice.differenceTax.machineText,
                          total: invoice.differenceTotal.machineText)
        func category(_ percent: Int) -> String {
            "<ClassifiedTaxCategory><Percent>\(percent)</Percent><VATCalculationMethod>1</VATCalculationMethod>"
                + "<VATApplicable>\(percent > 0 ? "true" : "false")</VATApplicable></ClassifiedTaxCategory>"
        }
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
            <LocalCurrencyCode>CZK</LocalCurrencyCode>
            <CurrRate>1</CurrRate>
            <RefCurrRate>1</RefCurrRate>

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
            <LineExtensionAmount>\(base)</LineExtensionAmount>
            <LineExtensionAmountTaxInclusive>\(total)</LineExtensionAmountTaxInclusive>
            <LineExtensionTaxAmount>\(tax)</LineExtensionTaxAmount>
            <UnitPrice>\(base)</UnitPrice>
            <UnitPriceTaxInclusive>\(total)</UnitPriceTaxInclusive>
            \(category(invoice.vatPercent))
            <Item><Description>\(text(invoice.description))</Description></Item>
            </InvoiceLine></InvoiceLines>

            """
        if let deposit {
            let id = text(deposit.invoiceNumber ?? String(invoice.variableSymbol))
            if deposit.isTaxed {
                xml += "<TaxedDeposits><TaxedDeposit><ID>\(id)</ID><VariableSymbol>\(invoice.variableSymbol)</VariableSymbol>"
                    + "<TaxableDepositAmount>\(deposit.taxBase.machineText)</TaxableDepositAmount>"
                    + "<TaxInclusiveDepositAmount>\(deposit.amount.machineText)</TaxInclusiveDepositAmount>"
                    + "\(category(deposit.vatPercent))</TaxedDeposit></TaxedDeposits>\n"
            } else {
                xml += "<NonTaxedDeposits><NonTaxedDeposit><ID>\(id)</ID><VariableSymbol>\(invoice.variableSymbol)</VariableSymbol>"
                    + "<DepositAmount>\(deposit.amount.machineText)</DepositAmount></NonTaxedDeposit></NonTaxedDeposits>\n"
            }
        }
        xml += """
            <TaxTotal><TaxSubTotal>
            <TaxableAmount>\(base)</TaxableAmount><TaxAmount>\(tax)</TaxAmount><TaxInclusiveAmount>\(total)</TaxInclusiveAmount>
            <AlreadyClaimedTaxableAmount>\(claimedBase)</AlreadyClaimedTaxableAmount><AlreadyClaimedTaxAmount>\(claimedTax)</AlreadyClaimedTaxAmount>
            <AlreadyClaimedTaxInclusiveAmount>\(claimedTotal)</AlreadyClaimedTaxInclusiveAmount>
            <DifferenceTaxableAmount>\(difference.base)</DifferenceTaxableAmount><DifferenceTaxAmount>\(difference.tax)</DifferenceTaxAmount>
            <DifferenceTaxInclusiveAmount>\(difference.total)</DifferenceTaxInclusiveAmount>
            <TaxCategory><Percent>\(invoice.vatPercent)</Percent><VATApplicable>\(vat)</VATApplicable></TaxCategory>
            </TaxSubTotal><TaxAmount>\(difference.tax)</TaxAmount></TaxTotal>
            <LegalMonetaryTotal>
            <TaxExclusiveAmount>\(base)</TaxExclusiveAmount><TaxInclusiveAmount>\(total)</TaxInclusiveAmount>
            <AlreadyClaimedTaxExclusiveAmount>\(claimedBase)</AlreadyClaimedTaxExclusiveAmount>
            <AlreadyClaimedTaxInclusiveAmount>\(claimedTotal)</AlreadyClaimedTaxInclusiveAmount>
            <DifferenceTaxExclusiveAmount>\(difference.base)</DifferenceTaxExclusiveAmount><DifferenceTaxInclusiveAmount>\(difference.total)</DifferenceTaxInclusiveAmount>
            <PayableRoundingAmount>0.00</PayableRoundingAmount>
            <PaidDepositsAmount>\(invoice.untaxedDeposits.machineText)</PaidDepositsAmount>
            <PayableAmount>\(invoice.payable.machineText)</PayableAmount>
            </LegalMonetaryTotal>

            """
        // A credit note pays nothing: the refund went already.
        if invoice.kind == .invoice {
            let czech = (try? IBAN.parse(invoice.iban)).flatMap { BankAccount(iban: $0).czech }
            xml += """
                <PaymentMeans><Payment>
                <PaidAmount>\(invoice.payable.machineText)</PaidAmount>
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
