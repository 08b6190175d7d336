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
        let folded = text.applyingTransform(.stripDiacritics, reverse: false) ?? text
        var result = ""
        var lastWasSpace = true
        for scalar in folded.unicodeScalars {
            guard result.utf8.count < limit else { break }
            if scalar.properties.isWhitespace {
                if !lastWasSpace { result.append(" ") }
                lastWasSpace = true
            } else if (0x21...0x7E).contains(scalar.value), scalar != "*", scalar != "%" {
                result.unicodeScalars.append(scalar)
                lastWasSpace = false
            }
        }
        while result.hasSuffix(" ") { result.removeLast() }
        return result
    }
}
