import kotlinx.serialization.json.JsonArray
import kotlinx.serialization.json.JsonObject
import kotlinx.serialization.json.JsonPrimitive
import kotlinx.serialization.json.jsonArray
import kotlinx.serialization.json.jsonObject
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

/**
 * The reader against spec/README.md's "Reading JSON", case by case, each place worked out by hand from the text:
 * line is 1 plus the line feeds before it, column 1 plus the characters since the last one.
 */
class JsonReaderTest {
    /** What reading [bytes] gives: the finding's id, line, column and `found`, or null for JSON read whole. */
    private fun finding(bytes: ByteArray): String? = try {
        readJson(bytes)
        null
    } catch (e: JsonFindingException) {
        val found = (e as? JsonMalformedException)?.let { " ${it.found}" } ?: ""
        "${e.findingId} ${e.line}:${e.column}$found"
    }

    private fun finding(text: String): String? = finding(text.toByteArray())

    private fun bytes(vararg parts: Any): ByteArray = parts.fold(ByteArray(0)) { all, part ->
        all + when (part) {
            is String -> part.toByteArray()
            is Int -> byteArrayOf(part.toByte())
            else -> error("a String or a byte")
        }
    }

    @Test
    fun `a character out of place is json-malformed, named as the catalogue says`() {
        assertEquals("json-malformed 1:4 ']'", finding("[1,]"))
        assertEquals("json-malformed 1:8 '}'", finding("{\"a\":1,}"))
        assertEquals("json-malformed 2:4 '1'", finding("{\"a\":\n  01}"))
        assertEquals("json-malformed 1:4 ']'", finding("[1.]"))
        assertEquals("json-malformed 1:2 'N'", finding("[NaN]"))
        assertEquals("json-malformed 1:1 '+'", finding("+1"))
        assertEquals("json-malformed 1:3 'U'", finding("trUe"))
        assertEquals("json-malformed 1:4 '{'", finding("{} {}"))
        assertEquals("json-malformed 1:1 '''", finding("'a'"))
        assertEquals("json-malformed 1:2 U+0020", finding("- 1"))
        // A raw tab in a string, DEL and a letter outside one, a character past U+FFFF: U+XXXX.
        assertEquals("json-malformed 1:4 U+0009", finding("[\"a\tb\"]"))
        assertEquals("json-malformed 1:2 U+007F", finding("[\u007F]"))
        assertEquals("json-malformed 1:2 U+00E9", finding("[\u00E9]"))
        assertEquals("json-malformed 1:2 U+1F600", finding("[\uD83D\uDE00]"))
        // Columns count characters, not bytes: é is two bytes and one column.
        assertEquals("json-malformed 1:7 'x'", finding("[\"\u00E9\", x]"))
        // A byte order mark is a character no JSON text holds; so is UTF-16's NUL.
        assertEquals("json-malformed 1:1 U+FEFF", finding(bytes(0xEF, 0xBB, 0xBF, "{}")))
        assertEquals("json-malformed 1:1 U+0000", finding(bytes(0, "[", 0, "]")))
    }

    @Test
    fun `text that ends early is json-truncated at its end`() {
        assertEquals("json-truncated 1:1", finding(""))
        assertEquals("json-truncated 1:4", finding(" \t "))
        assertEquals("json-truncated 1:4", finding("[1,"))
        assertEquals("json-truncated 1:5", finding("{\"a\""))
        assertEquals("json-truncated 1:5", finding("\"abc"))
        assertEquals("json-truncated 2:1", finding("[\n"))
        assertEquals("json-truncated 1:4", finding("tru"))
        assertEquals("json-truncated 1:3", finding("1e"))
        assertEquals("json-truncated 1:6", finding("\"\\u12"))
    }

    @Test
    fun `bytes that are not UTF-8 are json-not-utf8 at the first of them`() {
        assertEquals("json-not-utf8 1:8", finding(bytes("[\"a\", \"", 0xFF, "\"]")))
        assertEquals("json-not-utf8 1:3", finding(bytes("\"\u00E9", 0xFF, "\"")))
        // An overlong form, an encoded surrogate (CESU-8), past U+10FFFF, a lead byte cut short.
        assertEquals("json-not-utf8 1:2", finding(bytes("\"", 0xC0, 0x80, "\"")))
        assertEquals("json-not-utf8 1:2", finding(bytes("\"", 0xED, 0xA0, 0x80, "\"")))
        assertEquals("json-not-utf8 1:2", finding(bytes("\"", 0xF4, 0x90, 0x80, 0x80, "\"")))
        assertEquals("json-not-utf8 2:2", finding(bytes("[\n\"", 0xC3)))
        // UTF-16 with its byte order mark, and bytes that are not UTF-8 outside a string.
        assertEquals("json-not-utf8 1:1", finding(bytes(0xFF, 0xFE, "[", 0, "]", 0)))
        assertEquals("json-not-utf8 1:2", finding(bytes("[", 0xFF)))
        // The first problem wins: a malformation before the bytes, the bytes before a malformation.
        assertEquals("json-malformed 1:1 ']'", finding(bytes("]", 0xFF)))
        assertEquals("json-not-utf8 1:3", finding(bytes("[\"", 0xFF, "\" x")))
    }

    @Test
    fun `a surrogate not in a pair in a String is json-not-utf8 at its place`() {
        val lone = assertThrowsFinding<JsonNotUtf8Exception> { readJson(utf8Of("[\"ab\uD800\"]")) }
        assertEquals(1 to 5, lone.line to lone.column)
        val low = assertThrowsFinding<JsonNotUtf8Exception> { readJson(utf8Of("{\n\"\uDC00\uD800\":1}")) }
        assertEquals(2 to 2, low.line to low.column)
        // A pair is one character; an earlier malformation still wins.
        assertEquals(1, readJson(utf8Of("[\"\uD83D\uDE00\"]")))
        assertThrowsFinding<JsonMalformedException> { readJson(utf8Of("[x, \"\uD800\"]")) }
    }

    @Test
    fun `a lone surrogate escape is refused at its backslash`() {
        assertEquals("json-lone-surrogate 1:3", finding("[\"\\ud800\"]"))
        assertEquals("json-lone-surrogate 1:4", finding("[\"a\\uDC00\\uD800\"]"))
        assertEquals("json-lone-surrogate 1:3", finding("[\"\\ud800\\u0041\"]"))
        assertEquals("json-lone-surrogate 1:15", finding("[\"\\ud83d\\ude00\\ud83d\"]"))
        assertEquals(null, finding("[\"\\ud83d\\ude00\"]"))
        // Only JSON text is refused: a malformation anywhere after it wins.
        assertEquals("json-malformed 1:12 'x'", finding("[\"\\ud800\"] x"))
    }

    @Test
    fun `a number past a double's range is refused at its first character`() {
        assertEquals("json-number-range 1:2", finding("[1e400]"))
        assertEquals("json-number-range 1:2", finding("[-1e309]"))
        assertEquals("json-number-range 1:1", finding("1" + "0".repeat(400)))
        assertEquals(null, finding("[1e-400, 1.7976931348623157e308, 0e999999999999, 123456789012345678901234567890]"))
        assertEquals("json-number-range 2:1", finding("[\n1.8e308]"))
    }

    @Test
    fun `a key written twice in one object is refused at the later key's quote`() {
        assertEquals("json-repeated-key 1:8", finding("{\"a\":1,\"a\":2}"))
        assertEquals("json-repeated-key 1:8", finding("{\"a\":1,\"\\u0061\":2}"))
        assertEquals("json-repeated-key 1:8", finding("{\"\u00E9\":1,\"\\u00e9\":2}"))
        // Nested objects have keys of their own; the outer object's run on after an inner one closes.
        assertEquals(null, finding("{\"a\":{\"a\":1},\"b\":{\"a\":2}}"))
        assertEquals("json-repeated-key 1:20", finding("{\"a\":{\"b\":1,\"c\":2},\"a\":3}"))
        // Many keys, the repeat among the last.
        val many = (0 until 40).joinToString(",", "{", ",\"k7\":0}") { "\"k$it\":$it" }
        assertEquals("json-repeated-key 1:${many.lastIndexOf("\"k7\"") + 1}", finding(many))
        // The first refusal in text order: a repeated key before a number past the range, a lone surrogate before both.
        assertEquals("json-repeated-key 1:8", finding("{\"a\":1,\"a\":1e400}"))
        assertEquals("json-lone-surrogate 1:3", finding("{\"\\ud800\":1,\"\\ud800\":2}"))
        assertEquals("json-truncated 1:12", finding("{\"a\":1,\"a\":"))
    }

    @Test
    fun `keys equal only after Unicode normalisation are two keys`() {
        // U+00E9, and e with U+0301 (combining acute), written raw and as escapes.
        assertEquals(null, finding("{\"\u00E9\":1,\"e\u0301\":2}"))
        assertEquals(null, finding("{\"\\u00e9\":1,\"e\\u0301\":2}"))
        val tree = jsonTreeOf("{\"\u00E9\":1,\"e\\u0301\":2}".toByteArray()).jsonObject
        assertEquals(listOf("\u00E9", "e\u0301"), tree.keys.toList())
    }

    @Test
    fun `any depth is read without recursion`() {
        val deep = 100_000
        assertEquals("json-truncated 1:${deep + 1}", finding("[".repeat(deep)))
        assertEquals("json-truncated 1:${10_000_000 + 1}", finding(ByteArray(10_000_000) { LBRACKET }))
        assertEquals(deep, readJson(("[".repeat(deep) + "]".repeat(deep)).toByteArray()))
        assertEquals(deep, readJson(("{\"a\":".repeat(deep) + "1" + "}".repeat(deep)).toByteArray()))
        // The validator's tree of a deep array, built and walked on a small stack.
        var value = onSmallStack { jsonTreeOf(("[".repeat(deep) + "7" + "]".repeat(deep)).toByteArray()) }
        repeat(deep) { value = value.jsonArray.single() }
        assertEquals(JsonPrimitive(7).toString(), value.toString())
    }

    @Test
    fun `the tree keeps order, exact numbers and decoded strings`() {
        val tree = jsonTreeOf(" {\"z\": [1.50, -0, 1E2, true, null], \"a\": \"\\\"\\u00e9\\ud83d\\ude00\\n\u00E9\", \"m\": {}} ".toByteArray())
        assertEquals(listOf("z", "a", "m"), (tree as JsonObject).keys.toList())
        assertEquals(listOf("1.50", "-0", "1E2", "true", "null"), (tree.getValue("z") as JsonArray).map { it.toString() })
        assertEquals("\"\u00E9\uD83D\uDE00\n\u00E9", (tree.getValue("a") as JsonPrimitive).content)
        assertEquals(JsonObject(emptyMap()), tree.getValue("m"))
    }

    @Test
    fun `the validator gives one json finding at the root with the catalogue's message`() {
        for ((bytes, entry) in listOf(
            bytes("[1,]") to FindingEntry.JSON_MALFORMED,
            bytes(0xEF, 0xBB, 0xBF) to FindingEntry.JSON_MALFORMED,
            ByteArray(0) to FindingEntry.JSON_TRUNCATED,
            bytes(0xFE, 0xFF, 0, "{", 0, "}") to FindingEntry.JSON_NOT_UTF8,
            bytes("{\"a\":1,\"a\":2}") to FindingEntry.JSON_REPEATED_KEY,
        )) {
            val findings = validateBytes(bytes)
            assertEquals(1, findings.size, findings.toString())
            val only = findings.single()
            assertEquals(listOf("json", "", null), listOf(only.rule, only.path, only.elementId))
            assertEquals(Severity.ERROR, only.severity)
            assertEquals(ValidateExit.FAILED, exitCodeOf(findings))
            assertTrue(only.message.startsWith(entry.message.substringBefore('{')), only.message)
        }
        // The catalogue's message with its slots filled: the character met, the line and the column.
        val slots = { line: Int, column: Int -> mapOf("line" to "$line", "column" to "$column") }
        assertEquals(messageOf(FindingEntry.JSON_MALFORMED, slots(1, 4) + ("found" to "']'")), validateBytes(bytes("[1,]")).single().message)
        assertEquals(messageOf(FindingEntry.JSON_TRUNCATED, slots(1, 1)), validateText("").single().message)
        assertEquals(messageOf(FindingEntry.JSON_REPEATED_KEY, slots(2, 1)), validateText("{\"a\":1,\n\"a\":2}").single().message)
        assertTrue(validateText("[1,]").single().message.contains("']'"))
    }

    private inline fun <reified E : JsonFindingException> assertThrowsFinding(block: () -> Unit): E {
        val failure = runCatching(block).exceptionOrNull()
        assertTrue(failure is E, "expected ${E::class.simpleName}, got $failure")
        return failure as E
    }

    /** Runs [work] on a thread with a 256 KiB stack, far less than 100,000 levels of recursion need. */
    private fun <T> onSmallStack(work: () -> T): T {
        var result: Result<T>? = null
        val thread = Thread(null, { result = runCatching(work) }, "small-stack", 256L * 1024)
        thread.start()
        thread.join()
        return result!!.getOrThrow()
    }
}
