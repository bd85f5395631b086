// A provider over stdio for McpRoundTripTest: MCP's Java SDK server, whose tool returns a conformance vector's answer
// decoded into the Kotlin binding's Answer and served by the README's serveAnswers (a vector that does not decode is the tool's error),
// stating the outputSchema of the package's own definition of the tool (TOOL_DEFINITIONS), as the README says.
// Usage: java -cp CLASSPATH dev.elementmodel.mcp.ProviderKt VECTORS-FOLDER TOOL
package dev.elementmodel.mcp

import dev.elementmodel.Answer
import dev.elementmodel.TOOL_DEFINITIONS
import dev.elementmodel.decodeAnswer
import io.modelcontextprotocol.json.McpJsonDefaults
import io.modelcontextprotocol.spec.McpSchema
import java.io.File
import java.util.concurrent.CountDownLatch
import kotlinx.serialization.json.Json
import kotlinx.serialization.json.jsonObject

/** The vector's answer, built with the binding's own types, or why it does not decode. */
fun answerOf(vectors: File, name: String): Result<Answer> = runCatching {
    val input = Json.parseToJsonElement(File(vectors, "$name.json").readText()).jsonObject["input"]
    decodeAnswer(input.toString())
}

fun main(args: Array<String>) {
    val (vectors, name) = args
    val schema = TOOL_DEFINITIONS.firstOrNull { it.name == name }?.outputSchema ?: error("the package defines no tool $name")
    val mapper = McpJsonDefaults.getMapper()
    // The builder that takes the name and input schema at once: the others are deprecated in the SDK's 2.x.
    val tool = McpSchema.Tool.builder(name, mapper, """{"type":"object","properties":{"vector":{"type":"string"}},"required":["vector"]}""")
        .outputSchema(mapper, schema)
        .build()
    // serveAnswers is the README's example (ReadmeMcp.kt, which test/bindings/kotlin/consumer.ts takes from it).
    serveAnswers(mapper, tool) { arguments -> answerOf(File(vectors), arguments["vector"].toString()) }
    // The transport reads stdin on threads of its own; the host ends this process when it closes.
    CountDownLatch(1).await()
}
