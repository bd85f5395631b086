import Foundation

extension JSONValue {
    /// The value as compact JSON text: members in order, every key kept, numbers as their text (so
    /// `12345678901234567890` reads back as itself), strings escaped as RFC 8259 requires and nothing more. Written
    /// with no recursion, so a value of any depth is written.
    public var jsonText: String {
        var writer = JSONWriter()
        writer.write(self)
        return String(decoding: writer.out, as: UTF8.self)
    }
}

/// Writes JSON from an explicit stack of what is left to write, innermost last.
private struct JSONWriter {
    var out: [UInt8] = []

    private enum Step {
        case value(JSONValue)
        case key(String)
        case byte(UInt8)
    }

    mutating func write(_ root: JSONValue) {
        var steps: [Step] = [.value(root)]
        while let step = steps.popLast() {
            switch step {
            case .byte(let byte): out.append(byte)
            case .key(let key):
                string(key)
                out.append(JSONByte.colon)
            case .value(let value):
                switch value {
                case .null: out.append(contentsOf: "null".utf8)
                case .bool(let bool): out.append(contentsOf: (bool ? "true" : "false").utf8)
                case .number(let number): out.append(contentsOf: number.text.utf8)
                case .string(let text): string(text)
                case .array(let items):
                    out.append(JSONByte.openBracket)
                    steps.append(.byte(JSONByte.closeBracket))
                    // Pushed last first, so they come off the stack in order.
                    for (position, item) in items.enumerated().reversed() {
                        steps.append(.value(item))
                        if position > 0 { steps.append(.byte(JSONByte.comma)) }
                    }
                case .object(let object):
                    out.append(JSONByte.openBrace)
                    steps.append(.byte(JSONByte.closeBrace))
                    for (position, member) in object.members.enumerated().reversed() {
                        steps.append(.value(member.value))
                        steps.append(.key(member.key))
                        if position > 0 { steps.append(.byte(JSONByte.comma)) }
                    }
                }
            }
        }
    }

    /// A string in quotes: `"` and `\` escaped, control characters as their short escape or `\u00XX`.
    private mutating func string(_ text: String) {
        out.append(JSONByte.quote)
        for byte in text.utf8 {
            switch byte {
            case JSONByte.quote, JSONByte.backslash: out.append(contentsOf: [JSONByte.backslash, byte])
            case JSONByte.newline: out.append(contentsOf: [JSONByte.backslash, JSONByte.letterN])
            case JSONByte.carriageReturn: out.append(contentsOf: [JSONByte.backslash, JSONByte.letterR])
            case JSONByte.tab: out.append(contentsOf: [JSONByte.backslash, JSONByte.letterT])
            case ..<JSONByte.space:
                let hex = Array("0123456789abcdef".utf8)
                out.append(contentsOf: [JSONByte.backslash, JSONByte.letterU, JSONByte.zero, JSONByte.zero])
                out.append(contentsOf: [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
            default: out.append(byte)
            }
        }
        out.append(JSONByte.quote)
    }
}
