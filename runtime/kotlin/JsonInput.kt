import kotlinx.serialization.SerializationException
import kotlinx.serialization.builtins.serializer

// What a receiver refuses in an answer's text before kotlinx.serialization reads it, and the one scan that finds it.

/** The limits a receiver applies to an answer's text before kotlinx.serialization reads it. */
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
sealed class JsonInputException(message: String, cause: Throwable? = null) : SerializationException(message, cause)

/** Arrays and objects nest deeper than [limit] levels. */
class JsonTooDeepException(val limit: Int) : JsonInputException("JSON nested deeper than $limit levels")

/** An object holds [key] twice (after unescaping); parsers disagree on which value wins, so it is refused. */
class JsonDuplicateKeyException(val key: String) : JsonInputException("JSON object with the key \"$key\" twice")

/** A string holds a surrogate that is not part of a pair, escaped or raw, at [offset]. */
class JsonLoneSurrogateException(val offset: Int) : JsonInputException("JSON string with a lone surrogate at $offset")

/** A number at [offset] is too large for a Double; parsers disagree on what it reads as, so it is refused. */
class JsonNumberTooLargeException(val offset: Int) : JsonInputException("JSON number too large for a Double at $offset")

/** A comma closes an array or object at [offset]. */
class JsonTrailingCommaException(val offset: Int) : JsonInputException("JSON with a trailing comma at $offset")

/** The bytes are not UTF-8. */
class JsonNotUtf8Exception(cause: Throwable) : JsonInputException("Not UTF-8: ${cause.message}", cause)

/** Inputs up to this many levels of nesting are decoded on the caller's thread. */
internal const val SHALLOW_NESTING = 64

/** 16 MiB of stack for deep inputs; the memory is only committed as it is used. */
private const val LARGE_STACK = 16L shl 20

internal fun <T> onLargeStack(needed: Boolean, work: () -> T): T {
    if (!needed) return work()
    var result: Result<T>? = null
    val thread = Thread(null, { result = runCatching(work) }, "element-model-json", LARGE_STACK)
    thread.start()
    thread.join()
    return (result ?: throw IllegalStateException("the decoding thread gave no result")).getOrThrow()
}

/**
 * One pass over JSON text with an explicit stack. It finds what kotlinx.serialization would recurse too deep on,
 * or reads in a way other parsers do not; it leaves every other kind of malformed JSON to the decoder.
 */
internal object JsonPreScan {
    /** Above this many keys, an object's keys are checked with a set rather than one by one. */
    private const val LINEAR_KEYS = 16

    /** Checks the text and returns the deepest level of nesting found. */
    fun check(text: String, limits: DecodingLimits): Int {
        val count = text.length
        val isObject = ArrayList<Boolean>()
        val keyStart = ArrayList<Int>()
        val keys = ArrayList<String>()
        val keySets = HashMap<Int, HashSet<String>>()
        var expectKey = false
        var afterComma = false
        var deepest = 0
        var index = 0
        while (index < count) {
            val c = text[index]
            if (c == ' ' || c == '\n' || c == '\t' || c == '\r') {
                index++
                continue
            }
            if (afterComma && (c == '}' || c == ']')) throw JsonTrailingCommaException(index)
            afterComma = c == ','
            when (c) {
                '{', '[' -> {
                    if (isObject.size >= limits.maxNesting) throw JsonTooDeepException(limits.maxNesting)
                    isObject.add(c == '{')
                    keyStart.add(keys.size)
                    expectKey = c == '{'
                    if (isObject.size > deepest) deepest = isObject.size
                }
                '}', ']' -> {
                    if (keyStart.isNotEmpty()) {
                        val start = keyStart.removeAt(keyStart.size - 1)
                        isObject.removeAt(isObject.size - 1)
                        keys.subList(start, keys.size).clear()
                        if (keySets.isNotEmpty()) keySets.remove(isObject.size)
                    }
                    expectKey = false
                }
                ',' -> expectKey = isObject.lastOrNull() ?: false
                '-', in '0'..'9' -> index = numberEnd(text, index) - 1
                '"' -> {
                    val (end, escaped) = stringEnd(text, index + 1)
                    if (expectKey) {
                        expectKey = false
                        val stop = minOf(end, count)
                        var key = text.substring(index + 1, stop)
                        if (escaped && stop < count) {
                            key = try {
                                ElementJson.decodeFromString(String.serializer(), text.substring(index, stop + 1))
                            } catch (e: IllegalArgumentException) {
                                key
                            }
                        }
                        val level = isObject.size - 1
                        val first = keyStart.lastOrNull() ?: 0
                        val set = keySets[level]
                        if (set == null && keys.size - first < LINEAR_KEYS) {
                            for (i in first until keys.size) if (keys[i] == key) throw JsonDuplicateKeyException(key)
                        } else {
                            val all = set ?: HashSet(keys.subList(first, keys.size)).also { keySets[level] = it }
                            if (!all.add(key)) throw JsonDuplicateKeyException(key)
                        }
                        keys.add(key)
                    }
                    index = end
                }
            }
            index++
        }
        return deepest
    }

    /**
     * The index just past the number starting at [start]; throws [JsonNumberTooLargeException] when it is beyond a
     * Double's range (a three-digit exponent or 309 digits can be). A malformed number is left to the decoder.
     */
    private fun numberEnd(text: String, start: Int): Int {
        var end = start
        while (end < text.length && (text[end] in '0'..'9' || text[end] in "+-.eE")) end++
        if (end - start >= 309 || text.substring(start, end).any { it == 'e' || it == 'E' }) {
            val value = text.substring(start, end).toDoubleOrNull()
            if (value != null && value.isInfinite()) throw JsonNumberTooLargeException(start)
        }
        return end
    }

    /** The index of the quote that closes the string starting at [start], and whether the string has escapes. */
    private fun stringEnd(text: String, start: Int): Pair<Int, Boolean> {
        val count = text.length
        var end = start
        var escaped = false
        while (end < count && text[end] != '"') {
            val c = text[end]
            if (c == '\\') {
                escaped = true
                val unit = if (end + 1 < count && text[end + 1] == 'u') hex(text, end + 2) else -1
                if (unit < 0) {
                    end += 2
                } else if (unit in 0xDC00..0xDFFF) {
                    throw JsonLoneSurrogateException(end)
                } else if (unit in 0xD800..0xDBFF) {
                    val next = end + 6
                    val low = if (next + 1 < count && text[next] == '\\' && text[next + 1] == 'u') hex(text, next + 2) else -1
                    if (low !in 0xDC00..0xDFFF) throw JsonLoneSurrogateException(end)
                    end = next + 6
                } else {
                    end += 6
                }
            } else if (Character.isLowSurrogate(c)) {
                throw JsonLoneSurrogateException(end)
            } else if (Character.isHighSurrogate(c)) {
                if (end + 1 >= count || !Character.isLowSurrogate(text[end + 1])) throw JsonLoneSurrogateException(end)
                end += 2
            } else {
                end++
            }
        }
        return end to escaped
    }

    /** The value of four hex digits at [offset], or -1. */
    private fun hex(text: String, offset: Int): Int {
        if (offset + 4 > text.length) return -1
        var value = 0
        for (i in offset until offset + 4) {
            val c = text[i]
            val digit = when (c) {
                in '0'..'9' -> c - '0'
                in 'a'..'f' -> c - 'a' + 10
                in 'A'..'F' -> c - 'A' + 10
                else -> return -1
            }
            value = value * 16 + digit
        }
        return value
    }
}
