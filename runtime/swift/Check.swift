// The conformance checker: the same findings as every other binding's, for any JSON value. It checks an answer
// against the structure and every requirement the spec marks checkable (Spec.swift), in one pass over the tree
// with an explicit stack, so depth and width are bounded only by the limits, never by the thread's stack.

/// How much a finding weighs: an error fails the answer, a warning does not.
public enum Severity: String, Sendable, Hashable, Codable {
    case error
    case warning
}

/// One problem found in an answer; `requirement` is nil for problems of shape no requirement names.
public struct Finding: Sendable, Hashable {
    public var requirement: String?
    public var rule: String
    public var severity: Severity
    public var elementId: String?
    /// JSON Pointer to the offending value.
    public var path: String
    public var message: String
}

/// Limits the RFC leaves open; going past one is a `limit` finding, never a crash.
public struct CheckOptions: Sendable, Hashable {
    /// Most elements to read before reporting `limit` and stopping.
    public var maxElements: Int
    /// Deepest nesting of elements to read; below it nothing is read.
    public var maxDepth: Int
    /// Longest string, in UTF-16 code units, before a `limit` warning.
    public var maxStringLength: Int

    public init(maxElements: Int = 1_000_000, maxDepth: Int = 100_000, maxStringLength: Int = 1_048_576) {
        self.maxElements = maxElements
        self.maxDepth = maxDepth
        self.maxStringLength = maxStringLength
    }
}

/// Checks an answer (any JSON value) by the rules of the version its version field names, when this package reads
/// it (an older version a read one `readsAlso` is checked by that one's rules, with no finding); findings sorted by
/// path, requirement, rule. Any other version is checked by the current version's rules and
/// is one `version` error at that field; a missing or non-string version is a `structure` error, as any required
/// field's would be.
public func check(_ answer: JSONValue, options: CheckOptions = CheckOptions()) -> [Finding] {
    let version = answer.objectValue?[Spec.versionField]?.stringValue
    let rules = version.flatMap { rulesByVersion[$0] }
    var run = CheckRun(options: options, rules: rules ?? currentRules)
    let findings = run.run(answer)
    guard let version, rules == nil else { return findings }
    return sortFindings(findings + [versionFinding(version)])
}

/// A version's parts, digits each: three, or two read with a third of 0 (as the spec reads 0.1 as 0.1.0).
private func versionParts(_ version: String) -> [Substring]? {
    var parts = version.split(separator: ".", omittingEmptySubsequences: false)
    if parts.count == 2 { parts.append("0") }
    let digits = parts.allSatisfy { part in
        !part.isEmpty && part.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
            && (part == "0" || part.first != "0")
    }
    return parts.count == 3 && digits ? parts : nil
}

/// Compares two versions' parts as numbers of any length: negative, zero or positive.
private func compareVersions(_ a: [Substring], _ b: [Substring]) -> Int {
    for (x, y) in zip(a, b) {
        if x.utf8.count != y.utf8.count { return x.utf8.count - y.utf8.count }
        if x != y { return x < y ? -1 : 1 }
    }
    return 0
}

/// The finding for an answer whose version this package does not read (the spec's guide, Protocol versions).
private func versionFinding(_ version: String) -> Finding {
    var entry = FindingEntry.versionUnwritten
    if let parts = versionParts(version) {
        let known = Spec.versionsRead.compactMap(versionParts)
        if known.allSatisfy({ compareVersions(parts, $0) < 0 }) {
            entry = .versionOlder
        } else if known.allSatisfy({ compareVersions(parts, $0) > 0 }) {
            entry = .versionNewer
        } else {
            entry = .versionUnread
        }
    }
    let message = messageOf(entry, ["version": version, "currentVersion": Spec.version], lists: ["read": Spec.versionsRead])
    return Finding(
        requirement: nil, rule: entry.rule, severity: entry.severity, elementId: nil, path: pointer([.name(Spec.versionField)]),
        message: message)
}

/// A finding's message with its slots filled, as every binding fills it: a list slot's texts each in double quotes
/// when the catalogue says so, and joined by its joiner; a slot given no value is left as written.
func messageOf(_ entry: FindingEntry, _ slots: [String: String], lists: [String: [String]] = [:]) -> String {
    var out = ""
    var rest = Substring(entry.message)
    while let brace = rest.firstIndex(of: "{") {
        out += rest[..<brace]
        let name = rest[rest.index(after: brace)...].prefix { $0.isASCII && $0.isLetter }
        guard !name.isEmpty, name.endIndex < rest.endIndex, rest[name.endIndex] == "}" else {
            out += "{"
            rest = rest[rest.index(after: brace)...]
            continue
        }
        let slot = String(name)
        if let value = slots[slot] {
            out += value
        } else if let items = lists[slot] {
            let written = entry.lists[slot] ?? FindingList(joiner: ", ", quoted: false)
            out += items.map { written.quoted ? "\"\($0)\"" : $0 }.joined(separator: written.joiner)
        } else {
            out += rest[brace...name.endIndex]
        }
        rest = rest[rest.index(after: name.endIndex)...]
    }
    out += rest
    return out
}

/// True when none of the findings is an error.
public func passes(_ findings: [Finding]) -> Bool {
    !findings.contains { $0.severity == .error }
}

/// Findings by path, then requirement, then rule, as every binding orders them: by UTF-16 code units, as
/// JavaScript compares strings. Swift's `<` compares canonically equivalent paths (`/é`, `/e\u{301}`) as equal, and
/// others by their normalised form.
public func sortFindings(_ findings: [Finding]) -> [Finding] {
    func precedes(_ x: String, _ y: String) -> Bool? {
        sameScalars(x, y) ? nil : x.utf16.lexicographicallyPrecedes(y.utf16)
    }
    return findings.sorted { a, b in
        precedes(a.path, b.path) ?? precedes(a.requirement ?? "", b.requirement ?? "") ?? (precedes(a.rule, b.rule) ?? false)
    }
}

extension JSONValue {
    /// The JSON type by JSON's names.
    var jsonType: String {
        switch self {
        case .null: return "null"
        case .bool: return "boolean"
        case .number: return "number"
        case .string: return "string"
        case .array: return "array"
        case .object: return "object"
        }
    }

    var isTrue: Bool { boolValue == true }
}

/// The JSON type of a value that may be absent: "undefined" then.
private func jsonType(_ value: JSONValue?) -> String {
    value?.jsonType ?? "undefined"
}

/// A key on the way down to a value: an object's member or an array's index.
enum PathKey: Sendable, Hashable {
    case name(String)
    case index(Int)
}

/// A JSON Pointer (RFC 6901) from the keys down to a value.
func pointer(_ keys: [PathKey]) -> String {
    keys.map { key in
        switch key {
        case .name(let name):
            return "/" + name.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
        case .index(let index):
            return "/\(index)"
        }
    }.joined()
}

private func describe(_ shape: TypeShape) -> String {
    switch shape {
    case .arrayOf(let items): return "\(describe(items))[]"
    case .primitive(let name), .named(let name): return name
    }
}

private indirect enum ValueRule: Sendable {
    case primitive(String)
    case array(ValueRule, label: String)
    /// A record, by name in `CheckRules.records`: records refer to each other (an element holds elements).
    case record(String)
    /// An enum's value: the enum's name and its values, in the spec's order.
    case oneOf(String, values: [String])
    /// A value of a type that is no record (roles, attributes, external), or of no known type (not checked).
    case kind(String)
}

private struct FieldCheck: Sendable {
    var required: Bool
    var walked: Bool
    var value: ValueRule
}

private struct RecordRule: Sendable {
    var name: String
    var fields: [String: FieldCheck]
    var required: [String]
    var removed: [String: RemovedField]
    /// Its deprecated fields: still read, each reported with a warning (`deprecated-name`).
    var deprecated: [String: DeprecatedName]
    var isNode: Bool
}

/// The lookups the checker needs for one version's rules, built once per version.
private struct CheckRules: Sendable {
    let spec: SpecData
    var records: [String: RecordRule] = [:]
    var stateNames: Set<String>
    var pathStates: [String]
    var contentByTag: [String: ContentKind]
    /// The requirement each checkable rule belongs to.
    var requirementOf: [String: String]
    var roles: Set<String>
    var reserved: [String: ValueRule]
    /// Deprecated roles (aliases among them) and reserved attributes, by name.
    var deprecatedRoles: [String: DeprecatedName] = [:]
    var deprecatedAttributes: [String: DeprecatedName] = [:]
    /// Reserved attributes a version removed: reported where an answer still holds one, as a removed field is.
    var removedAttributes: [String: RemovedField] = [:]

    init(_ spec: SpecData) {
        self.spec = spec
        stateNames = Set(spec.states.map(\.name))
        pathStates = spec.states.filter(\.path).map(\.name)
        contentByTag = Dictionary(spec.contentKinds.map { ($0.type, $0) }, uniquingKeysWith: { first, _ in first })
        requirementOf = Dictionary(spec.requirements.compactMap { r in r.rule.map { ($0, r.id) } }, uniquingKeysWith: { first, _ in first })
        roles = Set(spec.roles)
        reserved = Dictionary(spec.reservedAttributes.map { ($0.name, Self.valueRule($0.type, spec)) }, uniquingKeysWith: { first, _ in first })
        let removedByType = Dictionary(grouping: spec.removed, by: \.from)
        let deprecatedByType = Dictionary(grouping: spec.deprecated, by: \.from)
        let byName = { (names: [DeprecatedName]?) in Dictionary((names ?? []).map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first }) }
        for (type, kind) in spec.typeKinds {
            if kind == .roles { deprecatedRoles = byName(deprecatedByType[type]) }
            if kind == .attributes {
                deprecatedAttributes = byName(deprecatedByType[type])
                removedAttributes = Dictionary((removedByType[type] ?? []).map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
            }
        }
        for (name, fields) in spec.records {
            var rule = RecordRule(
                name: name, fields: [:], required: fields.filter(\.required).map(\.name),
                removed: Dictionary((removedByType[name] ?? []).map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first }),
                deprecated: byName(deprecatedByType[name]),
                isNode: name == spec.tree.node)
            for field in fields {
                let walked = (name == spec.tree.node && field.name == spec.tree.children) || (name == spec.tree.answer && field.name == spec.tree.root)
                rule.fields[field.name] = FieldCheck(required: field.required, walked: walked, value: Self.valueRule(field.type, spec))
            }
            records[name] = rule
        }
    }

    static func valueRule(_ shape: TypeShape, _ spec: SpecData) -> ValueRule {
        switch shape {
        case .arrayOf(let items):
            return .array(valueRule(items, spec), label: describe(shape))
        case .primitive(let name):
            return .primitive(name)
        case .named(let name):
            let kind = spec.typeKinds[name]?.rawValue ?? "unchecked"
            if kind == "enum" { return .oneOf(name, values: spec.enums[name] ?? []) }
            return kind == "record" ? .record(name) : .kind(kind)
        }
    }
}

/// The lookups of each version this package reads, by version.
// An older version whose answers are answers of a version read (`readsAlso`) is checked by that version's rules.
private let rulesByVersion = Dictionary(
    Spec.all.flatMap { spec -> [(String, CheckRules)] in
        let rules = CheckRules(spec)
        return ([spec.version] + spec.readsAlso).map { ($0, rules) }
    },
    uniquingKeysWith: { first, _ in first })

/// The lookups of the version these types describe.
private let currentRules = rulesByVersion[Spec.version] ?? CheckRules(Spec.current)

/// An element waiting on the walk's stack, with what it needs from its parent.
private struct Frame {
    var value: JSONValue
    var parent: Int
    var index: Int
    var depth: Int
    var parentId: String?
    /// Which path states the parent sets, one bit per path state.
    var parentBits: UInt64
}

/// One run of the checker over one answer.
private struct CheckRun {
    let options: CheckOptions
    let rules: CheckRules
    /// The rules' version, kept whole so that each of its names is read in place.
    let spec: SpecData
    var findings: [Finding] = []
    // The elements visited, numbered in the order visited: each one's parent, index among its siblings, and id.
    var parents: [Int] = []
    var indexes: [Int] = []
    var ids: [String?] = []
    // Where the checks are: the element being visited (-1 for the answer) and the keys from it to the value.
    var here = -1
    var trail: [PathKey] = []

    init(options: CheckOptions, rules: CheckRules) {
        self.options = options
        self.rules = rules
        self.spec = rules.spec
    }

    mutating func visited(parent: Int, index: Int, id: String?) -> Int {
        parents.append(parent)
        indexes.append(index)
        ids.append(id)
        return ids.count - 1
    }

    /// The keys from the answer down to visited element `n`; none for the answer itself (-1).
    func keys(to n: Int) -> [PathKey] {
        guard n >= 0 else { return [] }
        var keys: [PathKey] = []
        var at = n
        while at >= 0 {
            keys.append(.index(indexes[at]))
            keys.append(.name(spec.tree.children))
            at = parents[at]
        }
        // The root is reached through the answer's root field, not through a list of children.
        keys.removeLast(2)
        keys.append(.name(spec.tree.root))
        return keys.reversed()
    }

    /// Reports a finding of the catalogue (`FindingEntry`), which gives its rule, severity and message, with its
    /// slots' values (`lists` for its list slots), at the current place or at its `key` when given.
    mutating func report(
        _ entry: FindingEntry, _ elementId: String?, _ slots: [String: String], lists: [String: [String]] = [:], key: PathKey? = nil
    ) {
        let requirement = rules.requirementOf[entry.rule]
        // A rule the spec assigns to no requirement is not checked; shape and limits always are.
        if requirement == nil && entry.rule != "structure" && entry.rule != "limit" && entry.rule != "deprecated-name" { return }
        var path = keys(to: here) + trail
        if let key { path.append(key) }
        let message = messageOf(entry, slots, lists: lists)
        findings.append(
            Finding(requirement: requirement, rule: entry.rule, severity: entry.severity, elementId: elementId, path: pointer(path), message: message))
    }

    mutating func checkString(_ text: String, key: PathKey, _ elementId: String?) {
        let length = text.utf16.count
        if length > options.maxStringLength {
            report(.stringTooLong, elementId, ["length": String(length), "limit": String(options.maxStringLength)], key: key)
        }
    }

    mutating func checkValue(_ value: JSONValue, _ rule: ValueRule, key: PathKey, _ elementId: String?) {
        switch rule {
        case .primitive(let name):
            if value.jsonType != name {
                report(.wrongType, elementId, ["expected": name, "found": value.jsonType], key: key)
            } else if let text = value.stringValue {
                checkString(text, key: key, elementId)
            }
        case .array(let items, let label):
            guard let array = value.arrayValue else {
                report(.wrongArrayType, elementId, ["label": label, "found": value.jsonType], key: key)
                return
            }
            trail.append(key)
            for (i, item) in array.enumerated() { checkValue(item, items, key: .index(i), elementId) }
            trail.removeLast()
        case .record(let name):
            guard let record = rules.records[name] else { return }
            trail.append(key)
            _ = checkRecord(value, record, elementId)
            trail.removeLast()
        case .kind("roles"):
            guard let role = value.stringValue else {
                report(.wrongRoleType, elementId, ["found": value.jsonType], key: key)
                return
            }
            if let deprecated = rules.deprecatedRoles[exactly: role] {
                reportDeprecated(deprecated, key: key, elementId)
            } else if !rules.roles.contains(exactly: role) {
                report(.unknownRole, elementId, ["name": role, "unknownRole": spec.roleRules.unknown], key: key)
            }
        case .oneOf(let name, let values):
            guard let text = value.stringValue else {
                report(.wrongType, elementId, ["expected": "string", "found": value.jsonType], key: key)
                return
            }
            if !values.contains(text) {
                report(.unknownValue, elementId, ["value": text, "type": name], lists: ["values": values], key: key)
            }
        case .kind("external"):
            trail.append(key)
            checkContent(value, elementId)
            trail.removeLast()
        case .kind("attributes"):
            trail.append(key)
            checkAttributes(value, elementId)
            trail.removeLast()
        case .kind:
            return
        }
    }

    /// Checks the record at the current place; returns whether it is an object at all.
    mutating func checkRecord(_ value: JSONValue, _ record: RecordRule, _ elementId: String?) -> Bool {
        guard let object = value.objectValue else {
            report(.wrongRecordType, elementId, ["record": record.name, "found": value.jsonType])
            return false
        }
        for (key, item) in object {
            guard let rule = record.fields[exactly: key] else {
                checkUnknownField(record, key, elementId)
                continue
            }
            if let deprecated = record.deprecated[exactly: key] { reportDeprecated(deprecated, key: .name(key), elementId) }
            if !rule.walked { checkValue(item, rule.value, key: .name(key), elementId) }
        }
        for name in record.required where object[name] == nil {
            report(.missingField, elementId, ["record": record.name, "field": name])
        }
        return true
    }

    /// A deprecated name in the answer: valid, and a warning that says what to use instead.
    mutating func reportDeprecated(_ name: DeprecatedName, key: PathKey, _ elementId: String?) {
        if let useInstead = name.useInstead {
            report(.deprecatedUseInstead, elementId, ["name": name.name, "version": name.version, "useInstead": useInstead], key: key)
        } else {
            report(.deprecated, elementId, ["name": name.name, "version": name.version], key: key)
        }
    }

    /// A name its version removed, where an answer still holds it: what replaced it, or that nothing did.
    mutating func reportRemoved(_ removed: RemovedField, _ key: String, _ elementId: String?) {
        guard let replacedBy = removed.replacedBy else {
            report(.removedWithoutReplacement, elementId, ["field": key, "version": removed.version], key: .name(key))
            return
        }
        let slots = ["field": key, "version": removed.version, "replacedBy": replacedBy]
        if removed.states.isEmpty {
            report(.removedField, elementId, slots, key: .name(key))
        } else {
            report(.removedState, elementId, slots, lists: ["states": removed.states], key: .name(key))
        }
    }

    mutating func checkUnknownField(_ record: RecordRule, _ key: String, _ elementId: String?) {
        if let removed = record.removed[exactly: key] {
            reportRemoved(removed, key, elementId)
        } else if !record.isNode && rules.stateNames.contains(exactly: key) {
            report(.stateOnRecord, elementId, ["field": key, "record": record.name], key: .name(key))
        } else {
            report(.unknownField, elementId, ["record": record.name, "field": key], key: .name(key))
        }
    }

    mutating func checkAttributes(_ value: JSONValue, _ elementId: String?) {
        guard let object = value.objectValue else {
            report(.wrongAttributesType, elementId, ["found": value.jsonType])
            return
        }
        for (key, item) in object {
            if let reserved = rules.reserved[exactly: key] {
                if let deprecated = rules.deprecatedAttributes[exactly: key] { reportDeprecated(deprecated, key: .name(key), elementId) }
                checkValue(item, reserved, key: .name(key), elementId)
            } else if let removed = rules.removedAttributes[exactly: key] {
                reportRemoved(removed, key, elementId)
            } else if rules.stateNames.contains(exactly: key) {
                report(.stateInAttributes, elementId, ["field": key], key: .name(key))
            }
        }
    }

    mutating func checkContent(_ value: JSONValue, _ elementId: String?) {
        guard let object = value.objectValue else {
            report(.wrongContentType, elementId, ["found": value.jsonType])
            return
        }
        let tag = object[spec.contentTag]
        guard let tagText = tag?.stringValue else {
            report(.wrongContentTagType, elementId, ["found": jsonType(tag)], key: .name(spec.contentTag))
            return
        }
        guard let kind = rules.contentByTag[exactly: tagText] else {
            // A kind a later MCP version may define: a receiver keeps it whole, so it is flagged, not refused.
            let kinds = spec.contentKinds.map(\.type)
            report(.unknownContentKind, elementId, ["kind": tagText], lists: ["kinds": kinds], key: .name(spec.contentTag))
            return
        }
        for (name, item) in object {
            guard let expected = kind.properties[exactly: name] else { continue }
            if expected != "any" && item.jsonType != expected {
                report(.wrongContentPropertyType, elementId, ["expected": expected, "property": name, "found": item.jsonType], key: .name(name))
            } else if let text = item.stringValue {
                checkString(text, key: .name(name), elementId)
            }
        }
        for alternatives in kind.alternatives {
            guard let held = object[alternatives.property]?.objectValue else { continue }
            let present = alternatives.members.map(\.key).filter { held[$0] != nil }
            if present.count > 1 {
                report(
                    .severalAlternatives, elementId, ["property": alternatives.property], lists: ["present": present, "members": alternatives.members.map(\.name)],
                    key: .name(alternatives.property))
            }
        }
        for name in kind.required where object[name] == nil {
            report(.missingContentProperty, elementId, ["kind": kind.type, "property": name])
        }
        for nested in kind.nested {
            // A value of the wrong JSON type was reported above; only one of the right type is looked inside.
            guard let held = object[nested.name], held.jsonType == nested.shape.type else { continue }
            for finding in checkNested(held, nested.shape, property: nested.name, shapes: spec.shapes) {
                trail.append(.name(nested.name))
                trail.append(contentsOf: finding.keys)
                report(finding.entry, elementId, finding.slots, lists: finding.lists)
                trail.removeLast(finding.keys.count + 1)
            }
        }
    }

    /// Checks one element and its place among the path states, and puts its children on the stack.
    mutating func visit(_ frame: Frame, _ stack: inout [Frame]) {
        let object = frame.value.objectValue
        let elementId = object?[spec.tree.id]?.stringValue
        let n = visited(parent: frame.parent, index: frame.index, id: elementId)
        here = n
        guard let node = rules.records[spec.tree.node], checkRecord(frame.value, node, elementId), let element = object else { return }
        if frame.depth == 0, let role = element[spec.tree.role]?.stringValue, !sameScalars(role, spec.roleRules.root) {
            report(.rootRole, elementId, ["name": role, "rootRole": spec.roleRules.root], key: .name(spec.tree.role))
        }
        var bits: UInt64 = 0
        for (k, name) in rules.pathStates.enumerated() where element[name]?.isTrue == true {
            bits |= 1 << UInt64(k)
            // The path runs from the root's child down: a set element below that needs its parent set too.
            if frame.depth >= 2 && frame.parentBits & (1 << UInt64(k)) == 0 {
                report(.pathGap, elementId, ["state": name, "parent": frame.parentId ?? ""], key: .name(name))
            }
        }
        guard let children = element[spec.tree.children] else { return }
        guard let list = children.arrayValue else {
            report(.wrongChildrenType, elementId, ["found": children.jsonType], key: .name(spec.tree.children))
            return
        }
        countForks(list, elementId)
        // Pushed last first, so the walk meets them in order.
        for i in list.indices.reversed() {
            stack.append(Frame(value: list[i], parent: n, index: i, depth: frame.depth + 1, parentId: elementId, parentBits: bits))
        }
    }

    /// A path state set on more than one child: the path can follow only one of them.
    mutating func countForks(_ children: [JSONValue], _ elementId: String?) {
        for name in rules.pathStates {
            let n = children.filter { $0.objectValue?[name]?.isTrue == true }.count
            if n > 1 {
                report(.pathForks, elementId, ["count": String(n), "state": name], key: .name(spec.tree.children))
            }
        }
    }

    /// Reports a limit at an element that is then not checked: it is numbered, without its id, for its path.
    mutating func reportLimit(_ frame: Frame, _ entry: FindingEntry, limit: Int) {
        here = visited(parent: frame.parent, index: frame.index, id: nil)
        report(entry, nil, ["limit": String(limit)])
    }

    mutating func run(_ answer: JSONValue) -> [Finding] {
        guard let record = rules.records[spec.tree.answer], checkRecord(answer, record, nil), let root = answer.objectValue?[spec.tree.root] else {
            return sortFindings(findings)
        }
        var stack = [Frame(value: root, parent: -1, index: 0, depth: 0, parentId: nil, parentBits: 0)]
        var count = 0
        while let frame = stack.popLast() {
            count += 1
            if count > options.maxElements {
                reportLimit(frame, .tooManyElements, limit: options.maxElements)
                break
            }
            if frame.depth > options.maxDepth {
                reportLimit(frame, .tooDeep, limit: options.maxDepth)
                continue
            }
            visit(frame, &stack)
        }
        // Each element whose id an earlier one has, in the order visited, with that earlier one. Ids compare code
        // point by code point, as JSON strings do: "é" and "e\u{301}" are two ids.
        var firstOf: [ScalarKey: Int] = [:]
        for (n, id) in ids.enumerated() {
            guard let id else { continue }
            if let first = firstOf[ScalarKey(id)] {
                here = n
                report(.duplicateId, id, ["repeated": id, "path": pointer(keys(to: first))], key: .name(spec.tree.id))
            } else {
                firstOf[ScalarKey(id)] = n
            }
        }
        return sortFindings(findings)
    }
}
