import Foundation

/// Any JSON value, kept exactly as it was read: attribute values, free-form objects and unknown fields hold these.
///
/// Nothing JSON tells apart is lost. An object keeps its members in order, and two keys that differ in any code
/// point are two members (``JSONObject``); a number keeps the text it was written as (``JSONNumber``), so
/// `12345678901234567890` stays that number. Strings compare by code point here too: `.string("é")` (U+00E9) and
/// `.string("e\u{301}")` are different values, as they are in JSON.
///
/// Read a value with the optional accessors (`stringValue`, `numberValue`, `objectValue` ...), each nil for a value
/// of another type, and the `subscript`s, which look into an object by key or an array by position:
/// `value["items"]?[0]?.stringValue`. ``jsonText`` writes the value back as JSON, exactly.
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(JSONNumber)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// The value of any Encodable type, as JSON.
    public init<T: Encodable>(encoding value: T) throws {
        self = try JSONReader.read(JSONEncoder().encode(value), maxNesting: .max).take()
    }

    /// This JSON as a value of a Decodable type.
    public func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try JSONValueDecoder.decode(type, from: self)
    }

    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The number as the nearest `Double`; ``exactNumber`` gives it exactly.
    public var numberValue: Double? {
        if case .number(let value) = self { return value.doubleValue }
        return nil
    }

    /// The number exactly, as it was written.
    public var exactNumber: JSONNumber? {
        if case .number(let value) = self { return value }
        return nil
    }

    /// The integer, exactly, if the number is written without a fraction or exponent and fits in `Int64`; nil for
    /// any other value (`1.0` included).
    public var integerValue: Int64? {
        if case .number(let value) = self { return value.int64Value }
        return nil
    }

    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    public var arrayValue: [JSONValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    public var objectValue: JSONObject? {
        if case .object(let value) = self { return value }
        return nil
    }

    /// The member of an object whose key has these code points; nil if there is none or this is not an object.
    public subscript(key: String) -> JSONValue? {
        objectValue?[key]
    }

    /// The item of an array at `index`; nil if it is out of range or this is not an array.
    public subscript(index: Int) -> JSONValue? {
        guard case .array(let items) = self, items.indices.contains(index) else { return nil }
        return items[index]
    }

    public static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.number(let x), .number(let y)): return x == y
        case (.string(let x), .string(let y)): return sameScalars(x, y)
        case (.array(let x), .array(let y)): return x == y
        case (.object(let x), .object(let y)): return x == y
        default: return false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let value): hasher.combine(value)
        case .number(let value): hasher.combine(value)
        case .string(let value): hasher.combine(ScalarKey(value))
        case .array(let value): hasher.combine(value)
        case .object(let value): hasher.combine(value)
        }
    }
}

extension JSONValue: Codable {
    public init(from decoder: any Decoder) throws {
        // A value this package's reader read is taken as it is.
        if let read = decoder as? JSONValueDecoder {
            self = read.value
            return
        }
        // Another decoder (Foundation's JSONDecoder, say) gives numbers only as Swift's number types.
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .number(JSONNumber(value))
        } else if let value = try? container.decode(UInt64.self) {
            self = .number(JSONNumber(value))
        } else if let value = try? container.decode(Double.self), let number = JSONNumber(value) {
            self = .number(number)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode(JSONObject.self))
        }
    }

    /// Writes the value to any encoder: a whole number that fits in 64 bits exactly, any other number as its
    /// nearest `Double` (an encoder takes no other), an object's members in order. ``jsonText`` keeps every number.
    public func encode(to encoder: any Encoder) throws {
        if case .object(let object) = self {
            try object.encode(to: encoder)
            return
        }
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value):
            if let whole = value.int64Value {
                try container.encode(whole)
            } else if let whole = value.uint64Value {
                try container.encode(whole)
            } else {
                try container.encode(value.doubleValue)
            }
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object: break
        }
    }
}

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByFloatLiteral,
    ExpressibleByIntegerLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    public init(nilLiteral: ()) { self = .null }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(floatLiteral value: Double) { self = .number(JSONNumber(floatLiteral: value)) }
    public init(integerLiteral value: Int64) { self = .number(JSONNumber(value)) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }

    /// An object of these members, in order; a key given twice keeps its first place and its last value.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(JSONObject(elements))
    }
}
