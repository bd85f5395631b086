import Foundation

// The reader's strings, numbers and words, and the place of a problem: each reads from the index and stops at the
// first byte the grammar does not allow there, which `problem(at:)` names (the end of the text, bytes that are not
// UTF-8, or the character met).
extension JSONParser {
    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case JSONByte.space, JSONByte.newline, JSONByte.tab, JSONByte.carriageReturn: index += 1
            default: return
            }
        }
    }

    /// Reads the word (`true`, `false`, `null`) at the index: the first character that differs is the problem.
    mutating func word(_ text: StaticString) throws {
        for expected in UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount) {
            guard index < bytes.count, bytes[index] == expected else { throw problem(at: index) }
            index += 1
        }
    }

    /// Reads the number at the index, as its text. One past the range of a double is refused where it starts, and
    /// read as null.
    mutating func number() throws -> JSONValue {
        let start = index
        var end = index
        if bytes[end] == JSONByte.minus { end += 1 }
        guard end < bytes.count, isDigit(bytes[end]) else { throw problem(at: end) }
        end = bytes[end] == JSONByte.zero ? end + 1 : digitsEnd(from: end)
        var whole = true
        if end < bytes.count, bytes[end] == JSONByte.dot {
            whole = false
            end += 1
            guard end < bytes.count, isDigit(bytes[end]) else { throw problem(at: end) }
            end = digitsEnd(from: end)
        }
        if end < bytes.count, bytes[end] | 0x20 == JSONByte.letterE {
            whole = false
            end += 1
            if end < bytes.count, bytes[end] == JSONByte.plus || bytes[end] == JSONByte.minus { end += 1 }
            guard end < bytes.count, isDigit(bytes[end]) else { throw problem(at: end) }
            end = digitsEnd(from: end)
        }
        index = end
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        // Kept as its text. Only whether it is past a double needs a double: a whole number of up to 300 digits
        // never is.
        if !(whole && end - start <= 300), !(Double(text)?.isFinite ?? false) {
            refuse(.numberRange, at: start)
            return .null
        }
        return .number(JSONNumber(read: text))
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte &- JSONByte.zero < 10
    }

    private func digitsEnd(from start: Int) -> Int {
        var end = start
        while end < bytes.count, isDigit(bytes[end]) { end += 1 }
        return end
    }

    /// Reads the string whose opening quote is at the index, leaving the index after its closing quote.
    mutating func string() throws -> String {
        heldLoneSurrogate = false
        let start = index + 1
        var end = start
        while end < bytes.count {
            let byte = bytes[end]
            if byte == JSONByte.quote {
                index = end + 1
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
            }
            if byte == JSONByte.backslash { return try escapedString(from: start, firstEscape: end) }
            if byte < JSONByte.space { throw problem(at: end) }
            end = byte < 0x80 ? end + 1 : try characterEnd(at: end)
        }
        throw problem(at: end)
    }

    /// The rest of a string that holds an escape, from its start to its closing quote, unescaped.
    private mutating func escapedString(from start: Int, firstEscape: Int) throws -> String {
        var unescaped = [UInt8](UnsafeBufferPointer(rebasing: bytes[start..<firstEscape]))
        var end = firstEscape
        while end < bytes.count {
            let byte = bytes[end]
            if byte == JSONByte.quote {
                index = end + 1
                return String(decoding: unescaped, as: UTF8.self)
            }
            if byte == JSONByte.backslash {
                end = try escape(at: end, into: &unescaped)
                continue
            }
            if byte < JSONByte.space { throw problem(at: end) }
            let next = byte < 0x80 ? end + 1 : try characterEnd(at: end)
            unescaped.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[end..<next]))
            end = next
        }
        throw problem(at: end)
    }

    /// Reads the escape whose backslash is at `backslash`, appends the UTF-8 of what it stands for, and gives where
    /// it ends. A surrogate escape not paired with the next escape is refused at its backslash, and read as U+FFFD.
    private mutating func escape(at backslash: Int, into out: inout [UInt8]) throws -> Int {
        let letter = backslash + 1
        guard letter < bytes.count else { throw problem(at: letter) }
        switch bytes[letter] {
        case JSONByte.quote, JSONByte.backslash, JSONByte.slash: out.append(bytes[letter])
        case JSONByte.letterB: out.append(0x08)
        case JSONByte.letterF: out.append(0x0C)
        case JSONByte.letterN: out.append(JSONByte.newline)
        case JSONByte.letterR: out.append(JSONByte.carriageReturn)
        case JSONByte.letterT: out.append(JSONByte.tab)
        case JSONByte.letterU:
            let unit = try hex(at: letter + 1)
            if unit & 0xFC00 == 0xD800, let low = lowSurrogate(at: letter + 5) {
                appendUTF8(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00), to: &out)
                return letter + 11
            }
            if unit & 0xF800 == 0xD800 {
                refuse(.loneSurrogate, at: backslash)
                heldLoneSurrogate = true
                appendUTF8(0xFFFD, to: &out)
            } else {
                appendUTF8(unit, to: &out)
            }
            return letter + 5
        default:
            throw problem(at: letter)
        }
        return letter + 1
    }

    /// The value of the four hex digits at `offset`; the first that is not one is the problem.
    private func hex(at offset: Int) throws -> UInt32 {
        var value: UInt32 = 0
        for position in offset..<(offset + 4) {
            guard position < bytes.count, let digit = hexDigit(bytes[position]) else { throw problem(at: position) }
            value = value << 4 | digit
        }
        return value
    }

    private func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case JSONByte.zero...JSONByte.nine: return UInt32(byte - JSONByte.zero)
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    /// The low surrogate a `\u` escape at `offset` stands for, or nil if none does.
    private func lowSurrogate(at offset: Int) -> UInt32? {
        guard offset + 6 <= bytes.count, bytes[offset] == JSONByte.backslash, bytes[offset + 1] == JSONByte.letterU else { return nil }
        var value: UInt32 = 0
        for position in (offset + 2)..<(offset + 6) {
            guard let digit = hexDigit(bytes[position]) else { return nil }
            value = value << 4 | digit
        }
        return value & 0xFC00 == 0xDC00 ? value : nil
    }

    private func appendUTF8(_ scalar: UInt32, to out: inout [UInt8]) {
        switch scalar {
        case ..<0x80:
            out.append(UInt8(scalar))
        case ..<0x800:
            out.append(UInt8(0xC0 | scalar >> 6))
            out.append(UInt8(0x80 | scalar & 0x3F))
        case ..<0x10000:
            out.append(UInt8(0xE0 | scalar >> 12))
            out.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            out.append(UInt8(0x80 | scalar & 0x3F))
        default:
            out.append(UInt8(0xF0 | scalar >> 18))
            out.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            out.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            out.append(UInt8(0x80 | scalar & 0x3F))
        }
    }

    /// Where the character of two or more bytes at `offset` ends; bytes that are not one are the problem.
    private func characterEnd(at offset: Int) throws -> Int {
        let length = JSONByte.utf8Length(bytes, at: offset)
        guard length > 0 else { throw problem(at: offset) }
        return offset + length
    }

    /// What is wrong at `offset`, where the grammar allows nothing it finds: the end of the text, bytes that are not
    /// UTF-8, or a character.
    func problem(at offset: Int) -> JSONInputError {
        guard offset < bytes.count else { return .json(JSONProblem(.truncated, in: bytes, at: offset)) }
        guard JSONByte.utf8Length(bytes, at: offset) > 0 else { return .json(JSONProblem(.notUTF8, in: bytes, at: offset)) }
        return .json(JSONProblem(.malformed, in: bytes, at: offset))
    }
}
