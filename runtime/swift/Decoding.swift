extension KeyedDecodingContainerProtocol {
    /// Decodes a field that may be absent. Unlike `decodeIfPresent`, a `null` is not taken for absent: no field's
    /// type includes null, so a `null` fails like any other value of the wrong type.
    func decodeOptional<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        if let value = try decodeIfPresent(type, forKey: key) { return value }
        // Absent, or null: a null is decoded as the type, which refuses it unless the type holds null (JSONValue).
        return contains(key) ? try decode(type, forKey: key) : nil
    }
}

extension Decoder {
    /// The fields of the object being decoded whose keys are not among `known`, as they were sent, in order.
    func unknownFields<Known: CodingKey>(besides known: Known.Type) throws -> JSONObject {
        var unknown = JSONObject()
        // A value this package's reader read: its fields are at hand, with no container to open.
        if let read = self as? JSONValueDecoder, case .object(let fields) = read.value {
            for (key, value) in fields where Known.exactly(key) == nil { unknown[key] = value }
            return unknown
        }
        let every = try container(keyedBy: AnyCodingKey.self)
        for key in every.allKeys where Known.exactly(key.stringValue) == nil {
            unknown[key.stringValue] = try every.decode(JSONValue.self, forKey: key)
        }
        return unknown
    }
}

extension CodingKey {
    /// The key named by exactly these code points, or nil: a `String` enum's `init(stringValue:)` compares by
    /// canonical equivalence, and would take `"\u{212A}"` (KELVIN SIGN) for a key named `K`.
    static func exactly(_ name: String) -> Self? {
        guard let key = Self(stringValue: name), sameScalars(key.stringValue, name) else { return nil }
        return key
    }
}

/// A coding key for names known only at run time, such as attributes.
struct AnyCodingKey: CodingKey, Hashable {
    var stringValue: String
    var intValue: Int? { nil }

    init(_ string: String) {
        stringValue = string
    }

    init?(stringValue: String) {
        self.stringValue = stringValue
    }

    init?(intValue: Int) {
        return nil
    }
}
