/*
 * The reader of an answer's bytes (spec/README.md, "Reading JSON"): one pass, no recursion, that says whether the
 * bytes are JSON and, if not, the first problem in text order, at its line and column.
 *
 * Hand-written because kotlinx.serialization's parser cannot say it. It is lenient where JSON is not (`-01`, `1.`,
 * `NaN`, `+1`, bare words, raw control characters in strings, a lone byte order mark all read as values), it keeps
 * the last of two equal keys without a word, it gives a problem's place as an offset in a decoded String (bytes
 * that are not UTF-8 are already U+FFFD by then), and it reads nested arrays by recursion, so 100,000 `[` overflow
 * the stack. So this pass runs first, over bytes; kotlinx.serialization's typed decoder then reads only text known
 * to be JSON (SafeDecoding.kt), and the validator's tree is built by JsonTree.kt, also without recursion.
 */

import java.util.Arrays

/** Where the reader stopped: [entry] at byte [at], with the code point met there for `json-malformed`. */
internal class JsonStop(val entry: FindingEntry, val at: Int, val found: Int = -1) : RuntimeException(null, null, false, false)

/**
 * Reads [b] as one JSON text. [read] throws [JsonStop] at the first malformation; if there is none, at the first
 * refusal by policy (the smallest place, as a repeated key's quote comes before a lone surrogate inside it).
 */
internal class JsonRecognizer(private val b: ByteArray) {
    private val n = b.size
    private var i = 0

    /** The open containers, one bit a level: set for an object. */
    private var kinds = LongArray(2)
    private var depth = 0
    private var deepest = 0

    /**
     * The keys of every open object, innermost last, as places in the text (no strings): each key's opening quote,
     * and its closing quote's index, negated when the key holds an escape.
     */
    private var keyQuotes = IntArray(64)
    private var keyEnds = IntArray(64)
    private var keyCount = 0

    /** For each open object: where its keys start in [keyQuotes]. */
    private var keysFrom = IntArray(8)
    private var objects = 0

    /** An object's keys, decoded, once it has more than [LINEAR_KEYS]: by the object's level among the open objects. */
    private val keySets = HashMap<Int, HashSet<String>>()

    /** Whether the string read last holds an escape. */
    private var escaped = false

    private var refusedAt = Int.MAX_VALUE
    private var refusal: FindingEntry? = null

    /** Reads the whole text and returns the deepest nesting of arrays and objects in it. */
    fun read(): Int {
        skipWhitespace()
        while (true) {
            if (!value()) continue
            if (afterValue()) break
        }
        refusal?.let { throw JsonStop(it, refusedAt) }
        return deepest
    }

    /** Reads a scalar or an empty container (true), or opens a container whose first value comes next (false). */
    private fun value(): Boolean {
        if (i >= n) bad()
        // An empty array or object is a level too.
        if ((b[i] == LBRACE || b[i] == LBRACKET) && depth >= deepest) deepest = depth + 1
        when (b[i]) {
            LBRACE -> {
                i++
                skipWhitespace()
                if (i < n && b[i] == RBRACE) {
                    i++
                } else {
                    open(true)
                    member()
                    return false
                }
            }
            LBRACKET -> {
                i++
                skipWhitespace()
                if (i < n && b[i] == RBRACKET) {
                    i++
                } else {
                    open(false)
                    return false
                }
            }
            QUOTE -> string()
            T -> literal(TRUE)
            F -> literal(FALSE)
            N -> literal(NULL)
            else -> if (b[i] == MINUS || isDigit(b[i])) number() else bad()
        }
        return true
    }

    /** After a value: closes what it ends; true when the text ends well there, false when a comma leads on. */
    private fun afterValue(): Boolean {
        while (true) {
            skipWhitespace()
            if (depth == 0) {
                if (i < n) bad()
                return true
            }
            if (i >= n) bad()
            val inObject = isObject(depth - 1)
            if (b[i] == COMMA) {
                i++
                skipWhitespace()
                if (inObject) member()
                return false
            }
            if (b[i] != (if (inObject) RBRACE else RBRACKET)) bad()
            i++
            close(inObject)
        }
    }

    /** A member's key, its colon and the whitespace before its value. */
    private fun member() {
        if (i >= n || b[i] != QUOTE) bad()
        val quote = i
        string()
        addKey(quote, if (escaped) -(i - 1) else i - 1)
        skipWhitespace()
        if (i >= n || b[i] != COLON) bad()
        i++
        skipWhitespace()
    }

    /**
     * A key of the innermost object, whose closing quote is at [end] (negated if it holds an escape): refused where
     * it repeats one before it.
     */
    private fun addKey(quote: Int, end: Int) {
        val level = objects - 1
        val from = keysFrom[level]
        val set = if (keySets.isEmpty()) null else keySets[level]
        val repeated = when {
            set != null -> !set.add(keyAt(b, quote))
            keyCount - from < LINEAR_KEYS -> {
                var same = false
                for (k in from until keyCount) if (sameKey(k, quote, end)) same = true
                same
            }
            else -> {
                val all = HashSet<String>()
                for (k in from until keyCount) all.add(keyAt(b, keyQuotes[k]))
                keySets[level] = all
                !all.add(keyAt(b, quote))
            }
        }
        if (repeated) refuse(FindingEntry.JSON_REPEATED_KEY, quote)
        if (keyCount == keyQuotes.size) {
            keyQuotes = keyQuotes.copyOf(keyCount * 2)
            keyEnds = keyEnds.copyOf(keyCount * 2)
        }
        keyQuotes[keyCount] = quote
        keyEnds[keyCount++] = end
    }

    /** Whether key [k] of [keyQuotes] is the key at [quote]: their bytes, when neither has an escape. */
    private fun sameKey(k: Int, quote: Int, end: Int): Boolean {
        val other = keyQuotes[k]
        val otherEnd = keyEnds[k]
        if (end < 0 || otherEnd < 0) return keyAt(b, other) == keyAt(b, quote)
        return otherEnd - other == end - quote && Arrays.equals(b, other + 1, otherEnd, b, quote + 1, end)
    }

    private fun isObject(level: Int): Boolean = (kinds[level ushr 6] ushr level) and 1L != 0L

    private fun open(isObject: Boolean) {
        val word = depth ushr 6
        if (word == kinds.size) kinds = kinds.copyOf(word * 2)
        kinds[word] = if (isObject) kinds[word] or (1L shl depth) else kinds[word] and (1L shl depth).inv()
        depth++
        if (!isObject) return
        if (objects == keysFrom.size) keysFrom = keysFrom.copyOf(objects * 2)
        keysFrom[objects++] = keyCount
    }

    private fun close(isObject: Boolean) {
        depth--
        if (!isObject) return
        keyCount = keysFrom[--objects]
        if (keySets.isNotEmpty()) keySets.remove(objects)
    }

    /** The string whose quote is at [i]; leaves [i] past its closing quote. */
    private fun string() {
        escaped = false
        var j = i + 1
        while (true) {
            while (j < n) {
                val c = b[j]
                if (c >= SPACE && c != QUOTE && c != BACKSLASH) j++ else break
            }
            if (j >= n) stopAt(j)
            val c = b[j]
            when {
                c == QUOTE -> {
                    i = j + 1
                    return
                }
                c == BACKSLASH -> {
                    escaped = true
                    j = escape(j)
                }
                c >= 0 -> stopAt(j) // a control character
                else -> j += utf8Length(b, j).also { if (it == 0) stopAt(j) }
            }
        }
    }

    /** The escape whose backslash is at [at]; returns the index past it (past two, for a surrogate pair). */
    private fun escape(at: Int): Int {
        val e = at + 1
        if (e >= n) stopAt(e)
        when (b[e]) {
            QUOTE, BACKSLASH, SLASH, B, F, N, R, T -> return e + 1
            U -> Unit
            else -> stopAt(e)
        }
        for (k in e + 1..e + 4) if (k >= n || hexDigit(b[k]) < 0) stopAt(k)
        val unit = hexAt(b, e + 1)
        if (unit in HIGH_SURROGATES) {
            if (lowEscapeAt(e + 5)) return e + 11
            refuse(FindingEntry.JSON_LONE_SURROGATE, at)
        } else if (unit in LOW_SURROGATES) {
            refuse(FindingEntry.JSON_LONE_SURROGATE, at)
        }
        return e + 5
    }

    /** Whether a well-formed `\u` escape of a low surrogate starts at [at]. */
    private fun lowEscapeAt(at: Int): Boolean {
        if (at + 6 > n || b[at] != BACKSLASH || b[at + 1] != U) return false
        for (k in at + 2 until at + 6) if (hexDigit(b[k]) < 0) return false
        return hexAt(b, at + 2) in LOW_SURROGATES
    }

    private fun number() {
        val start = i
        var j = i
        if (b[j] == MINUS) j++
        if (j < n && b[j] == ZERO) {
            j++
        } else if (j < n && isDigit(b[j])) {
            j = digits(j + 1)
        } else {
            stopAt(j)
        }
        val integerDigits = j - start
        var exponent = false
        if (j < n && b[j] == DOT) {
            if (j + 1 >= n || !isDigit(b[j + 1])) stopAt(j + 1)
            j = digits(j + 1)
        }
        if (j < n && (b[j] == E || b[j] == CAPITAL_E)) {
            exponent = true
            j++
            if (j < n && (b[j] == PLUS || b[j] == MINUS)) j++
            if (j >= n || !isDigit(b[j])) stopAt(j)
            j = digits(j)
        }
        i = j
        // Only an exponent, or 309 digits before the point, can take a number past a double's range.
        if ((exponent || integerDigits >= 309) && String(b, start, j - start, Charsets.ISO_8859_1).toDouble().isInfinite()) {
            refuse(FindingEntry.JSON_NUMBER_RANGE, start)
        }
    }

    private fun digits(from: Int): Int {
        var j = from
        while (j < n && isDigit(b[j])) j++
        return j
    }

    private fun literal(word: ByteArray) {
        for (c in word) {
            if (i >= n || b[i] != c) bad()
            i++
        }
    }

    private fun skipWhitespace() {
        while (i < n) {
            val c = b[i]
            if (c == SPACE || c == NEWLINE || c == TAB || c == RETURN) i++ else return
        }
    }

    private fun refuse(entry: FindingEntry, at: Int) {
        if (at < refusedAt) {
            refusedAt = at
            refusal = entry
        }
    }

    private fun stopAt(at: Int): Nothing {
        i = at
        bad()
    }

    /** The malformation at [i]: the end of the text, bytes that are not UTF-8, or a character out of place. */
    private fun bad(): Nothing {
        if (i >= n) throw JsonStop(FindingEntry.JSON_TRUNCATED, n)
        val length = utf8Length(b, i)
        if (length == 0) throw JsonStop(FindingEntry.JSON_NOT_UTF8, i)
        throw JsonStop(FindingEntry.JSON_MALFORMED, i, codePointAt(b, i, length))
    }

    private companion object {
        /** Up to this many keys, an object's keys are compared one by one; past it, through a set. */
        const val LINEAR_KEYS = 16
        val TRUE = "true".toByteArray()
        val FALSE = "false".toByteArray()
        val NULL = "null".toByteArray()
    }
}
