import kotlinx.serialization.json.JsonElement

/*
 * What every validator of this protocol prints and exits with: `element-spec validate`, the TypeScript package's
 * `element-model-validate`, Python's `python -m element_model.validate`, and this module's
 * validator jar. The output of each is the same, byte for byte, for the same answer.
 */

/** Exit codes of a validator: no error (warnings allowed), errors, or a usage error or input that cannot be read. */
object ValidateExit {
    const val OK: Int = 0
    const val FAILED: Int = 1
    const val USAGE: Int = 2
}

/**
 * The findings for an answer's text, checked with [options]. Text that is not JSON, or JSON every binding refuses
 * (spec/README.md, "Reading JSON"), is one `json` finding at the root, the first problem in text order, at its
 * line and column; a surrogate in [text] that is not in a pair is bytes that are not UTF-8 there. JSON of any
 * depth is read, as every binding's validator reads it: elements deeper than [CheckOptions.maxDepth] are the
 * checker's `limit` finding, not a refusal.
 */
@JvmOverloads
fun validateText(text: String, options: CheckOptions = CheckOptions()): List<Finding> = validateBytes(utf8Of(text), options)

/** The findings for an answer's bytes, read as UTF-8 (a byte order mark or UTF-16 is a `json` finding), as [validateText]. */
@JvmOverloads
fun validateBytes(bytes: ByteArray, options: CheckOptions = CheckOptions()): List<Finding> {
    val value = try {
        jsonTreeOf(bytes)
    } catch (refused: JsonFindingException) {
        return listOf(jsonFinding(refused))
    }
    return check(value, options)
}

/** The catalogue's finding for text that is no JSON, or JSON every binding refuses, at the root. */
private fun jsonFinding(refused: JsonFindingException): Finding = refused.entry.let {
    Finding(requirement = null, rule = it.rule, severity = it.severity, elementId = null, path = "", message = refused.message.orEmpty())
}

/** Reads [bytes] as JSON text: its deepest nesting, or the [JsonFindingException] of its first problem. */
internal fun readJson(bytes: ByteArray): Int = try {
    JsonRecognizer(bytes).read()
} catch (stop: JsonStop) {
    val (line, column) = placeOf(bytes, stop.at)
    throw when (stop.entry) {
        FindingEntry.JSON_NOT_UTF8 -> JsonNotUtf8Exception(line, column)
        FindingEntry.JSON_MALFORMED -> JsonMalformedException(foundOf(stop.found), line, column)
        FindingEntry.JSON_TRUNCATED -> JsonTruncatedException(line, column)
        FindingEntry.JSON_LONE_SURROGATE -> JsonLoneSurrogateException(line, column)
        FindingEntry.JSON_NUMBER_RANGE -> JsonNumberRangeException(line, column)
        FindingEntry.JSON_REPEATED_KEY -> JsonRepeatedKeyException(line, column)
        else -> IllegalStateException("the reader stopped with ${stop.entry.id}")
    }
}

/** The [JsonElement] of [bytes], read without recursion; throws the [JsonFindingException] of its first problem. */
internal fun jsonTreeOf(bytes: ByteArray): JsonElement {
    readJson(bytes)
    return JsonTreeBuilder(bytes).build()
}

/** The findings as JSON, two spaces to a level, each with the fields every binding prints, in this order. */
fun findingsJson(findings: List<Finding>): String {
    if (findings.isEmpty()) return "[]\n"
    val objects = findings.map { f ->
        val members = listOf(
            "requirement" to (f.requirement?.let(::jsonQuoted) ?: "null"),
            "rule" to jsonQuoted(f.rule),
            "severity" to jsonQuoted(f.severity.wire),
            "elementId" to (f.elementId?.let(::jsonQuoted) ?: "null"),
            "path" to jsonQuoted(f.path),
            "message" to jsonQuoted(f.message),
        )
        members.joinToString(",\n", prefix = "  {\n", postfix = "\n  }") { (key, value) -> "    ${jsonQuoted(key)}: $value" }
    }
    return objects.joinToString(",\n", prefix = "[\n", postfix = "\n]\n")
}

/** The findings as a person reads them, under the file's [name], with a count of each severity. */
fun formatFindings(findings: List<Finding>, name: String): String {
    if (findings.isEmpty()) return "$name: no findings\n"
    val lines = findings.joinToString("\n") { f ->
        val place = f.path.ifEmpty { "/" }
        val element = f.elementId?.let { " (element ${jsonQuoted(it)})" } ?: ""
        val cited = listOfNotNull(f.requirement, f.rule).filter { it.isNotEmpty() }.joinToString(" ")
        "  $place$element\n    ${f.severity.wire} ${f.message}  $cited"
    }
    val errors = findings.count { it.severity == Severity.ERROR }
    val warnings = findings.size - errors
    val counts = "$errors error${if (errors == 1) "" else "s"}, $warnings warning${if (warnings == 1) "" else "s"}"
    return "$name\n$lines\n\n$counts\n"
}

/** The exit code for a list of findings: [ValidateExit.FAILED] when one is an error, else [ValidateExit.OK]. */
fun exitCodeOf(findings: List<Finding>): Int = if (passes(findings)) ValidateExit.OK else ValidateExit.FAILED

/**
 * A string as JSON text, written as JavaScript's `JSON.stringify` writes it: quotes, backslashes and control
 * characters escaped, and a surrogate that is not part of a pair as a `\u` escape; everything else as it is.
 */
internal fun jsonQuoted(text: String): String {
    val out = StringBuilder(text.length + 2).append('"')
    var i = 0
    while (i < text.length) {
        val c = text[i]
        when {
            c == '"' -> out.append("\\\"")
            c == '\\' -> out.append("\\\\")
            c == '\n' -> out.append("\\n")
            c == '\r' -> out.append("\\r")
            c == '\t' -> out.append("\\t")
            c == '\b' -> out.append("\\b")
            c == '\u000C' -> out.append("\\f")
            c < ' ' -> out.append("\\u").append(c.code.toString(16).padStart(4, '0'))
            c.isHighSurrogate() && i + 1 < text.length && text[i + 1].isLowSurrogate() -> {
                out.append(c).append(text[i + 1])
                i++
            }
            c.isSurrogate() -> out.append("\\u").append(c.code.toString(16))
            else -> out.append(c)
        }
        i++
    }
    return out.append('"').toString()
}
