import kotlinx.serialization.KSerializer
import kotlinx.serialization.SerializationException
import kotlinx.serialization.descriptors.SerialDescriptor
import kotlinx.serialization.encoding.Decoder
import kotlinx.serialization.encoding.Encoder
import kotlinx.serialization.json.JsonDecoder
import kotlinx.serialization.json.JsonObject

// A request type decodes its value as the lenient type does, which keeps what a newer peer sends: a member it does
// not define, a role outside the language, a value outside an enum, in a content block a number past MCP's bounds
// or a string its pattern refuses. A tool's inputSchema refuses those, so the request looks for them in what it
// decoded (each type's check is in Operations.kt) and throws the first.

/**
 * Something a tool's inputSchema refuses that the lenient type kept, and where: a JSON Pointer from the top of the
 * tool's arguments (`/near/note`).
 */
internal class RequestRefusal(val reason: String, val pointer: String = "") {
    /** The refusal as seen one step up: below the member or item [step]. */
    fun below(step: String): RequestRefusal =
        RequestRefusal(reason, "/${step.replace("~", "~0").replace("/", "~1")}$pointer")

    override fun toString(): String = if (pointer.isEmpty()) reason else "$pointer: $reason"
}

/** The first of a record's unknown fields, a member its type does not define, or null when it has none. */
internal fun firstMember(unknown: Collection<String>, type: String): RequestRefusal? =
    unknown.firstOrNull()?.let { RequestRefusal("$type defines no member $it").below(it) }

/**
 * A number past the bounds MCP's schema sets it (each null where the schema sets none), or null when within them or
 * absent.
 */
internal fun outOfBounds(
    value: Double?,
    minimum: Double? = null,
    maximum: Double? = null,
    exclusiveMinimum: Double? = null,
    exclusiveMaximum: Double? = null,
): RequestRefusal? {
    if (value == null) return null
    val within = (minimum == null || value >= minimum) && (maximum == null || value <= maximum) &&
        (exclusiveMinimum == null || value > exclusiveMinimum) && (exclusiveMaximum == null || value < exclusiveMaximum)
    return if (within) null else RequestRefusal("$value is past the bounds the schema sets")
}

internal fun outOfBounds(
    value: Long?,
    minimum: Double? = null,
    maximum: Double? = null,
    exclusiveMinimum: Double? = null,
    exclusiveMaximum: Double? = null,
): RequestRefusal? = outOfBounds(value?.toDouble(), minimum, maximum, exclusiveMinimum, exclusiveMaximum)

private val patterns = java.util.concurrent.ConcurrentHashMap<String, Regex>()

/**
 * A string MCP's schema patterns that the pattern does not find, or null when it does or the string is absent. The
 * generator rewrote the pattern so that java.util.regex reads it as ECMAScript does (kit/request-bounds.ts); one
 * Java cannot compile refuses every value, as a check that cannot run must not pass.
 */
internal fun unmatched(value: String?, pattern: String): RequestRefusal? {
    if (value == null) return null
    val regex = patterns[pattern] ?: runCatching { Regex(pattern) }.getOrNull()?.also { patterns[pattern] = it }
        ?: return RequestRefusal("the schema's pattern $pattern does not compile here")
    return if (regex.containsMatchIn(value)) null else RequestRefusal("$value is not of the pattern the schema sets")
}

/** The first refusal among the items, below its index. */
internal inline fun <T> List<T>.firstRefusal(refusal: (T) -> RequestRefusal?): RequestRefusal? {
    forEachIndexed { index, item -> refusal(item)?.let { return it.below(index.toString()) } }
    return null
}

/**
 * Reads a request from JSON: its top's members must be those [inner] defines (so under a [kotlinx.serialization.json.Json]
 * that ignores unknown keys too), then [inner] decodes the value as its type does, and [refusal] finds what the
 * tool's inputSchema refuses in it. A refused request throws [SerializationException], as a value of the wrong type
 * does. Writes the value as [inner] does.
 */
internal open class RequestSerializer<R, T>(
    private val name: String,
    private val inner: KSerializer<T>,
    private val wrap: (T) -> R,
    private val unwrap: (R) -> T,
    private val refusal: (T) -> RequestRefusal?,
) : KSerializer<R> {
    override val descriptor: SerialDescriptor get() = inner.descriptor

    private val members: Set<String> by lazy {
        (0 until inner.descriptor.elementsCount).map { inner.descriptor.getElementName(it) }.toSet()
    }

    override fun deserialize(decoder: Decoder): R {
        val input = decoder as? JsonDecoder ?: throw SerializationException("$name is read from JSON only")
        val element = input.decodeJsonElement()
        if (element is JsonObject) {
            firstMember(element.keys.filter { it !in members }, name)?.let { throw SerializationException("$name refused: $it") }
        }
        val value = input.json.decodeFromJsonElement(inner, element)
        refusal(value)?.let { throw SerializationException("$name refused: $it") }
        return wrap(value)
    }

    override fun serialize(encoder: Encoder, value: R) {
        encoder.encodeSerializableValue(inner, unwrap(value))
    }
}
