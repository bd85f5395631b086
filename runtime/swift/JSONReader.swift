import Foundation

// Why this package reads JSON itself: Foundation's parser (JSONSerialization, as tried on Linux) keeps one value of
// a key written twice without a word, accepts a comma before `]`, hands back an unordered NSDictionary, recurses
// and stops at 512 levels, and says of any problem only that the data is not in the correct format. The contract
// every binding follows (spec/README.md, "Reading JSON") asks for one of six findings at a line and column, the
// first in text order; keys compared code point by code point, where Swift's `String ==` is canonical equivalence;
// and any depth read with no recursion. So the bytes are read here, in one pass with explicit stacks (JSONParser),
// and only the value read is decoded (JSONValueDecoder). On the bench answer it is also about 5 times as fast.

/// A value ``JSONReader`` read, held until it is taken. Freeing a ``JSONValue`` recurses once per level of nesting,
/// so a deep value is taken, used and freed on a thread whose stack is as deep as the value (see `LargeStack`).
final class JSONDocument: @unchecked Sendable {
    /// The deepest nesting of arrays and objects in the value.
    let depth: Int
    private var value: JSONValue?

    init(_ value: JSONValue, depth: Int) {
        self.value = value
        self.depth = depth
    }

    /// The value, handed over: the document keeps no reference to it.
    func take() -> JSONValue {
        defer { value = nil }
        return value ?? .null
    }
}

/// Reads JSON text (RFC 8259, UTF-8 bytes) into a ``JSONValue`` by the contract of spec/README.md, "Reading JSON".
/// Text that is not JSON throws the first malformation in text order (`json-not-utf8`, `json-malformed`,
/// `json-truncated`); JSON that is refused throws the first refusal in text order (`json-lone-surrogate`,
/// `json-number-range`, `json-repeated-key`), each as `JSONInputError.json` with its line and column. Nesting deeper
/// than `maxNesting` is a refusal too (`JSONInputError.tooDeep`). Arrays and objects nested deeper than `keptNesting`
/// (or `maxNesting`) are read but not kept: each is null in the value.
///
/// Objects keep their members in order (``JSONObject``), numbers their text (``JSONNumber``).
enum JSONReader {
    static func read(_ data: Data, maxNesting: Int, keptNesting: Int = .max) throws -> JSONDocument {
        try data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            let bytes = raw.bindMemory(to: UInt8.self)
            var parser = JSONParser(bytes: bytes, maxNesting: maxNesting, keptNesting: min(maxNesting, keptNesting))
            do {
                return try parser.document()
            } catch {
                // What was read so far may nest deep: it is taken apart without recursion.
                JSONValue.dismantle(&parser.values)
                throw error
            }
        }
    }
}

/// The reader's one pass. Malformations throw where they are met, which is text order; refusals are kept (the first
/// in text order) and thrown once the whole text is known to be JSON.
struct JSONParser {
    let bytes: UnsafeBufferPointer<UInt8>
    let maxNesting: Int
    let keptNesting: Int
    var index = 0

    // The open arrays and objects, innermost last: whether each is an object, and where its items start in `values`
    // (and an object's keys in `keys`). Each is made at its end, at its size, from what is on the stacks, so no
    // array or dictionary grows item by item. 50 MB of `[` takes 50 million bits and one run.
    var isObject = BitStack()
    var starts = RunStack()
    var values: [JSONValue] = []
    var keys: [String] = []
    /// Where each key in `keys` starts (its opening quote), or -1 for a key holding a lone surrogate, which is
    /// refused where it stands and so is never compared.
    var keyPlaces: [Int] = []
    var deepest = 0
    /// The first refusal in text order: where, and which (nil: nesting past `maxNesting`).
    var refusal: (offset: Int, kind: JSONProblem.Kind?)?
    /// Set by `string()`: whether the string just read held a lone surrogate escape.
    var heldLoneSurrogate = false

    init(bytes: UnsafeBufferPointer<UInt8>, maxNesting: Int, keptNesting: Int) {
        self.bytes = bytes
        self.maxNesting = maxNesting
        self.keptNesting = keptNesting
    }

    mutating func document() throws -> JSONDocument {
        skipWhitespace()
        while true {
            var value = try scalarOrOpen()
            // A value is complete: add it to the innermost container, closing every container that ends here.
            while let object = isObject.last {
                values.append(value)
                skipWhitespace()
                guard index < bytes.count else { throw problem(at: index) }
                let byte = bytes[index]
                if byte == JSONByte.comma {
                    index += 1
                    skipWhitespace()
                    if object { try key() }
                    break
                }
                guard byte == (object ? JSONByte.closeBrace : JSONByte.closeBracket) else { throw problem(at: index) }
                index += 1
                value = close()
            }
            if isObject.count == 0 {
                skipWhitespace()
                guard index == bytes.count, let refusal else {
                    if index == bytes.count { return JSONDocument(value, depth: deepest) }
                    // The value read may nest deep: `read` takes it apart.
                    values.append(value)
                    value = .null
                    throw problem(at: index)
                }
                values.append(value)
                value = .null
                JSONValue.dismantle(&values)
                guard let kind = refusal.kind else { throw JSONInputError.tooDeep(limit: maxNesting) }
                throw JSONInputError.json(JSONProblem(kind, in: bytes, at: refusal.offset))
            }
        }
    }

    /// Reads a string, number or word, or opens an array or object. An empty array or object is read whole;
    /// after opening a non-empty one, the next value inside it is read.
    private mutating func scalarOrOpen() throws -> JSONValue {
        while true {
            guard index < bytes.count else { throw problem(at: index) }
            let byte = bytes[index]
            switch byte {
            case JSONByte.quote:
                return .string(try string())
            case JSONByte.openBrace, JSONByte.openBracket:
                let object = byte == JSONByte.openBrace
                if isObject.count >= maxNesting { refuse(nil, at: index) }
                let kept = isObject.count < keptNesting
                if kept { deepest = max(deepest, isObject.count + 1) }
                index += 1
                skipWhitespace()
                if index < bytes.count, bytes[index] == (object ? JSONByte.closeBrace : JSONByte.closeBracket) {
                    index += 1
                    return kept ? (object ? .object(JSONObject()) : .array([])) : .null
                }
                isObject.push(object)
                starts.push(values.count)
                if object { try key() }
            case JSONByte.minus, JSONByte.zero...JSONByte.nine:
                return try number()
            case JSONByte.letterT:
                try word("true")
                return .bool(true)
            case JSONByte.letterF:
                try word("false")
                return .bool(false)
            case JSONByte.letterN:
                try word("null")
                return .null
            default:
                throw problem(at: index)
            }
        }
    }

    /// Reads an object's key and the colon after it, leaving the index at its value.
    private mutating func key() throws {
        guard index < bytes.count, bytes[index] == JSONByte.quote else { throw problem(at: index) }
        let place = index
        keys.append(try string())
        keyPlaces.append(heldLoneSurrogate ? -1 : place)
        skipWhitespace()
        guard index < bytes.count, bytes[index] == JSONByte.colon else { throw problem(at: index) }
        index += 1
        skipWhitespace()
    }

    /// Ends the innermost container and gives it as a value; one nested past `keptNesting` is not kept (null).
    private mutating func close() -> JSONValue {
        let kept = isObject.count <= keptNesting
        let start = starts.pop()
        defer { values.removeSubrange(start...) }
        guard isObject.pop() else { return kept ? .array(Array(values[start...])) : .null }
        let first = keys.count - (values.count - start)
        defer {
            keys.removeSubrange(first...)
            keyPlaces.removeSubrange(first...)
        }
        guard kept else {
            findRepeatedKey(from: first)
            return .null
        }
        let (object, unique) = JSONObject.read(Array(zip(keys[first...], values[start...])))
        // Which key repeats an earlier one, and where, is only worked out when one does.
        if !unique { findRepeatedKey(from: first) }
        return .object(object)
    }

    /// Refuses the first key from `first` on that an earlier key of the same object matches code point by code point.
    private mutating func findRepeatedKey(from first: Int) {
        var seen = Set<ScalarKey>(minimumCapacity: keys.count - first)
        for position in first..<keys.count where keyPlaces[position] >= 0 {
            if !seen.insert(ScalarKey(keys[position])).inserted {
                refuse(.repeatedKey, at: keyPlaces[position])
                return
            }
        }
    }

    /// Keeps a refusal if it is the first in text order so far.
    mutating func refuse(_ kind: JSONProblem.Kind?, at offset: Int) {
        if let refusal, refusal.offset <= offset { return }
        refusal = (offset, kind)
    }

    /// A stack of bits, 64 to a word, its top kept apart: it is read after every value.
    struct BitStack {
        private var words: [UInt64] = []
        private(set) var count = 0
        private(set) var last: Bool?

        mutating func push(_ bit: Bool) {
            if count & 63 == 0 { words.append(0) }
            if bit { words[count >> 6] |= 1 << UInt64(count & 63) }
            count += 1
            last = bit
        }

        mutating func pop() -> Bool {
            count -= 1
            let word = count >> 6
            let bit = words[word] >> UInt64(count & 63) & 1 == 1
            words[word] &= ~(1 << UInt64(count & 63))
            if count & 63 == 0 { words.removeLast() }
            last = count == 0 ? nil : words[(count - 1) >> 6] >> UInt64((count - 1) & 63) & 1 == 1
            return bit
        }
    }

    /// A stack of numbers that never decrease, each run of equal ones kept once with its length: containers opened
    /// one inside another with nothing between them start at the same place.
    struct RunStack {
        private var runs: [(value: Int, length: Int)] = []

        mutating func push(_ value: Int) {
            if let last = runs.last, last.value == value {
                runs[runs.count - 1].length += 1
            } else {
                runs.append((value, 1))
            }
        }

        mutating func pop() -> Int {
            let last = runs.count - 1
            let value = runs[last].value
            if runs[last].length == 1 { runs.removeLast() } else { runs[last].length -= 1 }
            return value
        }
    }
}

/// A String compared and hashed by its code points, as JSON compares keys and the checker compares ids: Swift's own
/// `==` takes `"é"` (U+00E9) and `"e\u{301}"` for one string.
struct ScalarKey: Hashable {
    let text: String

    init(_ text: String) {
        self.text = text
    }

    static func == (a: ScalarKey, b: ScalarKey) -> Bool {
        sameScalars(a.text, b.text)
    }

    func hash(into hasher: inout Hasher) {
        // A native string's UTF-8 is at hand: hashed in one call, not byte by byte.
        let hashed: Void? = text.utf8.withContiguousStorageIfAvailable { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        if hashed == nil {
            Array(text.utf8).withUnsafeBytes { hasher.combine(bytes: $0) }
        }
    }
}

extension JSONValue {
    /// Frees values with no recursion, however deep: each one's items are held on a stack before it is let go, so
    /// freeing it frees no item.
    static func dismantle(_ values: inout [JSONValue]) {
        var stack = values
        values = []
        while let value = stack.popLast() {
            switch value {
            case .array(let items): stack.append(contentsOf: items)
            case .object(let object): stack.append(contentsOf: object.values)
            default: break
            }
        }
    }
}
