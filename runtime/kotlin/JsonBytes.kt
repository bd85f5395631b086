// The bytes of JSON text as JsonRecognizer.kt and JsonTree.kt read them: UTF-8 (RFC 3629), escapes, keys, places.

internal const val QUOTE: Byte = 0x22
internal const val BACKSLASH: Byte = 0x5C
internal const val SLASH: Byte = 0x2F
internal const val LBRACE: Byte = 0x7B
internal const val RBRACE: Byte = 0x7D
internal const val LBRACKET: Byte = 0x5B
internal const val RBRACKET: Byte = 0x5D
internal const val COMMA: Byte = 0x2C
internal const val COLON: Byte = 0x3A
internal const val MINUS: Byte = 0x2D
internal const val PLUS: Byte = 0x2B
internal const val DOT: Byte = 0x2E
internal const val ZERO: Byte = 0x30
internal const val NINE: Byte = 0x39
internal const val SPACE: Byte = 0x20
internal const val NEWLINE: Byte = 0x0A
internal const val TAB: Byte = 0x09
internal const val RETURN: Byte = 0x0D
internal const val B: Byte = 0x62
internal const val E: Byte = 0x65
internal const val CAPITAL_E: Byte = 0x45
internal const val F: Byte = 0x66
internal const val N: Byte = 0x6E
internal const val R: Byte = 0x72
internal const val T: Byte = 0x74
internal const val U: Byte = 0x75

internal val HIGH_SURROGATES = 0xD800..0xDBFF
internal val LOW_SURROGATES = 0xDC00..0xDFFF

internal fun isDigit(c: Byte): Boolean = c >= ZERO && c <= NINE

/** The value of a hex digit, or -1. */
internal fun hexDigit(c: Byte): Int = when (c.toInt()) {
    in 0x30..0x39 -> c - 0x30
    in 0x41..0x46 -> c - 0x41 + 10
    in 0x61..0x66 -> c - 0x61 + 10
    else -> -1
}

/** The value of the four hex digits at [at], known to be there. */
internal fun hexAt(b: ByteArray, at: Int): Int =
    (hexDigit(b[at]) shl 12) or (hexDigit(b[at + 1]) shl 8) or (hexDigit(b[at + 2]) shl 4) or hexDigit(b[at + 3])

/** The length of the well-formed UTF-8 character at [at] (no overlong form, no surrogate, nothing past U+10FFFF), or 0. */
internal fun utf8Length(b: ByteArray, at: Int): Int {
    val lead = b[at].toInt() and 0xFF
    fun follows(k: Int, low: Int = 0x80, high: Int = 0xBF): Boolean =
        at + k < b.size && (b[at + k].toInt() and 0xFF) in low..high
    return when (lead) {
        in 0x00..0x7F -> 1
        in 0xC2..0xDF -> if (follows(1)) 2 else 0
        0xE0 -> if (follows(1, 0xA0) && follows(2)) 3 else 0
        0xED -> if (follows(1, 0x80, 0x9F) && follows(2)) 3 else 0
        in 0xE1..0xEF -> if (follows(1) && follows(2)) 3 else 0
        0xF0 -> if (follows(1, 0x90) && follows(2) && follows(3)) 4 else 0
        in 0xF1..0xF3 -> if (follows(1) && follows(2) && follows(3)) 4 else 0
        0xF4 -> if (follows(1, 0x80, 0x8F) && follows(2) && follows(3)) 4 else 0
        else -> 0
    }
}

/** The code point of the well-formed character of [length] bytes at [at]. */
internal fun codePointAt(b: ByteArray, at: Int, length: Int): Int {
    if (length == 1) return b[at].toInt()
    var value = b[at].toInt() and (0xFF ushr (length + 1))
    for (k in 1 until length) value = (value shl 6) or (b[at + k].toInt() and 0x3F)
    return value
}

/**
 * The key whose quote is at [quote], in a form where two keys are equal exactly when their code points are: its
 * UTF-8 bytes after escapes are decoded (a surrogate pair's escapes as one character, a lone surrogate's as its
 * three-byte form), one char a byte. The key is known to be well-formed.
 */
internal fun keyAt(b: ByteArray, quote: Int): String {
    var end = quote + 1
    var escaped = false
    while (b[end] != QUOTE) {
        if (b[end] == BACKSLASH) {
            escaped = true
            end++
        }
        end++
    }
    if (!escaped) return String(b, quote + 1, end - quote - 1, Charsets.ISO_8859_1)
    val out = ByteArray(end - quote)
    var o = 0
    var j = quote + 1
    while (j < end) {
        if (b[j] != BACKSLASH) {
            out[o++] = b[j++]
            continue
        }
        if (b[j + 1] != U) {
            out[o++] = unescaped(b[j + 1])
            j += 2
            continue
        }
        var unit = hexAt(b, j + 2)
        j += 6
        if (unit in HIGH_SURROGATES && j + 6 <= end && b[j] == BACKSLASH && b[j + 1] == U && hexAt(b, j + 2) in LOW_SURROGATES) {
            unit = 0x10000 + ((unit - 0xD800) shl 10) + (hexAt(b, j + 2) - 0xDC00)
            j += 6
        }
        o = putUtf8(out, o, unit)
    }
    return String(out, 0, o, Charsets.ISO_8859_1)
}

/** The byte a one-character escape (`\n`, `\"`...) stands for. */
internal fun unescaped(c: Byte): Byte = when (c) {
    B -> 0x08
    F -> 0x0C
    N -> 0x0A
    R -> 0x0D
    T -> 0x09
    else -> c
}

/** Writes [codePoint] as UTF-8 (a surrogate as its three-byte form) at [at]; returns the index past it. */
private fun putUtf8(out: ByteArray, at: Int, codePoint: Int): Int {
    var o = at
    when {
        codePoint < 0x80 -> out[o++] = codePoint.toByte()
        codePoint < 0x800 -> {
            out[o++] = (0xC0 or (codePoint shr 6)).toByte()
            out[o++] = (0x80 or (codePoint and 0x3F)).toByte()
        }
        codePoint < 0x10000 -> {
            out[o++] = (0xE0 or (codePoint shr 12)).toByte()
            out[o++] = (0x80 or ((codePoint shr 6) and 0x3F)).toByte()
            out[o++] = (0x80 or (codePoint and 0x3F)).toByte()
        }
        else -> {
            out[o++] = (0xF0 or (codePoint shr 18)).toByte()
            out[o++] = (0x80 or ((codePoint shr 12) and 0x3F)).toByte()
            out[o++] = (0x80 or ((codePoint shr 6) and 0x3F)).toByte()
            out[o++] = (0x80 or (codePoint and 0x3F)).toByte()
        }
    }
    return o
}

/** A place in a text: 1 plus the line feeds before it, 1 plus the characters (code points) since the last one. */
internal data class JsonPlace(val line: Int, val column: Int)

/** The place of byte [at], counted over the well-formed UTF-8 before it. */
internal fun placeOf(b: ByteArray, at: Int): JsonPlace {
    var line = 1
    var column = 1
    for (k in 0 until minOf(at, b.size)) {
        val c = b[k].toInt()
        if (c == 0x0A) {
            line++
            column = 1
        } else if (c and 0xC0 != 0x80) {
            column++
        }
    }
    return JsonPlace(line, column)
}

/**
 * The UTF-8 bytes of [text] up to its first surrogate that is not in a pair, which is written as 0xFF, a byte no
 * UTF-8 holds: the reader meets it as bytes that are not UTF-8, at its place, and reads nothing past it.
 */
internal fun utf8Of(text: String): ByteArray {
    val count = text.length
    var k = 0
    while (k < count) {
        val c = text[k]
        if (c < '\uD800' || c > '\uDFFF') {
            k++
        } else if (c <= '\uDBFF' && k + 1 < count && text[k + 1] in '\uDC00'..'\uDFFF') {
            k += 2
        } else {
            return text.substring(0, k).toByteArray(Charsets.UTF_8) + 0xFF.toByte()
        }
    }
    return text.toByteArray(Charsets.UTF_8)
}
