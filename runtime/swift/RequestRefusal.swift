import Foundation

// A request type decodes its value as the lenient type does, which keeps what a newer peer sends: a member it does
// not define, a role outside the language, a value outside an enum, in a content block a number past MCP's bounds
// or a string its pattern refuses. A tool's inputSchema refuses those, so the request looks for them in what it
// decoded (each type's conformance is in Operations.swift) and throws the first.

/// Something a tool's inputSchema refuses that the lenient type kept, and where: a JSON Pointer from the top of
/// the tool's arguments (`/near/note`).
struct RequestRefusal: Sendable {
    var pointer: String
    var reason: String

    init(_ reason: String) {
        self.pointer = ""
        self.reason = reason
    }

    /// The refusal as seen one step up: below the member or item `step`.
    func below(_ step: String) -> RequestRefusal {
        var outer = self
        let escaped = step.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
        outer.pointer = "/\(escaped)\(pointer)"
        return outer
    }

    /// A number past the bounds MCP's schema sets it (each nil where the schema sets none), or nil when within them
    /// or absent.
    static func outOfBounds(
        _ value: Double?, minimum: Double? = nil, maximum: Double? = nil,
        exclusiveMinimum: Double? = nil, exclusiveMaximum: Double? = nil
    ) -> RequestRefusal? {
        guard let value else { return nil }
        let within = (minimum.map { value >= $0 } ?? true) && (maximum.map { value <= $0 } ?? true)
            && (exclusiveMinimum.map { value > $0 } ?? true) && (exclusiveMaximum.map { value < $0 } ?? true)
        return within ? nil : RequestRefusal("\(value) is past the bounds the schema sets")
    }

    static func outOfBounds<N: BinaryInteger>(
        _ value: N?, minimum: Double? = nil, maximum: Double? = nil,
        exclusiveMinimum: Double? = nil, exclusiveMaximum: Double? = nil
    ) -> RequestRefusal? {
        outOfBounds(value.map { Double($0) }, minimum: minimum, maximum: maximum,
                    exclusiveMinimum: exclusiveMinimum, exclusiveMaximum: exclusiveMaximum)
    }

    /// A string MCP's schema patterns that the pattern does not find, or nil when it does or the string is absent.
    /// The generator rewrote the pattern so that ICU reads it as ECMAScript does (kit/request-bounds.ts); one ICU
    /// cannot compile refuses every value, as a check that cannot run must not pass.
    static func unmatched(_ value: String?, pattern: String) -> RequestRefusal? {
        guard let value else { return nil }
        guard let regex = try? NSRegularExpression(pattern: pattern) else {
            return RequestRefusal("the schema's pattern \(pattern) does not compile here")
        }
        let found = regex.firstMatch(in: value, range: NSRange(value.startIndex..., in: value)) != nil
        return found ? nil : RequestRefusal("\(value) is not of the pattern the schema sets")
    }

    /// The first of a record's unknown fields, a member its type does not define, or nil when it has none.
    static func firstMember(of unknown: JSONObject, in type: String) -> RequestRefusal? {
        unknown.keys.first.map { RequestRefusal("\(type) defines no member \($0)").below($0) }
    }
}

/// A value its type decodes leniently, in which a tool's inputSchema may refuse something.
protocol RequestChecked {
    /// The first thing in the value the tool's inputSchema refuses, or nil.
    var requestRefusal: RequestRefusal? { get }
}

extension Array: RequestChecked where Element: RequestChecked {
    var requestRefusal: RequestRefusal? {
        for (index, item) in enumerated() {
            if let refusal = item.requestRefusal { return refusal.below(String(index)) }
        }
        return nil
    }
}

extension Optional: RequestChecked where Wrapped: RequestChecked {
    var requestRefusal: RequestRefusal? {
        guard let value = self else { return nil }
        return value.requestRefusal
    }
}

extension Decoder {
    /// Throws a refusal as a decoding error, as a type refuses a value of the wrong JSON type.
    func refuse(_ refusal: RequestRefusal?) throws {
        guard let refusal else { return }
        let at = refusal.pointer.isEmpty ? "" : "\(refusal.pointer): "
        throw DecodingError.dataCorrupted(
            DecodingError.Context(codingPath: codingPath, debugDescription: "\(at)\(refusal.reason)"))
    }
}
