// A provider over stdio for McpRoundTripTest: MCP's Java SDK server, whose tool returns a conformance vector's answer
// decoded into the Kotlin binding's Answer and returned by the README's answerResult (a vector that does not decode is the tool's error),
// stating the lenient answer schema as its outputSchema.
// Usage: java -cp CLASSPATH dev.elementmodel.mcp.ProviderKt VECTORS-FOLDER SCHEMA-FILE TOOL
package dev.elementmodel.mcp

import dev.elementmodel.Answer
import dev.elementmodel.decodeAnswer
import io.modelcontextprotocol.json.McpJsonDefaults
import io.modelcontextprotocol.server.McpServer
import io.modelcontextprotocol.server.transport.StdioServerTransportProvider
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
    val (vectors, schema, name) = args
    val mapper = McpJsonDefaults.getMapper()
    val tool = McpSchema.Tool.builder()
        .name(name)
        .inputSchema(mapper, """{"type":"object","properties":{"vector":{"type":"string"}},"required":["vector"]}""")
        .outputSchema(mapper, File(schema).readText())
        .build()
    McpServer.sync(StdioServerTransportProvider(mapper))
        .serverInfo("provider", "0.0.0")
        .capabilities(McpSchema.ServerCapabilities.builder().tools(true).build())
        .toolCall(tool) { _, request ->
            answerOf(File(vectors), request.arguments()["vector"].toString()).fold(
                // answerResult is the README's example (ReadmeMcp.kt, which scripts/kotlin-mcp-test.sh takes from it).
                onSuccess = { answer -> answerResult(mapper, answer) },
                onFailure = { e -> McpSchema.CallToolResult.builder().addTextContent(e.message ?: "does not decode").isError(true).build() },
            )
        }
        .build()
    // The transport reads stdin on threads of its own; the host ends this process when it closes.
    CountDownLatch(1).await()
}
