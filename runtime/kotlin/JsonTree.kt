import java.util.Collections
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
 * The values of all open containers wait on one stack, and each container is made, at its exact size, when it
 * closes: a chain of one-item arrays costs an array and a one-item list a level, not a growable list each.
 */
internal class JsonTreeBuilder(private val b: ByteArray) {
    private var i = 0

    /** The values read so far in every open container, innermost last; [keys] holds the open objects' keys. */
    private val values = ArrayList<JsonElement>()
    private val keys = ArrayList<String>()

    /** For each open container: where its values start in [values], and whether it is an object. */
    private var starts = IntArray(16)
    private var objects = BooleanArray(16)
    private var depth = 0

    fun build(): JsonElement {
        skipWhitespace()
        while (true) {
            var value = value() ?: continue
            while (true) {
                if (depth == 0) return value
                values.add(value)
                skipWhitespace()
                if (b[i] == COMMA) {
                    i++
                    skipWhitespace()
                    if (objects[depth - 1]) key()
                    break
                }
                i++
                value = close()
            }
        }
    }

    private fun open(isObject: Boolean) {
        if (depth == starts.size) {
            starts = starts.copyOf(depth * 2)
            objects = objects.copyOf(depth * 2)
        }
        starts[depth] = values.size
        objects[depth++] = isObject
    }

    /** The innermost open container, made from its values (and keys). */
    private fun close(): JsonElement {
        depth--
        val items = values.subList(starts[depth], values.size)
        val element = if (objects[depth]) {
            val names = keys.subList(keys.size - items.size, keys.size)
            val members = if (items.size == 1) {
                Collections.singletonMap(names[0], items[0])
            } else {
                LinkedHashMap<String, JsonElement>(items.size * 4 / 3 + 1).also { map -> for (k in items.indices) map[names[k]] = items[k] }
            }
            names.clear()
            JsonObject(members)
        } else {
            JsonArray(if (items.size == 1) Collections.singletonList(items[0]) else ArrayList(items))
        }
        items.clear()
        return element
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
                open(true)
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
                open(false)
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
