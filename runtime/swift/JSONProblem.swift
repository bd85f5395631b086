import Foundation

/// Why bytes were not read as JSON (spec/README.md, "Reading JSON"): one of the catalogue's six `json-*` findings,
/// and where, with the character met for `malformed`. Its description is the finding's message, the same in every
/// binding.
public struct JSONProblem: Sendable, Hashable, CustomStringConvertible {
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case notUTF8 = "json-not-utf8"
        case malformed = "json-malformed"
        case truncated = "json-truncated"
        case loneSurrogate = "json-lone-surrogate"
        case numberRange = "json-number-range"
        case repeatedKey = "json-repeated-key"
    }

    public let kind: Kind
    /// 1 plus the line feeds before the place.
    public let line: Int
    /// 1 plus the characters (code points) since the last line feed.
    public let column: Int
    /// For `malformed`, the character met: `'x'` for U+0021 to U+007E, else `U+XXXX`; nil for the others.
    public let found: String?

    public init(_ kind: Kind, line: Int, column: Int, found: String? = nil) {
        self.kind = kind
        self.line = line
        self.column = column
        self.found = found
    }

    /// The problem of `kind` at byte `offset` of `bytes`, all of which before it are UTF-8 (the reader has read them).
    init(_ kind: Kind, in bytes: UnsafeBufferPointer<UInt8>, at offset: Int) {
        var line = 1
        var column = 1
        for byte in UnsafeBufferPointer(rebasing: bytes[..<offset]) {
            if byte == JSONByte.newline {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                // Every byte but a continuation byte starts a character.
                column += 1
            }
        }
        var found: String?
        if kind == .malformed, offset < bytes.count {
            let scalar = JSONByte.scalar(bytes, at: offset)
            found = (0x21...0x7E).contains(scalar) ? "'\(Character(Unicode.Scalar(UInt8(scalar))))'" : JSONProblem.codePoint(scalar)
        }
        self.init(kind, line: line, column: column, found: found)
    }

    /// `U+` and at least four uppercase hex digits.
    static func codePoint(_ value: UInt32) -> String {
        let hex = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// The catalogue's message (its entry: Validate.swift).
    public var description: String {
        var slots = ["line": String(line), "column": String(column)]
        if let found { slots["found"] = found }
        return messageOf(entry, slots)
    }
}

/// The bytes JSON's grammar names, and UTF-8 read by RFC 3629's table.
enum JSONByte {
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
    static let letterF = UInt8(ascii: "f")
    static let letterN = UInt8(ascii: "n")
    static let letterR = UInt8(ascii: "r")
    static let letterT = UInt8(ascii: "t")
    static let letterU = UInt8(ascii: "u")
    static let space = UInt8(ascii: " ")
    static let newline = UInt8(ascii: "\n")
    static let tab = UInt8(ascii: "\t")
    static let carriageReturn = UInt8(ascii: "\r")

    /// The length of the well-formed UTF-8 character at `offset` (no overlong form, no surrogate, nothing past
    /// U+10FFFF), or 0 if the bytes there are not one.
    static func utf8Length(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Int {
        let first = bytes[offset]
        if first < 0x80 { return 1 }
        // The length, and the range the second byte must be in; every later byte is 0x80...0xBF.
        let length: Int
        let second: ClosedRange<UInt8>
        switch first {
        case 0xC2...0xDF: (length, second) = (2, 0x80...0xBF)
        case 0xE0: (length, second) = (3, 0xA0...0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: (length, second) = (3, 0x80...0xBF)
        case 0xED: (length, second) = (3, 0x80...0x9F)
        case 0xF0: (length, second) = (4, 0x90...0xBF)
        case 0xF1...0xF3: (length, second) = (4, 0x80...0xBF)
        case 0xF4: (length, second) = (4, 0x80...0x8F)
        default: return 0
        }
        guard offset + length <= bytes.count, second.contains(bytes[offset + 1]) else { return 0 }
        for position in (offset + 2)..<(offset + length) where bytes[position] & 0xC0 != 0x80 { return 0 }
        return length
    }

    /// The code point of the well-formed character at `offset`.
    static func scalar(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> UInt32 {
        let length = utf8Length(bytes, at: offset)
        guard length > 1 else { return UInt32(bytes[offset]) }
        var value = UInt32(bytes[offset]) & (0x7F >> UInt32(length))
        for position in (offset + 1)..<(offset + length) { value = value << 6 | UInt32(bytes[position] & 0x3F) }
        return value
    }
}
