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
    /// The fields of the object being decoded whose keys are not among `known`, as they were sent.
    func unknownFields<Known: CodingKey>(besides known: Known.Type) throws -> [String: JSONValue] {
        var unknown: [String: JSONValue] = [:]
        // A value this package's reader read: its fields are at hand, with no container to open.
        if let read = self as? JSONValueDecoder, case .object(let fields) = read.value {
            for (key, value) in fields where Known(stringValue: key) == nil { unknown[key] = value }
            return unknown
        }
        let every = try container(keyedBy: AnyCodingKey.self)
        for key in every.allKeys where Known(stringValue: key.stringValue) == nil {
            unknown[key.stringValue] = try every.decode(JSONValue.self, forKey: key)
        }
        return unknown
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
