import Foundation

/// A Czech QR payment ("QR Platba"): the Short Payment Descriptor 1.0 text a banking app reads
/// from the code, `SPD*1.0*ACC:<IBAN>*AM:<amount>*CC:CZK*…`. Keys and values are separated by
/// `*`, so no value may hold one; texts are written in ASCII (diacritics dropped, anything
/// else left out) within the format's lengths, so every banking app reads them alike.
public struct QRPayment: Sendable, Equatable {
    public var account: IBAN
    public var amount: Amount
    /// Up to 10 digits; the booking's number.
    public var variableSymbol: UInt64?
    public var dueDay: CalendarDay?
    /// The payee's name (`RN`, at most 35 characters).
    public var recipient: String
    /// What the payer's statement says (`MSG`, at most 60 characters).
    public var message: String

    public static let messageLimit = 60
    public static let recipientLimit = 35

    public init(account: IBAN, amount: Amount, variableSymbol: UInt64?, dueDay: CalendarDay?, recipient: String, message: String) {
        self.account = account
        self.amount = amount
        self.variableSymbol = variableSymbol
        self.dueDay = dueDay
        self.recipient = recipient
        self.message = message
    }

    /// The descriptor's text, in the order the format's examples use.
    public var text: String {
        var fields = ["SPD", "1.0", "ACC:\(account.text)", "AM:\(amount.machineText)", "CC:CZK"]
        if let dueDay { fields.append("DT:" + dueDay.text.replacingOccurrences(of: "-", with: "")) }
        let name = Self.value(recipient, limit: Self.recipientLimit)
        if !name.isEmpty { fields.append("RN:\(name)") }
        if let variableSymbol, variableSymbol > 0, variableSymbol <= 9_999_999_999 { fields.append("X-VS:\(variableSymbol)") }
        let message = Self.value(message, limit: Self.messageLimit)
        if !message.isEmpty { fields.append("MSG:\(message)") }
        return fields.joined(separator: "*")
    }

    /// The text as a value of the format: letters without their diacritics, printable ASCII
    /// but `*` and `%` (the separator and the escape), runs of spaces as one, at most `limit`.
    public static func value(_ text: String, limit: Int) -> String {
        PaymentText.folded(text, limit: limit) { (0x21...0x7E).contains($0) && $0 != UInt8(ascii: "*") && $0 != UInt8(ascii: "%") }
    }
}

/// A euro payment as the European Payments Council's QR code carries it (EPC069-12, version
/// 002, "SCT" for a SEPA credit transfer), the code European banking apps scan: lines of
/// `BCD`, the version, the character set, the transfer, the BIC (optional within the EEA),
/// the payee, the IBAN, `EUR` and the amount, a purpose, a structured reference and the
/// remittance text. Texts are written in the SEPA character set (letters without diacritics,
/// digits, `/ - ? : ( ) . , ' +` and spaces), so no text can make a line of its own.
public struct EPCPayment: Sendable, Equatable {
    public var account: IBAN
    public var amount: Amount
    /// The payee's name (at most 70 characters).
    public var recipient: String
    /// What the payment is for (at most 140 characters); the booking's number leads it as
    /// Czech banks write a variable symbol in a SEPA transfer, `/VS/123`.
    public var message: String
    public var variableSymbol: UInt64?

    public static let recipientLimit = 70
    public static let remittanceLimit = 140

    public init(account: IBAN, amount: Amount, variableSymbol: UInt64?, recipient: String, message: String) {
        self.account = account
        self.amount = amount
        self.variableSymbol = variableSymbol
        self.recipient = recipient
        self.message = message
    }

    /// The remittance text: `/VS/<booking>` and the message.
    public var remittance: String {
        let reference = variableSymbol.map { "/VS/\($0) " } ?? ""
        return Self.value(reference + message, limit: Self.remittanceLimit)
    }

    public var text: String {
        ["BCD", "002", "1", "SCT", "", Self.value(recipient, limit: Self.recipientLimit), account.text,
         "EUR" + amount.machineText, "", "", remittance].joined(separator: "\n")
    }

    /// The text in the SEPA character set, runs of spaces as one, at most `limit` characters.
    public static func value(_ text: String, limit: Int) -> String {
        PaymentText.folded(text, limit: limit) { byte in
            (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                || Array("/-?:().,'+".utf8).contains(byte)
        }
    }
}

/// Texts written into a payment code: letters without their diacritics, only the ASCII bytes
/// the format `allows`, each run of white space one space, nothing at either end, at most
/// `limit` bytes.
enum PaymentText {
    static func folded(_ text: String, limit: Int, allows: (UInt8) -> Bool) -> String {
        let folded = text.applyingTransform(.stripDiacritics, reverse: false) ?? text
        var result = ""
        var lastWasSpace = true
        for scalar in folded.unicodeScalars {
            guard result.utf8.count < limit else { break }
            if scalar.properties.isWhitespace {
                if !lastWasSpace { result.append(" ") }
                lastWasSpace = true
            } else if scalar.isASCII, allows(UInt8(scalar.value)) {
                result.unicodeScalars.append(scalar)
                lastWasSpace = false
            }
        }
        while result.hasSuffix(" ") { result.removeLast() }
        return result
    }
}
