import kotlinx.serialization.SerializationException

// What a receiver refuses in an answer's text, as exceptions; Validate.kt reads the text (JsonRecognizer.kt) and throws them.

/** The limits a receiver applies to an answer's text before kotlinx.serialization decodes it. */
data class DecodingLimits(
    /** The most levels of JSON nesting (arrays and objects inside one another) an input may have. */
    val maxNesting: Int = DEFAULT_MAX_NESTING,
) {
    companion object {
        /**
         * 500 levels: an answer's object, then two levels (an element and its list of children) for each element,
         * so an element tree 250 deep; the same limit as the Swift bindings, whose platform decoder stops at 512.
         */
        const val DEFAULT_MAX_NESTING: Int = 500
    }
}

/** Why an input was refused before it was decoded. A [SerializationException], so an [IllegalArgumentException]. */
sealed class JsonInputException(message: String) : SerializationException(message)

/** Arrays and objects nest deeper than [limit] levels: JSON, but deeper than the decoder reads. */
class JsonTooDeepException(val limit: Int) : JsonInputException("JSON nested deeper than $limit levels")

/**
 * Text that is not JSON, or JSON every binding refuses: one of the catalogue's `json-*` findings (spec/README.md,
 * "Reading JSON"), at [line] and [column] (1 plus the code points since the last line feed), with its message.
 */
sealed class JsonFindingException(message: String, val line: Int, val column: Int) : JsonInputException(message) {
    internal abstract val entry: FindingEntry

    /** The finding's id in the catalogue: `json-malformed`, `json-repeated-key`... */
    val findingId: String get() = entry.id
}

/** Bytes that are not UTF-8 (or, in a String, a surrogate that is not in a pair). */
class JsonNotUtf8Exception(line: Int, column: Int) :
    JsonFindingException(jsonMessage(FindingEntry.JSON_NOT_UTF8, line, column), line, column) {
    override val entry: FindingEntry get() = FindingEntry.JSON_NOT_UTF8
}

/** A character no JSON text holds where it stands; [found] is `'x'`, or `U+XXXX` outside U+0021..U+007E. */
class JsonMalformedException(val found: String, line: Int, column: Int) :
    JsonFindingException(jsonMessage(FindingEntry.JSON_MALFORMED, line, column, found), line, column) {
    override val entry: FindingEntry get() = FindingEntry.JSON_MALFORMED
}

/** The text ends before its value is complete. */
class JsonTruncatedException(line: Int, column: Int) :
    JsonFindingException(jsonMessage(FindingEntry.JSON_TRUNCATED, line, column), line, column) {
    override val entry: FindingEntry get() = FindingEntry.JSON_TRUNCATED
}

/** A `\u` escape of a surrogate that is not in a pair, at its backslash. */
class JsonLoneSurrogateException(line: Int, column: Int) :
    JsonFindingException(jsonMessage(FindingEntry.JSON_LONE_SURROGATE, line, column), line, column) {
    override val entry: FindingEntry get() = FindingEntry.JSON_LONE_SURROGATE
}

/** A number that rounds to an infinite double, at its first character. */
class JsonNumberRangeException(line: Int, column: Int) :
    JsonFindingException(jsonMessage(FindingEntry.JSON_NUMBER_RANGE, line, column), line, column) {
    override val entry: FindingEntry get() = FindingEntry.JSON_NUMBER_RANGE
}

/** A key written twice in one object, at the later key's opening quote. */
class JsonRepeatedKeyException(line: Int, column: Int) :
    JsonFindingException(jsonMessage(FindingEntry.JSON_REPEATED_KEY, line, column), line, column) {
    override val entry: FindingEntry get() = FindingEntry.JSON_REPEATED_KEY
}

internal fun jsonMessage(entry: FindingEntry, line: Int, column: Int, found: String? = null): String =
    messageOf(entry, listOfNotNull("line" to "$line", "column" to "$column", found?.let { "found" to it }).toMap())

/** A code point as a finding names it: `'x'` for U+0021 to U+007E, else `U+XXXX`. */
internal fun foundOf(codePoint: Int): String =
    if (codePoint in 0x21..0x7E) "'${codePoint.toChar()}'" else "U+" + codePoint.toString(16).uppercase().padStart(4, '0')

/** Inputs up to this many levels of nesting are decoded on the caller's thread. */
internal const val SHALLOW_NESTING = 64

/** 16 MiB of stack for deep inputs; the memory is only committed as it is used. */
private const val LARGE_STACK = 16L shl 20

/** Runs [work] on a thread with a large stack when [needed]: kotlinx.serialization's typed decoder recurses. */
internal fun <T> onLargeStack(needed: Boolean, work: () -> T): T {
    if (!needed) return work()
    var result: Result<T>? = null
    val thread = Thread(null, { result = runCatching(work) }, "element-model-json", LARGE_STACK)
    thread.start()
    thread.join()
    return (result ?: throw IllegalStateException("the decoding thread gave no result")).getOrThrow()
}
