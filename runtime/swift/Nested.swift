import Foundation

// What MCP's schema says inside a content block's nested objects (its `annotations`, an embedded `resource`, a
// link's `icons`), checked as both JSON Schemas check it. The spec data gives the shapes (`Spec`'s `shapes`, and
// each content kind's `nested`); the walk says each finding by the catalogue's id. Unknown keys are MCP's to
// allow. MCP's shapes are a few levels deep, so the recursion is bounded by the shape, not by the value.

/// A finding of the walk: the catalogue's entry, its slots and list slots, and the keys below the block's property.
struct NestedFinding {
    let entry: FindingEntry
    let slots: [String: String]
    let lists: [String: [String]]
    let keys: [PathKey]
}

/// Whether a text matches a pattern written as JavaScript reads it: its closing `$` is the end of the text (ICU's
/// `$` also matches before a final line break, so it becomes `\z`).
private func matches(_ pattern: String, _ text: String) -> Bool {
    var source = pattern
    if source.hasSuffix("$") && !source.hasSuffix("\\$") { source = String(source.dropLast()) + "\\z" }
    guard let regex = try? NSRegularExpression(pattern: source) else { return true }
    return regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
}

/// Checks what is inside one property of a content block, whose own JSON type the caller has checked.
func checkNested(_ value: JSONValue, _ shape: NestedShape, property: String, shapes: [String: NestedShape]) -> [NestedFinding] {
    var found: [NestedFinding] = []
    var keys: [PathKey] = []

    func say(_ entry: FindingEntry, _ slots: [String: String], lists: [String: [String]] = [:]) {
        found.append(NestedFinding(entry: entry, slots: slots, lists: lists, keys: keys))
    }

    func walk(_ value: JSONValue, _ shape: NestedShape, _ name: String, top: Bool) {
        let resolved: NestedShape? = shape.ref.map { shapes[$0] } ?? shape
        guard let own = resolved, own.type != "any" else { return }
        if !top && value.jsonType != own.type {
            say(.wrongContentPropertyType, ["expected": own.type, "property": name, "found": value.jsonType])
            return
        }
        switch value {
        case .string(let text):
            if let values = own.enum, !values.contains(where: { sameScalars($0, text) }) {
                say(.notOneOf, ["property": name], lists: ["allowed": values])
            } else if let pattern = own.pattern, !matches(pattern, text) {
                say(.wrongForm, ["form": own.form ?? "pattern-matching", "property": name])
            }
        case .number(let exact):
            let number = exact.doubleValue
            if let minimum = own.minimum, number < minimum {
                say(.outOfRange, ["bounds": own.bounds ?? "", "property": name])
            } else if let maximum = own.maximum, number > maximum {
                say(.outOfRange, ["bounds": own.bounds ?? "", "property": name])
            }
        case .array(let items):
            guard let itemShape = own.items else { return }
            for (index, item) in items.enumerated() {
                keys.append(.index(index))
                walk(item, itemShape, name, top: false)
                keys.removeLast()
            }
        case .object(let object):
            if let members = own.members {
                let present = members.filter { object[$0.key] != nil }
                // Several keys are the content block's Alternatives finding already; none is this one.
                if present.isEmpty {
                    say(.noAlternative, ["property": name], lists: ["keys": members.map(\.key), "members": members.map(\.name)])
                } else if present.count == 1, let member = present.first {
                    walk(value, NestedShape(type: "object", ref: member.name), name, top: true)
                }
                return
            }
            for property in own.properties ?? [] {
                guard let item = object[property.name] else { continue }
                keys.append(.name(property.name))
                walk(item, property.shape, property.name, top: false)
                keys.removeLast()
            }
            for field in own.required ?? [] where object[field] == nil {
                say(.missingField, ["record": own.name ?? name, "field": field])
            }
        case .null, .bool:
            return
        }
    }

    walk(value, shape, property, top: true)
    return found
}
