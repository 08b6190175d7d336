/// Who a photographer's clients pay and whose invoices they get: the account, the name and
/// address an invoice bears, the IČO and VAT number when they have them, and a short text
/// for the payer's statement.
public struct Payee: Sendable, Equatable {
    public var userId: Int64
    public var account: BankAccount
    public var name: String
    public var address: String
    public var companyId: CompanyID?
    public var vatNumber: VATNumber?
    /// Put before what a payment is for in its QR message, e.g. a trade name.
    public var paymentNote: String
    /// The invoice series' prefix (`InvoiceSeries`); empty: the year of each invoice and a dash.
    public var invoicePrefix: String

    public init(userId: Int64, account: BankAccount, name: String, address: String, companyId: CompanyID?, vatNumber: VATNumber?,
                paymentNote: String, invoicePrefix: String = "") {
        self.userId = userId
        self.account = account
        self.name = name
        self.address = address
        self.companyId = companyId
        self.vatNumber = vatNumber
        self.paymentNote = paymentNote
        self.invoicePrefix = invoicePrefix
    }

    /// The prefix of an invoice issued on `day`.
    public func invoicePrefix(on day: CalendarDay) -> String {
        invoicePrefix.isEmpty ? InvoiceSeries.defaultPrefix(on: day) : invoicePrefix
    }

    /// The photographer as an invoice names its supplier.
    public var invoiceParty: Invoice.Party {
        Invoice.Party(name: name, address: address, companyId: companyId?.text, vatNumber: vatNumber?.text)
    }

    /// Whether the photographer charges VAT: they gave a VAT number.
    public var isVATPayer: Bool { vatNumber != nil }
}

/// The fields of the bank details form, as their problems name them.
public enum PayeeField: String, Sendable, CaseIterable {
    case account, name, address, companyId, vatNumber, paymentNote, invoicePrefix
}

/// Every refused field of the bank details form at once, each with its reason's key
/// (`payments.problems.<key>`).
public struct PayeeProblems: Error, Sendable, Equatable {
    public var fields: [PayeeField: String]
    public init(_ fields: [PayeeField: String] = [:]) { self.fields = fields }
}

/// The bank details as typed.
public struct PayeeForm: Sendable, Equatable {
    public var account = ""
    public var name = ""
    public var address = ""
    public var companyId = ""
    public var vatNumber = ""
    public var paymentNote = ""
    public var invoicePrefix = ""

    public init() {}

    public init(_ payee: Payee) {
        account = payee.account.display
        name = payee.name
        address = payee.address
        companyId = payee.companyId?.text ?? ""
        vatNumber = payee.vatNumber?.text ?? ""
        paymentNote = payee.paymentNote
        invoicePrefix = payee.invoicePrefix
    }

    public static let nameLimit = TextLimit(characters: 120)
    public static let addressLimit = TextLimit(characters: 300)
    public static let paymentNoteLimit = TextLimit(characters: 30, bytes: 60)

    public func validated(for userId: Int64) throws(PayeeProblems) -> Payee {
        var problems = PayeeProblems()
        var account: BankAccount?
        do { account = try BankAccount.parse(self.account) } catch { problems.fields[.account] = "account." + error.rawValue }
        let name = Self.text(self.name, limit: Self.nameLimit, required: true, field: .name, &problems)
        let address = Self.text(self.address, limit: Self.addressLimit, required: true, multiline: true, field: .address, &problems)
        var companyId: CompanyID?, vatNumber: VATNumber?
        if !self.companyId.trimmingCharacters(in: .whitespaces).isEmpty {
            do { companyId = try CompanyID.parse(self.companyId) } catch { problems.fields[.companyId] = "companyId." + error.rawValue }
        }
        if !self.vatNumber.trimmingCharacters(in: .whitespaces).isEmpty {
            do { vatNumber = try VATNumber.parse(self.vatNumber) } catch { problems.fields[.vatNumber] = "vatNumber." + error.rawValue }
        }
        let note = Self.text(paymentNote, limit: Self.paymentNoteLimit, required: false, field: .paymentNote, &problems)
        if problems.fields[.paymentNote] == nil, !note.unicodeScalars.allSatisfy(Self.allowedInNote) {
            problems.fields[.paymentNote] = "noteCharacters"
        }
        let prefix = invoicePrefix.trimmingCharacters(in: .whitespaces)
        if !InvoiceSeries.isValidPrefix(prefix) { problems.fields[.invoicePrefix] = "invoicePrefix" }
        guard problems.fields.isEmpty, let account else { throw problems }
        return Payee(userId: userId, account: account, name: name, address: address, companyId: companyId, vatNumber: vatNumber,
                     paymentNote: note, invoicePrefix: prefix)
    }

    /// Letters of any alphabet, digits, spaces and `. , - / : + ( )`: what a statement shows.
    /// Not `*` (the QR payment's separator), not `%`, not emoji.
    static func allowedInNote(_ scalar: Unicode.Scalar) -> Bool {
        if scalar == " " || ".,-/:+()".unicodeScalars.contains(scalar) { return true }
        let properties = scalar.properties
        return (properties.isAlphabetic || properties.numericType == .decimal) && !properties.isEmojiPresentation
            && scalar.value < 0x2000
    }

    static func text(_ raw: String, limit: TextLimit, required: Bool, multiline: Bool = false, field: PayeeField,
                     _ problems: inout PayeeProblems) -> String {
        let text = raw.withUnixLineBreaks.trimmingCharacters(in: .whitespacesAndNewlines)
        if text.isEmpty, required { problems.fields[field] = "missing" }
        else if !limit.allows(text) { problems.fields[field] = "tooLong" }
        else if text.containsControlCharacters(allowing: multiline ? multilineControls : []) { problems.fields[field] = "invalidText" }
        return text
    }
}
