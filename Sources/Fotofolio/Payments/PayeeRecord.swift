/// A payee as both stores keep it: the IBAN and identifiers as text, read back through the
/// same checks as typed text (a row that fails them is damaged, never shown as another account).
public struct PayeeRecord: Sendable {
    public var userId: Int64
    public var iban: String
    public var name: String
    public var address: String
    public var companyId: String?
    public var vatNumber: String?
    public var paymentNote: String
    public var invoicePrefix: String

    public init(userId: Int64, iban: String, name: String, address: String, companyId: String?, vatNumber: String?, paymentNote: String,
                invoicePrefix: String) {
        self.userId = userId
        self.iban = iban
        self.name = name
        self.address = address
        self.companyId = companyId
        self.vatNumber = vatNumber
        self.paymentNote = paymentNote
        self.invoicePrefix = invoicePrefix
    }

    public func payee() throws -> Payee {
        Payee(userId: userId, account: BankAccount(iban: try IBAN.parse(iban)), name: name, address: address,
              companyId: try companyId.map { try CompanyID.parse($0) }, vatNumber: try vatNumber.map { try VATNumber.parse($0) },
              paymentNote: paymentNote, invoicePrefix: invoicePrefix)
    }
}
