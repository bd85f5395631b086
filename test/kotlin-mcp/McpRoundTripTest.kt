package dev.elementmodel.mcp

import io.modelcontextprotocol.client.McpClient
import io.modelcontextprotocol.client.transport.ServerParameters
import io.modelcontextprotocol.client.transport.StdioClientTransport
import io.modelcontextprotocol.json.McpJsonDefaults
import io.modelcontextprotocol.spec.McpSchema
import java.io.File
import java.time.Duration
import kotlinx.serialization.json.Json
import kotlinx.serialization.json.JsonArray
import kotlinx.serialization.json.JsonNull
import kotlinx.serialization.json.JsonObject
import kotlinx.serialization.json.JsonPrimitive
import kotlinx.serialization.json.boolean
import kotlinx.serialization.json.jsonArray
import kotlinx.serialization.json.jsonObject
import kotlinx.serialization.json.jsonPrimitive
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNotEquals
import org.junit.jupiter.api.Assertions.assertNotNull
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

/**
 * Every conformance vector from a provider (MCP's Java SDK server, in a process of its own) over stdio to a host (MCP's
 * Java SDK client): a vector that decodes arrives, and the binding's `check` finds the vector's findings in it; one
 * that does not is the tool's error. The provider's result and the host's check are the package README's example.
 */
class McpRoundTripTest {
    private val vectors = File(System.getenv("ELEMENT_CONFORMANCE_DIR") ?: error("ELEMENT_CONFORMANCE_DIR is not set"), "vectors")
    private val tools = File(System.getenv("ELEMENT_TOOLS") ?: error("ELEMENT_TOOLS is not set"))
    private val tool = System.getenv("ELEMENT_TOOL") ?: error("ELEMENT_TOOL is not set")

    /** A finding as the vectors state it: without its message. */
    private fun stated(f: dev.elementmodel.Finding): JsonObject = JsonObject(
        mapOf(
            "requirement" to (f.requirement?.let(::JsonPrimitive) ?: JsonNull),
            "rule" to JsonPrimitive(f.rule),
            "severity" to JsonPrimitive(f.severity.name.lowercase()),
            "elementId" to (f.elementId?.let(::JsonPrimitive) ?: JsonNull),
            "path" to JsonPrimitive(f.path),
        ),
    )

    @Test
    fun `every vector gets the verdict it has on disk`() {
        val started = System.nanoTime()
        val mapper = McpJsonDefaults.getMapper()
        val java = File(System.getProperty("java.home"), "bin/java").path
        val params = ServerParameters.builder(java)
            .args("-cp", System.getProperty("java.class.path"), "dev.elementmodel.mcp.ProviderKt", vectors.path, tool)
            .build()
        val client = McpClient.sync(StdioClientTransport(params, mapper)).requestTimeout(Duration.ofSeconds(60)).build()
        val files = vectors.listFiles { f -> f.name.endsWith(".json") }.orEmpty().sortedBy { it.name }
        var refused = 0
        try {
            client.initialize()
            val listed = client.listTools().tools()
            assertEquals(listOf(tool), listed.map { it.name() })
            // The output schema tools.json publishes for the tool (apart from the package's compiled copy), as stated.
            val published = Json.parseToJsonElement(tools.readText()).jsonArray.map { it.jsonObject }.single { it["name"] == JsonPrimitive(tool) }["outputSchema"]
            assertEquals(published, Json.parseToJsonElement(mapper.writeValueAsString(listed.single().outputSchema())))
            for (file in files) {
                val name = file.name.removeSuffix(".json")
                val vector = Json.parseToJsonElement(file.readText()).jsonObject
                val result = client.callTool(McpSchema.CallToolRequest.builder(tool).arguments(mapOf("vector" to name)).build())
                // findingsIn is the README's example: the host's check of what arrived, null for a tool error.
                val findings = findingsIn(mapper, result)
                if (!vector.getValue("decodes").jsonPrimitive.boolean) {
                    assertEquals(true, result.isError(), name)
                    assertNull(findings, name)
                    refused++
                    continue
                }
                assertNotEquals(true, result.isError(), name)
                assertNotNull(findings, name)
                assertEquals(vector.getValue("findings").jsonArray, JsonArray(findings.orEmpty().map(::stated)), name)
            }
        } finally {
            client.closeGracefully()
        }
        assertTrue(refused in 1 until files.size)
        println("McpRoundTripTest: ${files.size} vectors over stdio in ${"%.2f".format((System.nanoTime() - started) / 1e9)} s")
    }
}
