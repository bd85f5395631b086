import kotlinx.serialization.ExperimentalSerializationApi
import kotlinx.serialization.json.JsonArray
import kotlinx.serialization.json.JsonElement
import kotlinx.serialization.json.JsonNull
import kotlinx.serialization.json.JsonObject
import kotlinx.serialization.json.JsonPrimitive
import kotlinx.serialization.json.JsonUnquotedLiteral

/**
 * The [JsonElement] of bytes [JsonRecognizer] has read as JSON, built with a stack of its own: kotlinx.serialization's
 * tree reader reads nested arrays by recursion. Members keep their order, and a number keeps the text it was
 * written with, as kotlinx.serialization's own tree keeps it. Nothing is checked here: the bytes are known good.
 */
internal class JsonTreeBuilder(private val b: ByteArray) {
    private var i = 0

    /** The open containers, innermost last: an array's items, or an object's members. */
    private val open = ArrayList<Any>()

    /** The key waiting for its value, for each open object. */
    private val keys = ArrayList<String>()

    @Suppress("UNCHECKED_CAST")
    fun build(): JsonElement {
        skipWhitespace()
        while (true) {
            var value = value() ?: continue
            while (true) {
                val top = open.lastOrNull() ?: return value
                if (top is ArrayList<*>) {
                    (top as ArrayList<JsonElement>).add(value)
                } else {
                    (top as LinkedHashMap<String, JsonElement>)[keys.removeAt(keys.size - 1)] = value
                }
                skipWhitespace()
                if (b[i] == COMMA) {
                    i++
                    skipWhitespace()
                    if (top is LinkedHashMap<*, *>) key()
                    break
                }
                i++
                open.removeAt(open.size - 1)
                value = if (top is ArrayList<*>) JsonArray(top as List<JsonElement>) else JsonObject(top as Map<String, JsonElement>)
            }
        }
    }

    /** A scalar or an empty container, or null when a container opens and its first value comes next. */
    private fun value(): JsonElement? = when (b[i]) {
        LBRACE -> {
            i++
            skipWhitespace()
            if (b[i] == RBRACE) {
                i++
                JsonObject(emptyMap())
            } else {
                open.add(LinkedHashMap<String, JsonElement>())
                key()
                null
            }
        }
        LBRACKET -> {
            i++
            skipWhitespace()
            if (b[i] == RBRACKET) {
                i++
                JsonArray(emptyList())
            } else {
                open.add(ArrayList<JsonElement>())
                null
            }
        }
        QUOTE -> JsonPrimitive(string())
        T -> JsonPrimitive(true).also { i += 4 }
        F -> JsonPrimitive(false).also { i += 5 }
        N -> JsonNull.also { i += 4 }
        else -> number()
    }

    private fun key() {
        keys.add(string())
        skipWhitespace()
        i++
        skipWhitespace()
    }

    /** The string whose quote is at [i], its escapes decoded; leaves [i] past its closing quote. */
    private fun string(): String {
        val start = i + 1
        var j = start
        while (b[j] != QUOTE && b[j] != BACKSLASH) j++
        if (b[j] == QUOTE) {
            i = j + 1
            return String(b, start, j - start, Charsets.UTF_8)
        }
        val out = StringBuilder(j - start + 16)
        var run = start
        while (b[j] != QUOTE) {
            if (b[j] != BACKSLASH) {
                j++
                continue
            }
            if (j > run) out.append(String(b, run, j - run, Charsets.UTF_8))
            if (b[j + 1] == U) {
                // A pair's two escapes append its two halves.
                out.append(hexAt(b, j + 2).toChar())
                j += 6
            } else {
                out.append(unescaped(b[j + 1]).toInt().toChar())
                j += 2
            }
            run = j
        }
        if (j > run) out.append(String(b, run, j - run, Charsets.UTF_8))
        i = j + 1
        return out.toString()
    }

    @OptIn(ExperimentalSerializationApi::class)
    private fun number(): JsonElement {
        val start = i
        while (i < b.size && (isDigit(b[i]) || b[i] == MINUS || b[i] == PLUS || b[i] == DOT || b[i] == E || b[i] == CAPITAL_E)) i++
        return JsonUnquotedLiteral(String(b, start, i - start, Charsets.ISO_8859_1))
    }

    private fun skipWhitespace() {
        while (i < b.size) {
            val c = b[i]
            if (c == SPACE || c == NEWLINE || c == TAB || c == RETURN) i++ else return
        }
    }
}
