import Foundation

/// Decodes `Decodable` values from a ``JSONValue`` that ``JSONReader`` has read, as Foundation's `JSONDecoder`
/// decodes the same JSON: a `String` only from a string, a `Bool` only from `true` or `false`, a floating-point
/// number from any number (its nearest value), an integer only from a number whose value is whole and in its range
/// (read from the number's text, so every `UInt64` is exact). An object's keys are looked up by code point. A ``JSONValue`` field is handed over
/// as it is, not probed type by type, which is what makes this faster than decoding the bytes again.
///
/// A class, whose instances are the nodes of the coding path: each nested value's decoder points to its parent's
/// and holds its own key, so one allocation makes both, and the whole path is only made when asked for.
final class JSONValueDecoder: Decoder, SingleValueDecodingContainer {
    let value: JSONValue
    private let parent: JSONValueDecoder?
    private let key: (any CodingKey)?

    private init(value: JSONValue, parent: JSONValueDecoder?, key: (any CodingKey)?) {
        self.value = value
        self.parent = parent
        self.key = key
    }

    var codingPath: [any CodingKey] {
        var keys: [any CodingKey] = []
        var node: JSONValueDecoder? = self
        while let current = node {
            if let key = current.key { keys.append(key) }
            node = current.parent
        }
        return keys.reversed()
    }

    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// Decodes `type` from `value`, the root of what is decoded.
    static func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> T {
        try decode(type, from: value, in: nil, at: nil)
    }

    /// Decodes `type` from `value`, found at `key` of what `parent` decodes.
    fileprivate static func decode<T: Decodable>(_ type: T.Type, from value: JSONValue, in parent: JSONValueDecoder?, at key: (any CodingKey)?) throws -> T {
        if T.self == JSONValue.self, let same = value as? T { return same }
        if T.self == JSONObject.self, case .object(let object) = value, let object = object as? T { return object }
        if T.self == [JSONValue].self, case .array(let array) = value, let array = array as? T { return array }
        return try T(from: JSONValueDecoder(value: value, parent: parent, key: key))
    }

    /// A decoder for `value`, found at `key` of what this one decodes.
    fileprivate func child(_ value: JSONValue, at key: any CodingKey) -> JSONValueDecoder {
        JSONValueDecoder(value: value, parent: self, key: key)
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(try objectContainer(keyedBy: type))
    }

    /// The container `container(keyedBy:)` boxes, as itself: calls on it are direct, and can be specialized.
    func objectContainer<Key: CodingKey>(keyedBy type: Key.Type) throws -> JSONObjectContainer<Key> {
        guard case .object(let object) = value else { throw mismatch(JSONObject.self, value, codingPath) }
        return JSONObjectContainer<Key>(object: object, decoder: self)
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let array) = value else { throw mismatch([JSONValue].self, value, codingPath) }
        return UnkeyedContainer(array: array, decoder: self)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    func decodeNil() -> Bool { value.isNull }
    func decode(_ type: Bool.Type) throws -> Bool { try Scalars.bool(value, codingPath) }
    func decode(_ type: String.Type) throws -> String { try Scalars.string(value, codingPath) }
    func decode(_ type: Double.Type) throws -> Double { try Scalars.double(value, codingPath) }
    func decode(_ type: Float.Type) throws -> Float { try Scalars.float(value, codingPath) }
    func decode(_ type: Int.Type) throws -> Int { try Scalars.integer(value, codingPath) }
    func decode(_ type: Int8.Type) throws -> Int8 { try Scalars.integer(value, codingPath) }
    func decode(_ type: Int16.Type) throws -> Int16 { try Scalars.integer(value, codingPath) }
    func decode(_ type: Int32.Type) throws -> Int32 { try Scalars.integer(value, codingPath) }
    func decode(_ type: Int64.Type) throws -> Int64 { try Scalars.integer(value, codingPath) }
    func decode(_ type: UInt.Type) throws -> UInt { try Scalars.integer(value, codingPath) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try Scalars.integer(value, codingPath) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try Scalars.integer(value, codingPath) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try Scalars.integer(value, codingPath) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try Scalars.integer(value, codingPath) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try Self.decode(type, from: value, in: parent, at: key) }
}

/// The coding key of an array's item.
private struct IndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { "Index \(intValue ?? 0)" }

    init(_ index: Int) { intValue = index }
    init?(stringValue: String) { return nil }
    init?(intValue: Int) { self.intValue = intValue }
}

private func mismatch(_ type: Any.Type, _ value: JSONValue, _ path: [any CodingKey]) -> DecodingError {
    let found: String
    switch value {
    case .null: found = "null"
    case .bool: found = "a boolean"
    case .number: found = "a number"
    case .string: found = "a string"
    case .array: found = "an array"
    case .object: found = "an object"
    }
    return DecodingError.typeMismatch(type, DecodingError.Context(codingPath: path, debugDescription: "Expected to decode \(type) but found \(found) instead."))
}

/// The primitive types, read from a value as Foundation reads them. The path is only made for an error.
private enum Scalars {
    static func bool(_ value: JSONValue, _ path: @autoclosure () -> [any CodingKey]) throws -> Bool {
        guard case .bool(let bool) = value else { throw mismatch(Bool.self, value, path()) }
        return bool
    }

    static func string(_ value: JSONValue, _ path: @autoclosure () -> [any CodingKey]) throws -> String {
        guard case .string(let string) = value else { throw mismatch(String.self, value, path()) }
        return string
    }

    static func double(_ value: JSONValue, _ path: @autoclosure () -> [any CodingKey]) throws -> Double {
        guard case .number(let number) = value else { throw mismatch(Double.self, value, path()) }
        return number.doubleValue
    }

    static func float(_ value: JSONValue, _ path: @autoclosure () -> [any CodingKey]) throws -> Float {
        let number = Float(try double(value, path()))
        guard number.isFinite else { throw notRepresentable(value, Float.self, path()) }
        return number
    }

    static func integer<T: FixedWidthInteger>(_ value: JSONValue, _ path: @autoclosure () -> [any CodingKey]) throws -> T {
        guard case .number(let number) = value else { throw mismatch(T.self, value, path()) }
        guard let exact = number.exactly(T.self) else { throw notRepresentable(value, T.self, path()) }
        return exact
    }

    private static func notRepresentable(_ value: JSONValue, _ type: Any.Type, _ path: [any CodingKey]) -> DecodingError {
        let number = value.exactNumber?.text ?? ""
        return DecodingError.dataCorrupted(DecodingError.Context(codingPath: path, debugDescription: "Number \(number) is not representable in \(type)."))
    }
}

/// The keyed container of a ``JSONValueDecoder``: an object's fields.
struct JSONObjectContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let object: JSONObject
    let decoder: JSONValueDecoder

    var codingPath: [any CodingKey] { decoder.codingPath }
    var allKeys: [Key] { object.keys.compactMap { Key.exactly($0) } }

    func contains(_ key: Key) -> Bool { object[key.stringValue] != nil }

    private func value(_ key: Key) throws -> JSONValue {
        guard let value = object[key.stringValue] else {
            throw DecodingError.keyNotFound(key, DecodingError.Context(codingPath: codingPath, debugDescription: "No value for the key \"\(key.stringValue)\"."))
        }
        return value
    }

    private func pathTo(_ key: Key) -> [any CodingKey] { codingPath + [key] }

    func decodeNil(forKey key: Key) throws -> Bool { try value(key).isNull }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try Scalars.bool(value(key), pathTo(key)) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try Scalars.string(value(key), pathTo(key)) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try Scalars.double(value(key), pathTo(key)) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try Scalars.float(value(key), pathTo(key)) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try Scalars.integer(value(key), pathTo(key)) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try Scalars.integer(value(key), pathTo(key)) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try Scalars.integer(value(key), pathTo(key)) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try Scalars.integer(value(key), pathTo(key)) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try Scalars.integer(value(key), pathTo(key)) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try Scalars.integer(value(key), pathTo(key)) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try Scalars.integer(value(key), pathTo(key)) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try Scalars.integer(value(key), pathTo(key)) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try Scalars.integer(value(key), pathTo(key)) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try Scalars.integer(value(key), pathTo(key)) }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try JSONValueDecoder.decode(type, from: value(key), in: decoder, at: key)
    }

    /// As the standard library's: nil when the key is absent or holds null; looked up once rather than three times.
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let value = object[key.stringValue], !value.isNull else { return nil }
        return try JSONValueDecoder.decode(type, from: value, in: decoder, at: key)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try decoder.child(value(key), at: key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try decoder.child(value(key), at: key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        decoder
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        decoder.child(object[key.stringValue] ?? .null, at: key)
    }
}

private struct UnkeyedContainer: UnkeyedDecodingContainer {
    let array: [JSONValue]
    let decoder: JSONValueDecoder
    private(set) var currentIndex = 0

    init(array: [JSONValue], decoder: JSONValueDecoder) {
        self.array = array
        self.decoder = decoder
    }

    var codingPath: [any CodingKey] { decoder.codingPath }
    var count: Int? { array.count }
    var isAtEnd: Bool { currentIndex >= array.count }

    /// The path of the item at `index`, made only for an error.
    private func pathTo(_ index: Int) -> [any CodingKey] { codingPath + [IndexKey(index)] }

    /// The next item; the index moves past it.
    private mutating func next<T>(_ type: T.Type) throws -> JSONValue {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(type, DecodingError.Context(codingPath: pathTo(currentIndex), debugDescription: "The array has no more items."))
        }
        defer { currentIndex += 1 }
        return array[currentIndex]
    }

    mutating func decodeNil() throws -> Bool {
        guard try next(JSONValue.self).isNull else {
            currentIndex -= 1
            return false
        }
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool {
        let index = currentIndex
        return try Scalars.bool(next(type), pathTo(index))
    }

    mutating func decode(_ type: String.Type) throws -> String {
        let index = currentIndex
        return try Scalars.string(next(type), pathTo(index))
    }

    mutating func decode(_ type: Double.Type) throws -> Double {
        let index = currentIndex
        return try Scalars.double(next(type), pathTo(index))
    }

    mutating func decode(_ type: Float.Type) throws -> Float {
        let index = currentIndex
        return try Scalars.float(next(type), pathTo(index))
    }

    mutating func decode(_ type: Int.Type) throws -> Int {
        let index = currentIndex
        return try Scalars.integer(next(type), pathTo(index))
    }

    mutating func decode(_ type: Int8.Type) throws -> Int8 {
        let index = currentIndex
        return try Scalars.integer(next(type), pathTo(index))
    }

    mutating func decode(_ type: Int16.Type) throws -> Int16 {
        let index = currentIndex
        return try Scalars.integer(next(type), pathTo(index))
    }

    mutating func decode(_ type: Int32.Type) throws -> Int32 {
        let index = currentIndex
        return try Scalars.integer(next(type), pathTo(index))
    }

    mutating func decode(_ type: Int64.Type) throws -> Int64 {
        let index = currentIndex
        return try Scalars.integer(next(type), pathTo(index))
    }

    mutating func decode(_ type: UInt.Type) throws -> UInt {
        let index = currentIndex
        return try Scalars.integer(next(type), pathTo(index))
    }

    mutating func decode(_ type: UInt8.Type) throws -> UInt8 {
        let index = currentIndex
        return try Scalars.integer(next(type), pathTo(index))
    }

    mutating func decode(_ type: UInt16.Type) throws -> UInt16 {
        let index = currentIndex
        return try Scalars.integer(next(type), pathTo(index))
    }

    mutating func decode(_ type: UInt32.Type) throws -> UInt32 {
        let index = currentIndex
        return try Scalars.integer(next(type), pathTo(index))
    }

    mutating func decode(_ type: UInt64.Type) throws -> UInt64 {
        let index = currentIndex
        return try Scalars.integer(next(type), pathTo(index))
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let key = IndexKey(currentIndex)
        return try JSONValueDecoder.decode(type, from: next(type), in: decoder, at: key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let key = IndexKey(currentIndex)
        return try decoder.child(next(JSONObject.self), at: key).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let key = IndexKey(currentIndex)
        return try decoder.child(next([JSONValue].self), at: key).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder {
        let key = IndexKey(currentIndex)
        return decoder.child(try next(JSONValue.self), at: key)
    }
}
