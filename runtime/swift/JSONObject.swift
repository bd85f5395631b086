import Foundation

/// A JSON object: its members in the order they were written, each key found by its code points, as JSON compares
/// strings. A `[String: JSONValue]` would do neither: it forgets the order, and Swift's `String ==` takes
/// canonically equivalent keys for one (`"é"`, U+00E9, and `"e\u{301}"` are two keys in JSON, in every other
/// binding and here, one in a `Dictionary`).
///
/// Read and set members by key with the subscript, as with a dictionary; iterate `(key, value)` pairs in order as a
/// collection. Two objects are equal when they have the same keys with equal values, in any order (as JSON objects
/// are the same); `members` tells the order apart.
public struct JSONObject: Sendable, Hashable, RandomAccessCollection, ExpressibleByDictionaryLiteral {
    /// The members, in order; no two keys the same.
    public private(set) var members: [(key: String, value: JSONValue)]
    /// Where each key is in `members`, for objects past `indexedSize` members; smaller ones are searched in order,
    /// which is faster than hashing a key for the few members most objects have.
    private var positions: [ScalarKey: Int]?
    private static let indexedSize = 12

    public init() {
        members = []
    }

    /// The members in order; a key given twice keeps its first place and its last value.
    public init<Members: Sequence>(_ members: Members) where Members.Element == (String, JSONValue) {
        self.init()
        for (key, value) in members { self[key] = value }
    }

    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(elements)
    }

    /// The members the reader read, in order, and whether no key is repeated (the reader refuses the text then).
    static func read(_ members: [(key: String, value: JSONValue)]) -> (object: JSONObject, unique: Bool) {
        var object = JSONObject()
        object.members = members
        guard members.count > indexedSize else {
            for later in members.indices.dropFirst() {
                for earlier in 0..<later where sameScalars(members[earlier].key, members[later].key) { return (object, false) }
            }
            return (object, true)
        }
        var positions = [ScalarKey: Int](minimumCapacity: members.count)
        var unique = true
        for (position, member) in members.enumerated() where positions.updateValue(position, forKey: ScalarKey(member.key)) != nil {
            unique = false
        }
        object.positions = positions
        return (object, unique)
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { members.count }
    public subscript(position: Int) -> (key: String, value: JSONValue) { members[position] }

    /// The keys, in order.
    public var keys: [String] { members.map(\.key) }

    /// The values, in the order of their keys.
    public var values: [JSONValue] { members.map(\.value) }

    /// Where the member of this key is, compared by code points.
    public func index(forKey key: String) -> Int? {
        if let positions { return positions[ScalarKey(key)] }
        for position in members.indices where sameScalars(members[position].key, key) { return position }
        return nil
    }

    /// The value of the member whose key has these code points; setting one adds the member last if there is none,
    /// and setting nil removes it.
    public subscript(key: String) -> JSONValue? {
        get { index(forKey: key).map { members[$0].value } }
        set {
            if let newValue {
                updateValue(newValue, forKey: key)
            } else {
                removeValue(forKey: key)
            }
        }
    }

    /// Sets the value of `key`, in its place or last; gives the value it replaced, if any.
    @discardableResult
    public mutating func updateValue(_ value: JSONValue, forKey key: String) -> JSONValue? {
        if let position = index(forKey: key) {
            defer { members[position].value = value }
            return members[position].value
        }
        members.append((key, value))
        if positions != nil {
            positions?[ScalarKey(key)] = members.count - 1
        } else if members.count > Self.indexedSize {
            positions = Self.read(members).object.positions
        }
        return nil
    }

    /// Removes the member of `key`, keeping the order of the others; gives its value, if there was one.
    @discardableResult
    public mutating func removeValue(forKey key: String) -> JSONValue? {
        guard let position = index(forKey: key) else { return nil }
        let removed = members.remove(at: position).value
        positions = members.count > Self.indexedSize ? Self.read(members).object.positions : nil
        return removed
    }

    public static func == (a: JSONObject, b: JSONObject) -> Bool {
        a.count == b.count && a.members.allSatisfy { member in b[member.key] == member.value }
    }

    public func hash(into hasher: inout Hasher) {
        // Order-free, as `==` is: the members' own hashes, summed.
        var sum = 0
        for (key, value) in members {
            var member = Hasher()
            member.combine(ScalarKey(key))
            member.combine(value)
            sum &+= member.finalize()
        }
        hasher.combine(count)
        hasher.combine(sum)
    }
}

extension JSONObject: Codable {
    /// Reads an object from any decoder; from this package's reader, as it was read (order and every key kept).
    public init(from decoder: any Decoder) throws {
        if let read = decoder as? JSONValueDecoder, case .object(let object) = read.value {
            self = object
            return
        }
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        self.init()
        for key in container.allKeys { self[key.stringValue] = try container.decode(JSONValue.self, forKey: key) }
    }

    /// Writes the members in order. Foundation's `JSONEncoder` may reorder them, and merges keys its dictionary
    /// takes for one; ``JSONValue/jsonText`` writes them as they are.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        for (key, value) in members { try container.encode(value, forKey: AnyCodingKey(key)) }
    }
}

/// Whether two strings have the same code points (the same UTF-8), which is how JSON compares them; Swift's `==`
/// compares by canonical equivalence.
func sameScalars(_ a: String, _ b: String) -> Bool {
    let count = a.utf8.count
    // Strings that differ in length or are not even canonically equivalent differ: the standard library's `==` is
    // fast (one comparison of bytes for ASCII), so only strings it finds equal are compared byte for byte.
    guard count == b.utf8.count, a == b else { return false }
    if count == 0 { return true }
    // Native strings hold their UTF-8: compared in one call, not byte by byte.
    let compared = a.utf8.withContiguousStorageIfAvailable { x in
        b.utf8.withContiguousStorageIfAvailable { y in
            guard let p = x.baseAddress, let q = y.baseAddress else { return x.elementsEqual(y) }
            return memcmp(p, q, count) == 0
        }
    }
    return (compared ?? nil) ?? a.utf8.elementsEqual(b.utf8)
}

extension Dictionary where Key == String {
    /// The value of the key with exactly these code points. A `String` key is found by canonical equivalence, so
    /// `["K": 1]["\u{212A}"]` (KELVIN SIGN) is 1; the checker looks up what an answer names as JSON compares it.
    subscript(exactly key: String) -> Value? {
        guard let found = index(forKey: key), sameScalars(self[found].key, key) else { return nil }
        return self[found].value
    }
}

extension Set where Element == String {
    /// Whether the set holds a string with exactly these code points (`contains` compares by canonical equivalence).
    func contains(exactly member: String) -> Bool {
        guard let found = firstIndex(of: member) else { return false }
        return sameScalars(self[found], member)
    }
}
