import kotlinx.serialization.DeserializationStrategy
import kotlinx.serialization.ExperimentalSerializationApi
import kotlinx.serialization.KSerializer
import kotlinx.serialization.SerializationException
import kotlinx.serialization.builtins.MapSerializer
import kotlinx.serialization.builtins.serializer
import kotlinx.serialization.descriptors.SerialDescriptor
import kotlinx.serialization.encoding.CompositeDecoder
import kotlinx.serialization.encoding.Decoder
import kotlinx.serialization.encoding.Encoder
import kotlinx.serialization.json.JsonDecoder
import kotlinx.serialization.json.JsonElement
import kotlinx.serialization.json.JsonEncoder
import kotlinx.serialization.json.JsonObject
import kotlinx.serialization.modules.SerializersModule

// How a record keeps the keys it does not define: the serializer every record of the model is read and written with.

/** A record's unknown fields when it has none. */
internal val NO_UNKNOWN_FIELDS: JsonObject = JsonObject(emptyMap())

/**
 * Reads a record with [inner], the serializer the plugin made for it, and keeps every key [inner] does not know in
 * the record's `unknownFields`; writes the record, then those keys, so a receiver that re-emits an answer loses
 * nothing. A key the record defines is written from its property alone. JSON only.
 *
 * The record is read as it streams by: [inner] decodes its own fields, and only the values of unknown keys are read
 * into [JsonElement]s (see [UnknownFieldsDecoder]).
 */
@OptIn(ExperimentalSerializationApi::class)
internal open class UnknownFieldsKeeper<T : Any>(
    private val inner: KSerializer<T>,
    private val unknownOf: (T) -> JsonObject,
    private val withUnknown: (T, JsonObject) -> T,
) : KSerializer<T> {
    override val descriptor: SerialDescriptor get() = inner.descriptor

    private val known: Set<String> by lazy {
        (0 until inner.descriptor.elementsCount).map { inner.descriptor.getElementName(it) }.toSet()
    }

    override fun deserialize(decoder: Decoder): T {
        val input = decoder as? JsonDecoder
            ?: throw SerializationException("${descriptor.serialName} is read from JSON only")
        val reader = UnknownFieldsDecoder(input)
        val value = inner.deserialize(reader)
        val unknown = reader.unknown
        return if (unknown == null) value else withUnknown(value, JsonObject(unknown))
    }

    override fun serialize(encoder: Encoder, value: T) {
        val unknown = unknownOf(value).filterKeys { it !in known }
        if (unknown.isEmpty()) return encoder.encodeSerializableValue(inner, value)
        val output = encoder as? JsonEncoder
            ?: throw SerializationException("${descriptor.serialName} is written as JSON only")
        val fields = (output.json.encodeToJsonElement(inner, value) as? JsonObject).orEmpty()
        output.encodeJsonElement(JsonObject(fields + unknown))
    }
}

/** An object read as the map it is, so that every key is seen, the ones a record does not define too. */
private val JSON_OBJECT_ENTRIES: SerialDescriptor = MapSerializer(String.serializer(), JsonElement.serializer()).descriptor

/**
 * Hands a record's serializer the object [decoder] holds, read as a map ([JSON_OBJECT_ENTRIES]): a key the record
 * defines is given to the serializer at its index, and its value decoded by the serializer's own code; any other key
 * is read, with its value as a [JsonElement], into [unknown], in the order sent.
 */
@OptIn(ExperimentalSerializationApi::class)
private class UnknownFieldsDecoder(private val decoder: JsonDecoder) : Decoder by decoder {
    /** The keys the record did not define, or null when there were none. */
    var unknown: MutableMap<String, JsonElement>? = null
        private set

    override fun beginStructure(descriptor: SerialDescriptor): CompositeDecoder =
        Fields(decoder.beginStructure(JSON_OBJECT_ENTRIES), descriptor)

    private inner class Fields(private val entries: CompositeDecoder, private val record: SerialDescriptor) : CompositeDecoder {
        /** The map index of the value the record's serializer reads next. */
        private var value = -1

        override val serializersModule: SerializersModule get() = entries.serializersModule

        override fun decodeElementIndex(descriptor: SerialDescriptor): Int {
            while (true) {
                val keyIndex = entries.decodeElementIndex(JSON_OBJECT_ENTRIES)
                if (keyIndex == CompositeDecoder.DECODE_DONE) return keyIndex
                val key = entries.decodeSerializableElement(JSON_OBJECT_ENTRIES, keyIndex, String.serializer())
                value = entries.decodeElementIndex(JSON_OBJECT_ENTRIES)
                val index = record.getElementIndex(key)
                if (index != CompositeDecoder.UNKNOWN_NAME) return index
                val kept = unknown ?: LinkedHashMap<String, JsonElement>().also { unknown = it }
                kept[key] = entries.decodeSerializableElement(JSON_OBJECT_ENTRIES, value, JsonElement.serializer())
            }
        }

        override fun decodeBooleanElement(descriptor: SerialDescriptor, index: Int): Boolean =
            entries.decodeBooleanElement(JSON_OBJECT_ENTRIES, value)

        override fun decodeByteElement(descriptor: SerialDescriptor, index: Int): Byte =
            entries.decodeByteElement(JSON_OBJECT_ENTRIES, value)

        override fun decodeCharElement(descriptor: SerialDescriptor, index: Int): Char =
            entries.decodeCharElement(JSON_OBJECT_ENTRIES, value)

        override fun decodeShortElement(descriptor: SerialDescriptor, index: Int): Short =
            entries.decodeShortElement(JSON_OBJECT_ENTRIES, value)

        override fun decodeIntElement(descriptor: SerialDescriptor, index: Int): Int =
            entries.decodeIntElement(JSON_OBJECT_ENTRIES, value)

        override fun decodeLongElement(descriptor: SerialDescriptor, index: Int): Long =
            entries.decodeLongElement(JSON_OBJECT_ENTRIES, value)

        override fun decodeFloatElement(descriptor: SerialDescriptor, index: Int): Float =
            entries.decodeFloatElement(JSON_OBJECT_ENTRIES, value)

        override fun decodeDoubleElement(descriptor: SerialDescriptor, index: Int): Double =
            entries.decodeDoubleElement(JSON_OBJECT_ENTRIES, value)

        override fun decodeStringElement(descriptor: SerialDescriptor, index: Int): String =
            entries.decodeStringElement(JSON_OBJECT_ENTRIES, value)

        override fun decodeInlineElement(descriptor: SerialDescriptor, index: Int): Decoder =
            entries.decodeInlineElement(JSON_OBJECT_ENTRIES, value)

        override fun <T> decodeSerializableElement(
            descriptor: SerialDescriptor,
            index: Int,
            deserializer: DeserializationStrategy<T>,
            previousValue: T?,
        ): T = entries.decodeSerializableElement(JSON_OBJECT_ENTRIES, value, deserializer, previousValue)

        override fun <T : Any> decodeNullableSerializableElement(
            descriptor: SerialDescriptor,
            index: Int,
            deserializer: DeserializationStrategy<T?>,
            previousValue: T?,
        ): T? = entries.decodeNullableSerializableElement(JSON_OBJECT_ENTRIES, value, deserializer, previousValue)

        override fun endStructure(descriptor: SerialDescriptor) = entries.endStructure(JSON_OBJECT_ENTRIES)
    }
}
