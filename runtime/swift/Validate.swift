import Foundation

// What every validator of this protocol prints and exits with: `element-spec validate`, the TypeScript package's
// `element-model-validate`, Python's `python -m element_model.validate`, and this package's
// `element-model-validate` product. The output of each is the same, byte for byte, for the same answer.

/// Exit codes of a validator: no error (warnings allowed), errors, or a usage error or input that cannot be read.
public enum ValidateExit {
    public static let ok: Int32 = 0
    public static let failed: Int32 = 1
    public static let usage: Int32 = 2
}

/// The findings for an answer's bytes, checked with `options`. Bytes that are not JSON, or JSON every binding
/// refuses (spec/README.md, "Reading JSON"), are one `json` finding at the root, the catalogue's for the first
/// problem. JSON of any depth is read, as every binding's validator reads it: elements deeper than
/// `options.maxDepth` are the checker's `limit` finding, not a refusal.
public func validateText(_ data: Data, options: CheckOptions = CheckOptions()) -> [Finding] {
    // Two levels of JSON to an element, and a margin for the values inside the deepest element the checker reads:
    // arrays and objects deeper are read (a problem there is still found) but not kept, since nothing checks them.
    let checked = options.maxDepth < (Int.max - 64) / 2 ? 2 * options.maxDepth + 64 : .max
    do {
        let document = try JSONReader.read(data, maxNesting: .max, keptNesting: checked)
        // The value is read without recursion; it is checked, and freed, on a thread whose stack is as deep as it.
        let deep = document.depth > DecodingLimits.defaultMaxNesting
        return try LargeStack.run(if: document.depth > LargeStack.shallow, size: deep ? LargeStack.deep : LargeStack.size) {
            check(document.take(), options: options)
        }
    } catch JSONInputError.json(let problem) {
        return [jsonFinding(problem.entry, problem.description)]
    } catch {
        // No nesting limit was set, so nothing else is thrown; said as it is, should that change.
        return [jsonFinding(.jsonMalformed, "\(error)")]
    }
}

/// The findings for an answer's text, checked with `options`. A Swift string holds no lone surrogate, so its UTF-8
/// is the text, whole.
public func validateText(_ text: String, options: CheckOptions = CheckOptions()) -> [Finding] {
    validateText(Data(text.utf8), options: options)
}

extension JSONProblem {
    /// The catalogue's entry for this finding.
    var entry: FindingEntry {
        switch kind {
        case .notUTF8: return .jsonNotUtf8
        case .malformed: return .jsonMalformed
        case .truncated: return .jsonTruncated
        case .loneSurrogate: return .jsonLoneSurrogate
        case .numberRange: return .jsonNumberRange
        case .repeatedKey: return .jsonRepeatedKey
        }
    }
}

/// The catalogue's finding for text that is no JSON, or JSON every binding refuses, at the root.
private func jsonFinding(_ entry: FindingEntry, _ message: String) -> Finding {
    Finding(requirement: nil, rule: entry.rule, severity: entry.severity, elementId: nil, path: "", message: message)
}

/// The findings as JSON, two spaces to a level, each with the fields every binding prints, in this order.
public func findingsJSON(_ findings: [Finding]) -> String {
    guard !findings.isEmpty else { return "[]\n" }
    let objects = findings.map { f in
        let members: [(String, String)] = [
            ("requirement", f.requirement.map(jsonQuoted) ?? "null"),
            ("rule", jsonQuoted(f.rule)),
            ("severity", jsonQuoted(f.severity.rawValue)),
            ("elementId", f.elementId.map(jsonQuoted) ?? "null"),
            ("path", jsonQuoted(f.path)),
            ("message", jsonQuoted(f.message)),
        ]
        return "  {\n" + members.map { "    \(jsonQuoted($0.0)): \($0.1)" }.joined(separator: ",\n") + "\n  }"
    }
    return "[\n" + objects.joined(separator: ",\n") + "\n]\n"
}

/// The findings as a person reads them, under the file's name, with a count of each severity.
public func formatFindings(_ findings: [Finding], name: String) -> String {
    guard !findings.isEmpty else { return "\(name): no findings\n" }
    let lines = findings.map { f in
        let place = f.path.isEmpty ? "/" : f.path
        let element = f.elementId.map { " (element \(jsonQuoted($0)))" } ?? ""
        let cited = [f.requirement ?? "", f.rule].filter { !$0.isEmpty }.joined(separator: " ")
        return "  \(place)\(element)\n    \(f.severity.rawValue) \(f.message)  \(cited)"
    }
    let errors = findings.filter { $0.severity == .error }.count
    let warnings = findings.count - errors
    let counts = "\(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")"
    return "\(name)\n\(lines.joined(separator: "\n"))\n\n\(counts)\n"
}

/// The exit code for a list of findings: `ValidateExit.failed` when one is an error, else `ValidateExit.ok`.
public func exitCode(of findings: [Finding]) -> Int32 {
    passes(findings) ? ValidateExit.ok : ValidateExit.failed
}

/// A string as JSON text, written as JavaScript's `JSON.stringify` writes it: quotes, backslashes and control
/// characters escaped, everything else as it is.
func jsonQuoted(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        case "\u{08}": out += "\\b"
        case "\u{0C}": out += "\\f"
        case _ where scalar.value < 0x20:
            let hex = String(scalar.value, radix: 16)
            out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        default:
            out.unicodeScalars.append(scalar)
        }
    }
    return out + "\""
}
