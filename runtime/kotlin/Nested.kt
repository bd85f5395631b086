import kotlinx.serialization.json.JsonArray
import kotlinx.serialization.json.JsonElement
import kotlinx.serialization.json.JsonObject
import kotlinx.serialization.json.JsonPrimitive
import kotlinx.serialization.json.doubleOrNull

// What MCP's schema says inside a content block's nested objects (its `annotations`, an embedded `resource`, a
// link's `icons`), checked as both JSON Schemas check it. The spec data gives the shapes (`shapes`, and each content
// kind's `nested`); the walk says each finding by the catalogue's id. Unknown keys are MCP's to allow. MCP's shapes
// are a few levels deep, so the recursion is bounded by the shape, not by the value.

/** A finding of the walk: the catalogue's entry, its slots and list slots, and the keys below the block's property. */
internal data class NestedFinding(
    val entry: FindingEntry,
    val slots: Map<String, String>,
    val lists: Map<String, List<String>>,
    /** Names and indexes, as the checker's own trail holds them. */
    val keys: List<Any>,
)

/** A pattern written as JavaScript reads it: its closing `$` is the end of the text (Java's `$` also matches before a final line break, so it becomes `\z`). */
private val compiled = java.util.concurrent.ConcurrentHashMap<String, Regex>()

private fun matches(pattern: String, text: String): Boolean {
    val regex = compiled.getOrPut(pattern) {
        Regex(if (pattern.endsWith("$") && !pattern.endsWith("\\$")) pattern.dropLast(1) + "\\z" else pattern)
    }
    return regex.containsMatchIn(text)
}

/** Checks what is inside one property of a content block, whose own JSON type the caller has checked. */
internal fun checkNested(value: JsonElement, shape: NestedShape, property: String, shapes: Map<String, NestedShape>): List<NestedFinding> {
    val found = mutableListOf<NestedFinding>()
    val keys = mutableListOf<Any>()

    fun say(entry: FindingEntry, slots: Map<String, String>, lists: Map<String, List<String>> = emptyMap()) {
        found.add(NestedFinding(entry, slots, lists, keys.toList()))
    }

    fun walk(value: JsonElement, shape: NestedShape, name: String, top: Boolean) {
        val own = if (shape.ref == null) shape else shapes[shape.ref]
        if (own == null || own.type == "any") return
        if (!top && jsonType(value) != own.type) {
            say(FindingEntry.WRONG_CONTENT_PROPERTY_TYPE, mapOf("expected" to own.type, "property" to name, "found" to jsonType(value)))
            return
        }
        when (value) {
            is JsonObject -> {
                val members = own.members
                if (members != null) {
                    val present = members.filter { value.containsKey(it.key) }
                    // Several keys are the content block's Alternatives finding already; none is this one.
                    if (present.isEmpty()) {
                        say(FindingEntry.NO_ALTERNATIVE, mapOf("property" to name), mapOf("keys" to members.map { it.key }, "members" to members.map { it.name }))
                    } else if (present.size == 1) {
                        walk(value, NestedShape(type = "object", ref = present.single().name), name, true)
                    }
                    return
                }
                for (p in own.properties.orEmpty()) {
                    val item = value[p.name] ?: continue
                    keys.add(p.name)
                    walk(item, p.shape, p.name, false)
                    keys.removeAt(keys.size - 1)
                }
                for (field in own.required.orEmpty()) {
                    if (!value.containsKey(field)) say(FindingEntry.MISSING_FIELD, mapOf("record" to (own.name ?: name), "field" to field))
                }
            }
            is JsonArray -> {
                val itemShape = own.items ?: return
                value.forEachIndexed { index, item ->
                    keys.add(index)
                    walk(item, itemShape, name, false)
                    keys.removeAt(keys.size - 1)
                }
            }
            is JsonPrimitive -> when (jsonType(value)) {
                "string" -> {
                    val text = value.content
                    val values = own.enum
                    val pattern = own.pattern
                    if (values != null && text !in values) {
                        say(FindingEntry.NOT_ONE_OF, mapOf("property" to name), mapOf("allowed" to values))
                    } else if (pattern != null && !matches(pattern, text)) {
                        say(FindingEntry.WRONG_FORM, mapOf("form" to (own.form ?: "pattern-matching"), "property" to name))
                    }
                }
                "number" -> {
                    val number = value.doubleOrNull ?: return
                    val below = own.minimum?.let { number < it } ?: false
                    val above = own.maximum?.let { number > it } ?: false
                    if (below || above) say(FindingEntry.OUT_OF_RANGE, mapOf("bounds" to (own.bounds ?: ""), "property" to name))
                }
                else -> return
            }
        }
    }

    walk(value, shape, property, true)
    return found
}
