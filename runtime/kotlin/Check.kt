import kotlinx.serialization.json.JsonArray
import kotlinx.serialization.json.JsonElement
import kotlinx.serialization.json.JsonNull
import kotlinx.serialization.json.JsonObject
import kotlinx.serialization.json.JsonPrimitive
import kotlinx.serialization.json.booleanOrNull

/*
 * The conformance checker: the same findings as every other binding's, for any JSON value. It checks an answer
 * against the structure and every requirement the spec marks checkable (Spec.kt), in one pass over the tree with
 * an explicit stack, so depth and width are bounded only by the limits, never by the thread's stack.
 */

/** How much a finding weighs: an error fails the answer, a warning does not. */
enum class Severity(val wire: String) {
    ERROR("error"),
    WARNING("warning"),
}

/** One problem found in an answer; [requirement] is null for problems of shape no requirement names. */
data class Finding(
    val requirement: String?,
    val rule: String,
    val severity: Severity,
    val elementId: String?,
    /** JSON Pointer to the offending value. */
    val path: String,
    val message: String,
)

/** Limits the RFC leaves open; going past one is a `limit` finding, never a crash. */
data class CheckOptions(
    /** Most elements to read before reporting `limit` and stopping. */
    val maxElements: Int = 1_000_000,
    /** Deepest nesting of elements to read; below it nothing is read. */
    val maxDepth: Int = 100_000,
    /** Longest string, in UTF-16 code units, before a `limit` warning. */
    val maxStringLength: Int = 1_048_576,
)

/**
 * Checks an answer (a decoded JSON value) by the rules of the version its version field names, when this module
 * reads it (an older version a read one `readsAlso` is checked by that one's rules, with no finding); findings
 * sorted by path, requirement, rule. Any other version is checked by the current version's rules
 * and is one `version` error at that field; a missing or non-string version is a `structure` error, as any
 * required field's would be.
 */
@JvmOverloads
fun check(answer: JsonElement, options: CheckOptions = CheckOptions()): List<Finding> {
    val version = (answer as? JsonObject)?.get(Spec.VERSION_FIELD).stringOrNull()
    val rules = version?.let { rulesByVersion[it] }
    val findings = Check(options, rules ?: rulesByVersion.getValue(Spec.VERSION)).run(answer)
    if (version == null || rules != null) return findings
    return sortFindings(findings + versionFinding(version))
}

/** A version's parts, digits each: three, or two read with a third of 0 (as the spec reads 0.1 as 0.1.0). */
private fun versionParts(version: String): List<String>? {
    val parts = version.split('.').toMutableList()
    if (parts.size == 2) parts.add("0")
    val digits = parts.all { part -> part.isNotEmpty() && part.all { it in '0'..'9' } && (part == "0" || !part.startsWith('0')) }
    return if (parts.size == 3 && digits) parts else null
}

/** Compares two versions' parts as numbers of any length: negative, zero or positive. */
private fun compareVersions(a: List<String>, b: List<String>): Int {
    for ((x, y) in a.zip(b)) {
        if (x.length != y.length) return x.length - y.length
        if (x != y) return x.compareTo(y)
    }
    return 0
}

/** The finding for an answer whose version this module does not read (the spec's guide, Protocol versions). */
private fun versionFinding(version: String): Finding {
    val parts = versionParts(version)
    val known = Spec.versionsRead.mapNotNull(::versionParts)
    val entry = when {
        parts == null -> FindingEntry.VERSION_UNWRITTEN
        known.all { compareVersions(parts, it) < 0 } -> FindingEntry.VERSION_OLDER
        known.all { compareVersions(parts, it) > 0 } -> FindingEntry.VERSION_NEWER
        else -> FindingEntry.VERSION_UNREAD
    }
    val message = messageOf(entry, mapOf("version" to version, "currentVersion" to Spec.VERSION), mapOf("read" to Spec.versionsRead))
    return Finding(
        requirement = null, rule = entry.rule, severity = entry.severity, elementId = null,
        path = pointer(listOf(Spec.VERSION_FIELD)), message = message,
    )
}

private val SLOT = Regex("\\{([A-Za-z]+)\\}")

/**
 * A finding's message with its slots filled, as every binding fills it: a list slot's texts each in double quotes
 * when the catalogue says so, and joined by its joiner; a slot given no value is left as written.
 */
internal fun messageOf(entry: FindingEntry, slots: Map<String, String>, lists: Map<String, List<String>> = emptyMap()): String =
    SLOT.replace(entry.message) { match ->
        val slot = match.groupValues[1]
        val text = slots[slot]
        val items = lists[slot]
        when {
            text != null -> text
            items != null -> {
                val written = entry.lists[slot] ?: FindingList(", ", false)
                items.joinToString(written.joiner) { if (written.quoted) "\"$it\"" else it }
            }
            else -> match.value
        }
    }

/** True when none of the findings is an error. */
fun passes(findings: List<Finding>): Boolean = findings.none { it.severity == Severity.ERROR }

/** Findings by path, then requirement, then rule, as every binding orders them. */
fun sortFindings(findings: List<Finding>): List<Finding> =
    findings.sortedWith(compareBy<Finding>({ it.path }, { it.requirement ?: "" }, { it.rule }))

/** The JSON type of a value by JSON's names; "undefined" for an absent one. */
internal fun jsonType(value: JsonElement?): String =
    when (value) {
        null -> "undefined"
        is JsonNull -> "null"
        is JsonObject -> "object"
        is JsonArray -> "array"
        is JsonPrimitive -> if (value.isString) "string" else if (value.booleanOrNull != null) "boolean" else "number"
    }

/** A JSON Pointer (RFC 6901) from the keys (names and indexes) down to a value. */
internal fun pointer(keys: List<Any>): String =
    keys.joinToString("") { "/" + it.toString().replace("~", "~0").replace("/", "~1") }

private fun describe(shape: TypeShape): String =
    when (shape) {
        is TypeShape.ArrayOf -> "${describe(shape.items)}[]"
        is TypeShape.Primitive -> shape.name
        is TypeShape.Named -> shape.name
    }

private fun JsonElement?.isTrue(): Boolean = this is JsonPrimitive && !isString && booleanOrNull == true

private fun JsonElement?.stringOrNull(): String? = if (this is JsonPrimitive && isString) content else null

private sealed interface ValueRule

private class PrimitiveRule(val name: String) : ValueRule

private class ArrayRule(val items: ValueRule, val label: String) : ValueRule

private class RecordRef(val record: RecordRule) : ValueRule

/** An enum's value: the enum's name and its values, in the spec's order. */
private class EnumRule(val name: String, val values: List<String>) : ValueRule

/** A value of a type that is no record (roles, attributes, external), or of no known type (not checked). */
private class KindRule(val kind: TypeKind?) : ValueRule

private class FieldCheck(val required: Boolean, val walked: Boolean, val value: ValueRule)

private class RecordRule(
    val name: String,
    val required: List<String>,
    val removed: Map<String, RemovedField>,
    /** Its deprecated fields: still read, each reported with a warning (`deprecated-name`). */
    val deprecated: Map<String, DeprecatedName>,
    val isNode: Boolean,
) {
    val fields = LinkedHashMap<String, FieldCheck>()
}

/** The lookups the checker needs for one version's rules, built once per version. */
private class Rules(val spec: SpecData) {
    private val records = HashMap<String, RecordRule>()
    private val removedByType: Map<String, Map<String, RemovedField>> =
        spec.removed.groupBy { it.from }.mapValues { (_, fields) -> fields.associateBy { it.name } }
    private val deprecatedByType: Map<String, Map<String, DeprecatedName>> =
        spec.deprecated.groupBy { it.from }.mapValues { (_, names) -> names.associateBy { it.name } }

    /** Deprecated roles (aliases among them) and reserved attributes, by name. */
    val deprecatedRoles: Map<String, DeprecatedName> = deprecatedOfKind(TypeKind.ROLES)
    val deprecatedAttributes: Map<String, DeprecatedName> = deprecatedOfKind(TypeKind.ATTRIBUTES)

    /** Reserved attributes a version removed: reported where an answer still holds one, as a removed field is. */
    val removedAttributes: Map<String, RemovedField> =
        spec.typeKinds.entries.firstOrNull { it.value == TypeKind.ATTRIBUTES }?.let { removedByType[it.key] }.orEmpty()
    val requirementOf: Map<String, String> = spec.requirements.mapNotNull { r -> r.rule?.let { it to r.id } }.toMap()
    val roles: Set<String> = spec.roles.toSet()
    val stateNames: Set<String> = spec.states.map { it.name }.toSet()
    val pathStates: List<String> = spec.states.filter { it.path }.map { it.name }
    val contentByTag: Map<String, ContentKind> = spec.contentKinds.associateBy { it.type }
    val reserved: Map<String, ValueRule> = spec.reservedAttributes.associate { it.name to valueRule(it.type) }
    val answer: RecordRule = recordRule(spec.tree.answer)
    val node: RecordRule = recordRule(spec.tree.node)

    private fun deprecatedOfKind(kind: TypeKind): Map<String, DeprecatedName> =
        spec.typeKinds.entries.firstOrNull { it.value == kind }?.let { deprecatedByType[it.key] }.orEmpty()

    private fun recordRule(name: String): RecordRule {
        records[name]?.let { return it }
        val fields = spec.records[name].orEmpty()
        val rule = RecordRule(name, fields.filter { it.required }.map { it.name }, removedByType[name].orEmpty(), deprecatedByType[name].orEmpty(), name == spec.tree.node)
        // Records refer to each other (an element holds elements), so each is registered before its fields resolve.
        records[name] = rule
        for (field in fields) {
            val walked = (name == spec.tree.node && field.name == spec.tree.children) || (name == spec.tree.answer && field.name == spec.tree.root)
            rule.fields[field.name] = FieldCheck(field.required, walked, valueRule(field.type))
        }
        return rule
    }

    private fun valueRule(shape: TypeShape): ValueRule =
        when (shape) {
            is TypeShape.ArrayOf -> ArrayRule(valueRule(shape.items), describe(shape))
            is TypeShape.Primitive -> PrimitiveRule(shape.name)
            is TypeShape.Named -> {
                val kind = spec.typeKinds[shape.name]
                when (kind) {
                    TypeKind.RECORD -> RecordRef(recordRule(shape.name))
                    TypeKind.ENUM -> EnumRule(shape.name, spec.enums[shape.name].orEmpty())
                    else -> KindRule(kind)
                }
            }
        }
}

/** The lookups of each version this module reads, by version. */
// An older version whose answers are answers of a version read (`readsAlso`) is checked by that version's rules.
private val rulesByVersion: Map<String, Rules> = Spec.all.flatMap { spec ->
    val rules = Rules(spec)
    (listOf(spec.version) + spec.readsAlso).map { it to rules }
}.toMap()

/** An element waiting on the walk's stack, with what it needs from its parent. */
private class Frame(
    val value: JsonElement,
    val parent: Int,
    val index: Int,
    val depth: Int,
    val parentId: String?,
    /** Which path states the parent sets, one bit per path state. */
    val parentBits: Long,
)

/** One run of the checker over one answer. */
private class Check(private val options: CheckOptions, private val rules: Rules) {
    private val spec = rules.spec
    private val findings = ArrayList<Finding>()

    // The elements visited, numbered in the order visited: each one's parent, index among its siblings, and id.
    private val parents = ArrayList<Int>()
    private val indexes = ArrayList<Int>()
    private val ids = ArrayList<String?>()

    // Where the checks are: the element being visited (-1 for the answer) and the keys from it to the value.
    private var here = -1
    private val trail = ArrayList<Any>()

    private fun visited(parent: Int, index: Int, elementId: String?): Int {
        parents.add(parent)
        indexes.add(index)
        ids.add(elementId)
        return ids.size - 1
    }

    /** The keys from the answer down to visited element [n]; none for the answer itself (-1). */
    private fun keysTo(n: Int): List<Any> {
        if (n < 0) return emptyList()
        val keys = ArrayList<Any>()
        var at = n
        while (at >= 0) {
            keys.add(indexes[at])
            keys.add(spec.tree.children)
            at = parents[at]
        }
        // The root is reached through the answer's root field, not through a list of children.
        keys[keys.size - 1] = spec.tree.root
        keys.removeAt(keys.size - 2)
        keys.reverse()
        return keys
    }

    /**
     * Reports a finding of the catalogue ([FindingEntry]), which gives its rule, severity and message, with its
     * slots' values ([lists] for its list slots), at the current place or at its [key] when given.
     */
    private fun report(
        entry: FindingEntry,
        elementId: String?,
        slots: Map<String, String>,
        key: Any? = null,
        lists: Map<String, List<String>> = emptyMap(),
    ) {
        val requirement = rules.requirementOf[entry.rule]
        // A rule the spec assigns to no requirement is not checked; shape and limits always are.
        if (requirement == null && entry.rule != "structure" && entry.rule != "limit" && entry.rule != "deprecated-name") return
        val keys = keysTo(here) + trail + listOfNotNull(key)
        findings.add(Finding(requirement, entry.rule, entry.severity, elementId, pointer(keys), messageOf(entry, slots, lists)))
    }

    /** A deprecated name in the answer: valid, and a warning that says what to use instead. */
    private fun reportDeprecated(name: DeprecatedName, key: Any, elementId: String?) {
        val useInstead = name.useInstead
        if (useInstead == null) {
            report(FindingEntry.DEPRECATED, elementId, mapOf("name" to name.name, "version" to name.version), key)
        } else {
            report(FindingEntry.DEPRECATED_USE_INSTEAD, elementId, mapOf("name" to name.name, "version" to name.version, "useInstead" to useInstead), key)
        }
    }

    private fun checkString(text: String, key: Any, elementId: String?) {
        if (text.length > options.maxStringLength) {
            report(FindingEntry.STRING_TOO_LONG, elementId, mapOf("length" to "${text.length}", "limit" to "${options.maxStringLength}"), key)
        }
    }

    private fun nested(key: Any, check: () -> Unit) {
        trail.add(key)
        check()
        trail.removeAt(trail.size - 1)
    }

    private fun checkValue(value: JsonElement, rule: ValueRule, key: Any, elementId: String?) {
        when (rule) {
            is PrimitiveRule ->
                if (jsonType(value) != rule.name) {
                    report(FindingEntry.WRONG_TYPE, elementId, mapOf("expected" to rule.name, "found" to jsonType(value)), key)
                } else {
                    value.stringOrNull()?.let { checkString(it, key, elementId) }
                }
            is ArrayRule ->
                if (value !is JsonArray) {
                    report(FindingEntry.WRONG_ARRAY_TYPE, elementId, mapOf("label" to rule.label, "found" to jsonType(value)), key)
                } else {
                    nested(key) { value.forEachIndexed { i, item -> checkValue(item, rule.items, i, elementId) } }
                }
            is RecordRef -> nested(key) { checkRecord(value, rule.record, elementId) }
            is EnumRule -> {
                val text = value.stringOrNull()
                if (text == null) {
                    report(FindingEntry.WRONG_TYPE, elementId, mapOf("expected" to "string", "found" to jsonType(value)), key)
                } else if (text !in rule.values) {
                    report(FindingEntry.UNKNOWN_VALUE, elementId, mapOf("value" to text, "type" to rule.name), key, mapOf("values" to rule.values))
                }
            }
            is KindRule -> checkKind(value, rule.kind, key, elementId)
        }
    }

    private fun checkKind(value: JsonElement, kind: TypeKind?, key: Any, elementId: String?) {
        when {
            kind == TypeKind.ROLES -> {
                val role = value.stringOrNull()
                val deprecated = role?.let { rules.deprecatedRoles[it] }
                if (role == null) {
                    report(FindingEntry.WRONG_ROLE_TYPE, elementId, mapOf("found" to jsonType(value)), key)
                } else if (deprecated != null) {
                    reportDeprecated(deprecated, key, elementId)
                } else if (role !in rules.roles) {
                    report(FindingEntry.UNKNOWN_ROLE, elementId, mapOf("name" to role, "unknownRole" to spec.roleRules.unknown), key)
                }
            }
            kind == TypeKind.EXTERNAL -> nested(key) { checkContent(value, elementId) }
            kind == TypeKind.ATTRIBUTES -> nested(key) { checkAttributes(value, elementId) }
        }
    }

    /** Checks the record at the current place; returns whether it is an object at all. */
    private fun checkRecord(value: JsonElement, record: RecordRule, elementId: String?): Boolean {
        if (value !is JsonObject) {
            report(FindingEntry.WRONG_RECORD_TYPE, elementId, mapOf("record" to record.name, "found" to jsonType(value)))
            return false
        }
        var required = 0
        for ((key, item) in value) {
            val rule = record.fields[key]
            if (rule == null) {
                checkUnknownField(record, key, elementId)
                continue
            }
            if (rule.required) required++
            record.deprecated[key]?.let { reportDeprecated(it, key, elementId) }
            if (!rule.walked) checkValue(item, rule.value, key, elementId)
        }
        if (required < record.required.size) {
            for (name in record.required) {
                if (name !in value) report(FindingEntry.MISSING_FIELD, elementId, mapOf("record" to record.name, "field" to name))
            }
        }
        return true
    }

    /** A name its version removed, where an answer still holds it: what replaced it, or that nothing did. */
    private fun reportRemoved(removed: RemovedField, key: String, elementId: String?) {
        val replacedBy = removed.replacedBy
        if (replacedBy == null) {
            report(FindingEntry.REMOVED_WITHOUT_REPLACEMENT, elementId, mapOf("field" to key, "version" to removed.version), key)
            return
        }
        val slots = mapOf("field" to key, "version" to removed.version, "replacedBy" to replacedBy)
        if (removed.states.isEmpty()) {
            report(FindingEntry.REMOVED_FIELD, elementId, slots, key)
        } else {
            report(FindingEntry.REMOVED_STATE, elementId, slots, key, mapOf("states" to removed.states))
        }
    }

    private fun checkUnknownField(record: RecordRule, key: String, elementId: String?) {
        val removed = record.removed[key]
        when {
            removed != null -> reportRemoved(removed, key, elementId)
            !record.isNode && key in rules.stateNames ->
                report(FindingEntry.STATE_ON_RECORD, elementId, mapOf("field" to key, "record" to record.name), key)
            else -> report(FindingEntry.UNKNOWN_FIELD, elementId, mapOf("record" to record.name, "field" to key), key)
        }
    }

    private fun checkAttributes(value: JsonElement, elementId: String?) {
        if (value !is JsonObject) {
            report(FindingEntry.WRONG_ATTRIBUTES_TYPE, elementId, mapOf("found" to jsonType(value)))
            return
        }
        for ((key, item) in value) {
            val reserved = rules.reserved[key]
            if (reserved != null) {
                rules.deprecatedAttributes[key]?.let { reportDeprecated(it, key, elementId) }
                checkValue(item, reserved, key, elementId)
            } else {
                val removed = rules.removedAttributes[key]
                if (removed != null) {
                    reportRemoved(removed, key, elementId)
                } else if (key in rules.stateNames) {
                    report(FindingEntry.STATE_IN_ATTRIBUTES, elementId, mapOf("field" to key), key)
                }
            }
        }
    }

    private fun checkContent(value: JsonElement, elementId: String?) {
        if (value !is JsonObject) {
            report(FindingEntry.WRONG_CONTENT_TYPE, elementId, mapOf("found" to jsonType(value)))
            return
        }
        val tag = value[spec.contentTag].stringOrNull()
        if (tag == null) {
            report(FindingEntry.WRONG_CONTENT_TAG_TYPE, elementId, mapOf("found" to jsonType(value[spec.contentTag])), spec.contentTag)
            return
        }
        val kind = rules.contentByTag[tag]
        if (kind == null) {
            // A kind a later MCP version may define: a receiver keeps it whole, so it is flagged, not refused.
            report(FindingEntry.UNKNOWN_CONTENT_KIND, elementId, mapOf("kind" to tag), spec.contentTag, mapOf("kinds" to rules.contentByTag.keys.toList()))
            return
        }
        for ((name, item) in value) {
            val expected = kind.properties[name] ?: continue
            if (expected != "any" && jsonType(item) != expected) {
                report(FindingEntry.WRONG_CONTENT_PROPERTY_TYPE, elementId, mapOf("expected" to expected, "property" to name, "found" to jsonType(item)), name)
            } else {
                item.stringOrNull()?.let { checkString(it, name, elementId) }
            }
        }
        for (alternatives in kind.alternatives) {
            val held = value[alternatives.property] as? JsonObject ?: continue
            val present = alternatives.members.map { it.key }.filter { it in held }
            if (present.size > 1) {
                val lists = mapOf("present" to present, "members" to alternatives.members.map { it.name })
                report(FindingEntry.SEVERAL_ALTERNATIVES, elementId, mapOf("property" to alternatives.property), alternatives.property, lists)
            }
        }
        for (name in kind.required) {
            if (name !in value) report(FindingEntry.MISSING_CONTENT_PROPERTY, elementId, mapOf("kind" to kind.type, "property" to name))
        }
        for (nested in kind.nested) {
            // A value of the wrong JSON type was reported above; only one of the right type is looked inside.
            val held = value[nested.name] ?: continue
            if (jsonType(held) != nested.shape.type) continue
            for (finding in checkNested(held, nested.shape, nested.name, spec.shapes)) {
                trail.add(nested.name)
                trail.addAll(finding.keys)
                report(finding.entry, elementId, finding.slots, null, finding.lists)
                repeat(finding.keys.size + 1) { trail.removeAt(trail.size - 1) }
            }
        }
    }

    /** Checks one element and its place among the path states, and puts its children on the stack. */
    private fun visit(frame: Frame, stack: ArrayList<Frame>) {
        val element = frame.value
        val elementId = (element as? JsonObject)?.get(spec.tree.id).stringOrNull()
        val n = visited(frame.parent, frame.index, elementId)
        here = n
        if (!checkRecord(element, rules.node, elementId) || element !is JsonObject) return
        val role = element[spec.tree.role].stringOrNull()
        if (frame.depth == 0 && role != null && role != spec.roleRules.root) {
            report(FindingEntry.ROOT_ROLE, elementId, mapOf("name" to role, "rootRole" to spec.roleRules.root), spec.tree.role)
        }
        var bits = 0L
        rules.pathStates.forEachIndexed { k, name ->
            if (!element[name].isTrue()) return@forEachIndexed
            bits = bits or (1L shl k)
            // The path runs from the root's child down: a set element below that needs its parent set too.
            if (frame.depth >= 2 && (frame.parentBits and (1L shl k)) == 0L) {
                report(FindingEntry.PATH_GAP, elementId, mapOf("state" to name, "parent" to frame.parentId.orEmpty()), name)
            }
        }
        val children = element[spec.tree.children]
        if (children is JsonArray) {
            countForks(children, elementId)
            // Pushed last first, so the walk meets them in order.
            for (i in children.indices.reversed()) stack.add(Frame(children[i], n, i, frame.depth + 1, elementId, bits))
        } else if (children != null) {
            report(FindingEntry.WRONG_CHILDREN_TYPE, elementId, mapOf("found" to jsonType(children)), spec.tree.children)
        }
    }

    /** A path state set on more than one child: the path can follow only one of them. */
    private fun countForks(children: JsonArray, elementId: String?) {
        for (name in rules.pathStates) {
            val n = children.count { (it as? JsonObject)?.get(name).isTrue() }
            if (n > 1) report(FindingEntry.PATH_FORKS, elementId, mapOf("count" to "$n", "state" to name), spec.tree.children)
        }
    }

    /** Reports a limit at an element that is then not checked: it is numbered, without its id, for its path. */
    private fun reportLimit(frame: Frame, entry: FindingEntry, limit: Int) {
        here = visited(frame.parent, frame.index, null)
        report(entry, null, mapOf("limit" to "$limit"))
    }

    fun run(answer: JsonElement): List<Finding> {
        if (!checkRecord(answer, rules.answer, null) || answer !is JsonObject) return sortFindings(findings)
        val root = answer[spec.tree.root] ?: return sortFindings(findings)
        val stack = arrayListOf(Frame(root, -1, 0, 0, null, 0L))
        var count = 0
        while (stack.isNotEmpty()) {
            val frame = stack.removeAt(stack.size - 1)
            count++
            if (count > options.maxElements) {
                reportLimit(frame, FindingEntry.TOO_MANY_ELEMENTS, options.maxElements)
                break
            }
            if (frame.depth > options.maxDepth) {
                reportLimit(frame, FindingEntry.TOO_DEEP, options.maxDepth)
                continue
            }
            visit(frame, stack)
        }
        // Each element whose id an earlier one has, in the order visited, with that earlier one.
        val firstOf = HashMap<String, Int>()
        ids.forEachIndexed { n, elementId ->
            if (elementId == null) return@forEachIndexed
            val first = firstOf.getOrPut(elementId) { n }
            if (first != n) {
                here = n
                report(FindingEntry.DUPLICATE_ID, elementId, mapOf("repeated" to elementId, "path" to pointer(keysTo(first))), spec.tree.id)
            }
        }
        return sortFindings(findings)
    }
}
