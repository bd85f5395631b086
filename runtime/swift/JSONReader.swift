import Foundation

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

/// Reads JSON text (RFC 8259, UTF-8) into a ``JSONValue`` in one pass with an explicit stack, so text of any depth
/// is read on any thread. What parsers read differently is refused, each as a ``JSONInputError``: nesting deeper
/// than the limit, a key twice in one object (after unescaping), a `\u` escape of a lone surrogate, a trailing
/// comma. Any other text that is not JSON, bytes that are not UTF-8 included, throws `DecodingError.dataCorrupted`
/// naming the byte where it went wrong.
///
/// A number written without a fraction or exponent that fits in 64 bits is read as an `integer`, exactly; any other
/// number as a `number`, and one too large for a `Double` is refused.
enum JSONReader {
    static func read(_ data: Data, maxNesting: Int) throws -> JSONDocument {
        try data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            var parser = Parser(bytes: raw.bindMemory(to: UInt8.self), maxNesting: maxNesting)
            return try parser.document()
        }
    }

    private struct Parser {
        let bytes: UnsafeBufferPointer<UInt8>
        let maxNesting: Int
        var index = 0

        // The open arrays and objects, innermost last: whether each is an object, and where its items start in
        // `values` (and an object's keys in `keys`). Each is made at its end, at its size, from what is on the
        // stacks, so no array or dictionary grows item by item.
        var isObject: [Bool] = []
        var starts: [Int] = []
        var values: [JSONValue] = []
        var keys: [String] = []
        var deepest = 0

        init(bytes: UnsafeBufferPointer<UInt8>, maxNesting: Int) {
            self.bytes = bytes
            self.maxNesting = maxNesting
        }

        mutating func document() throws -> JSONDocument {
            skipWhitespace()
            while true {
                var value = try scalarOrOpen()
                // A value is complete: add it to the innermost container, closing every container that ends here.
                while let object = isObject.last {
                    values.append(value)
                    skipWhitespace()
                    guard let byte = peek() else { throw malformed("Unexpected end of the text", at: index) }
                    if byte == Byte.comma {
                        index += 1
                        skipWhitespace()
                        if let next = peek(), next == Byte.closeBrace || next == Byte.closeBracket {
                            throw JSONInputError.trailingComma(offset: index)
                        }
                        if object { try key() }
                        break
                    }
                    guard byte == (object ? Byte.closeBrace : Byte.closeBracket) else {
                        throw malformed("',' or '\(object ? "}" : "]")' expected", at: index)
                    }
                    index += 1
                    value = try close()
                }
                if isObject.isEmpty {
                    skipWhitespace()
                    guard index == bytes.count else { throw malformed("Text after the value", at: index) }
                    return JSONDocument(value, depth: deepest)
                }
            }
        }

        /// Reads a string, number or word, or opens an array or object. An empty array or object is read whole;
        /// after opening a non-empty one, the next value inside it is read.
        private mutating func scalarOrOpen() throws -> JSONValue {
            while true {
                guard let byte = peek() else { throw malformed("Unexpected end of the text", at: index) }
                switch byte {
                case Byte.quote:
                    return .string(try string())
                case Byte.openBrace, Byte.openBracket:
                    let object = byte == Byte.openBrace
                    guard isObject.count < maxNesting else { throw JSONInputError.tooDeep(limit: maxNesting) }
                    deepest = max(deepest, isObject.count + 1)
                    index += 1
                    skipWhitespace()
                    if peek() == (object ? Byte.closeBrace : Byte.closeBracket) {
                        index += 1
                        return object ? .object([:]) : .array([])
                    }
                    isObject.append(object)
                    starts.append(values.count)
                    if object { try key() }
                case Byte.minus, Byte.zero...Byte.nine:
                    return try number()
                case Byte.letterT:
                    try word("true")
                    return .bool(true)
                case Byte.letterF:
                    try word("false")
                    return .bool(false)
                case Byte.letterN:
                    try word("null")
                    return .null
                default:
                    throw malformed("A value expected", at: index)
                }
            }
        }

        /// Reads an object's key and the colon after it, leaving the index at its value.
        private mutating func key() throws {
            guard peek() == Byte.quote else { throw malformed("A key expected", at: index) }
            keys.append(try string())
            skipWhitespace()
            guard peek() == Byte.colon else { throw malformed("':' expected", at: index) }
            index += 1
            skipWhitespace()
        }

        /// Ends the innermost container and gives it as a value.
        private mutating func close() throws -> JSONValue {
            let start = starts.removeLast()
            defer { values.removeSubrange(start...) }
            guard isObject.removeLast() else { return .array(Array(values[start...])) }
            let first = keys.count - (values.count - start)
            defer { keys.removeSubrange(first...) }
            var object = [String: JSONValue](minimumCapacity: values.count - start)
            for (key, value) in zip(keys[first...], values[start...]) where object.updateValue(value, forKey: key) != nil {
                throw JSONInputError.duplicateKey(key)
            }
            return .object(object)
        }

        private func peek() -> UInt8? {
            index < bytes.count ? bytes[index] : nil
        }

        private mutating func skipWhitespace() {
            while index < bytes.count {
                switch bytes[index] {
                case Byte.space, Byte.newline, Byte.tab, Byte.carriageReturn: index += 1
                default: return
                }
            }
        }

        private mutating func word(_ text: StaticString) throws {
            let length = text.utf8CodeUnitCount
            guard index + length <= bytes.count,
                UnsafeBufferPointer(start: text.utf8Start, count: length).elementsEqual(bytes[index..<(index + length)])
            else { throw malformed("A value expected", at: index) }
            index += length
        }

        private mutating func number() throws -> JSONValue {
            let start = index
            var end = index
            func digits() throws {
                guard end < bytes.count, (Byte.zero...Byte.nine).contains(bytes[end]) else {
                    throw malformed("A digit expected", at: end)
                }
                while end < bytes.count, (Byte.zero...Byte.nine).contains(bytes[end]) { end += 1 }
            }
            if bytes[end] == Byte.minus { end += 1 }
            if end < bytes.count, bytes[end] == Byte.zero { end += 1 } else { try digits() }
            var whole = true
            if end < bytes.count, bytes[end] == Byte.dot {
                whole = false
                end += 1
                try digits()
            }
            if end < bytes.count, bytes[end] == Byte.letterE || bytes[end] == Byte.capitalE {
                whole = false
                end += 1
                if end < bytes.count, bytes[end] == Byte.plus || bytes[end] == Byte.minus { end += 1 }
                try digits()
            }
            index = end
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
            if whole, let value = Int64(text) { return .integer(value) }
            guard let value = Double(text), value.isFinite else { throw malformed("A number too large for a Double", at: start) }
            return .number(value)
        }

        /// Reads the string that starts at the index (a quote) and leaves the index after its closing quote.
        private mutating func string() throws -> String {
            let start = index + 1
            var end = start
            var ascii = true
            while end < bytes.count {
                let byte = bytes[end]
                if byte == Byte.quote {
                    index = end + 1
                    return try text(UnsafeBufferPointer(rebasing: bytes[start..<end]), ascii: ascii, at: start)
                }
                if byte == Byte.backslash { return try escapedString(from: start, firstEscape: end) }
                if byte < Byte.space { throw malformed("A control character in a string", at: end) }
                if byte >= 0x80 { ascii = false }
                end += 1
            }
            throw malformed("An unterminated string", at: index)
        }

        /// The rest of a string that holds an escape, from its start to its closing quote, unescaped.
        private mutating func escapedString(from start: Int, firstEscape: Int) throws -> String {
            var unescaped = [UInt8](UnsafeBufferPointer(rebasing: bytes[start..<firstEscape]))
            var ascii = !unescaped.contains { $0 >= 0x80 }
            var end = firstEscape
            while end < bytes.count {
                let byte = bytes[end]
                if byte == Byte.quote {
                    index = end + 1
                    return try unescaped.withUnsafeBufferPointer { try text($0, ascii: ascii, at: start) }
                }
                if byte < Byte.space { throw malformed("A control character in a string", at: end) }
                guard byte == Byte.backslash else {
                    if byte >= 0x80 { ascii = false }
                    unescaped.append(byte)
                    end += 1
                    continue
                }
                guard end + 1 < bytes.count else { break }
                switch bytes[end + 1] {
                case Byte.quote, Byte.backslash, Byte.slash: unescaped.append(bytes[end + 1])
                case Byte.letterB: unescaped.append(0x08)
                case Byte.letterF: unescaped.append(0x0C)
                case Byte.letterN: unescaped.append(Byte.newline)
                case Byte.letterR: unescaped.append(Byte.carriageReturn)
                case Byte.letterT: unescaped.append(Byte.tab)
                case Byte.letterU:
                    guard let unit = hex(at: end + 2) else { throw malformed("A \\u escape without four hex digits", at: end) }
                    var scalar = unit
                    if unit >= 0xDC00 && unit <= 0xDFFF { throw JSONInputError.loneSurrogate(offset: end) }
                    if unit >= 0xD800 && unit <= 0xDBFF {
                        let next = end + 6
                        guard next + 1 < bytes.count, bytes[next] == Byte.backslash, bytes[next + 1] == Byte.letterU,
                            let low = hex(at: next + 2), low >= 0xDC00 && low <= 0xDFFF
                        else { throw JSONInputError.loneSurrogate(offset: end) }
                        scalar = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                        end = next
                    }
                    if let decoded = Unicode.Scalar(scalar), let encoded = UTF8.encode(decoded) {
                        unescaped.append(contentsOf: encoded)
                    }
                    end += 6
                    continue
                default:
                    throw malformed("An unknown escape", at: end)
                }
                end += 2
            }
            throw malformed("An unterminated string", at: start - 1)
        }

        /// A string's bytes as text; bytes that are not UTF-8 are refused, not repaired.
        private func text(_ utf8: UnsafeBufferPointer<UInt8>, ascii: Bool, at offset: Int) throws -> String {
            let text = String(decoding: utf8, as: UTF8.self)
            // Decoding repairs what is not UTF-8: the text then differs from the bytes.
            guard ascii || text.utf8.elementsEqual(utf8) else { throw malformed("Bytes that are not UTF-8 in a string", at: offset) }
            return text
        }

        /// The value of the four hex digits at `offset`, or nil.
        private func hex(at offset: Int) -> UInt32? {
            guard offset + 4 <= bytes.count else { return nil }
            var value: UInt32 = 0
            for position in offset..<(offset + 4) {
                let byte = bytes[position]
                let digit: UInt8
                switch byte {
                case Byte.zero...Byte.nine: digit = byte - Byte.zero
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
                default: return nil
                }
                value = value << 4 | UInt32(digit)
            }
            return value
        }

        private func malformed(_ what: String, at offset: Int) -> DecodingError {
            DecodingError.dataCorrupted(DecodingError.Context(codingPath: [], debugDescription: "\(what) at byte \(offset)"))
        }
    }

    /// The bytes JSON's grammar names.
    private enum Byte {
        static let quote = UInt8(ascii: "\"")
        static let backslash = UInt8(ascii: "\\")
        static let slash = UInt8(ascii: "/")
        static let openBrace = UInt8(ascii: "{")
        static let closeBrace = UInt8(ascii: "}")
        static let openBracket = UInt8(ascii: "[")
        static let closeBracket = UInt8(ascii: "]")
        static let comma = UInt8(ascii: ",")
        static let colon = UInt8(ascii: ":")
        static let minus = UInt8(ascii: "-")
        static let plus = UInt8(ascii: "+")
        static let dot = UInt8(ascii: ".")
        static let zero = UInt8(ascii: "0")
        static let nine = UInt8(ascii: "9")
        static let letterB = UInt8(ascii: "b")
        static let letterE = UInt8(ascii: "e")
        static let capitalE = UInt8(ascii: "E")
        static let letterF = UInt8(ascii: "f")
        static let letterN = UInt8(ascii: "n")
        static let letterR = UInt8(ascii: "r")
        static let letterT = UInt8(ascii: "t")
        static let letterU = UInt8(ascii: "u")
        static let space = UInt8(ascii: " ")
        static let newline = UInt8(ascii: "\n")
        static let tab = UInt8(ascii: "\t")
        static let carriageReturn = UInt8(ascii: "\r")
    }
}
