import Foundation

/// A JSON number, kept as the text it was written as, so no digit is lost: `12345678901234567890` and
/// `0.10000000000000000001` stay what they were (a `Double` holds neither; `Int64` not the first), as the Rust and
/// Go bindings keep them. ``doubleValue`` gives the nearest `Double`; ``int64Value`` and ``uint64Value`` give a
/// whole number exactly when it fits.
///
/// Two numbers are equal when their texts are: `1`, `1.0` and `1e0` are three numbers here, as they are three texts
/// in the answer; compare ``doubleValue`` to compare what they stand for.
public struct JSONNumber: Sendable, Hashable, CustomStringConvertible, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral {
    /// The number as JSON text (RFC 8259's grammar, nothing around it), exactly as it was read or made.
    public let text: String

    /// A number read by ``JSONReader``, whose text the reader has checked.
    init(read text: String) {
        self.text = text
    }

    /// The number `text` writes, if it is one JSON number and in the range of a `Double` (as the reader refuses
    /// one past it); nil otherwise, whitespace around it included.
    public init?(_ text: String) {
        let bytes = Data(text.utf8)
        guard let first = bytes.first, first == JSONByte.minus || (JSONByte.zero...JSONByte.nine).contains(first),
            let document = try? JSONReader.read(bytes, maxNesting: 0), case .number(let number) = document.take(),
            number.text.utf8.count == bytes.count
        else { return nil }
        self = number
    }

    /// A whole number, exactly.
    public init<Integer: BinaryInteger>(_ value: Integer) {
        text = String(value)
    }

    /// A `Double`, as the shortest text that reads back as the same `Double`; nil for infinity and NaN, which
    /// JSON cannot write.
    public init?(_ value: Double) {
        guard value.isFinite else { return nil }
        text = String(describing: value)
    }

    public init(integerLiteral value: Int64) {
        self.init(value)
    }

    /// The compiler refuses a literal past a `Double`; were one infinite, it would be the largest finite one.
    public init(floatLiteral value: Double) {
        let finite = value.isFinite ? value : (value.sign == .minus ? -Double.greatestFiniteMagnitude : .greatestFiniteMagnitude)
        text = String(describing: finite)
    }

    /// The nearest `Double`: exact for most numbers an answer holds, rounded for the others. Never infinite for a
    /// number the reader read (it refuses those past a `Double`).
    public var doubleValue: Double {
        Double(text) ?? 0
    }

    /// The number exactly, if it is written as a whole number (no fraction, no exponent) that fits in `Int64`.
    public var int64Value: Int64? {
        Int64(text)
    }

    /// The number exactly, if it is written as a whole number (no fraction, no exponent) that fits in `UInt64`.
    public var uint64Value: UInt64? {
        UInt64(text)
    }

    /// Whether the number is written without a fraction or an exponent.
    public var isWhole: Bool {
        !text.utf8.contains { $0 == JSONByte.dot || $0 | 0x20 == JSONByte.letterE }
    }

    /// The number as an integer of type `T`, as Foundation's `JSONDecoder` reads one: exactly from a whole number
    /// in range, or from a fraction or exponent whose value is a whole number `T` holds; nil otherwise.
    func exactly<T: FixedWidthInteger>(_ type: T.Type) -> T? {
        if let whole = T(text) { return whole }
        return isWhole ? nil : T(exactly: doubleValue)
    }

    public var description: String { text }
}
