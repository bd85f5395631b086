import type { DeprecationView, FieldDecl, RecordDecl, TypeView, UnionDecl } from '../kit/decl-types.js';
import { distinct, type Names, words } from '../kit/naming.js';
import { type KDoc, kdoc, type OptionalSerializers, STRICT_SERIALIZERS, stringLiteral } from './naming.js';

/**
 * The kit's declarations as Kotlin prints them (templates/kotlin/_property.hbs, external.kt.hbs): records become
 * data classes with kotlinx.serialization annotations, the content union a sealed interface told apart by its
 * tag, a string set an enum class, and an untagged union a sealed interface whose serializer picks the member by
 * the keys only it requires.
 */

export interface PropertyView {
  doc: KDoc;
  name: string;
  /** `@SerialName`'s argument where the Kotlin name is not the JSON key, else null. */
  serialName: string | null;
  /** The serializer object the property is read with (strict primitives, optional fields that refuse null), or null. */
  serializer: string | null;
  /** The type without `?`. */
  type: string;
  required: boolean;
  /** `@Deprecated`'s arguments when an RFC deprecated the field, else null. */
  deprecated: string | null;
}

export interface DataClassView {
  isData: true;
  doc: KDoc;
  name: string;
  /** `@SerialName`'s argument for a member of the tagged content union, else null. */
  serialName: string | null;
  supertypes: string[];
  properties: PropertyView[];
}

export interface EnumView {
  isEnum: true;
  doc: KDoc;
  name: string;
  entries: { serialName: string; name: string }[];
}

export interface KeyedUnionView {
  isKeyedUnion: true;
  doc: KDoc;
  name: string;
  serializerName: string;
  /** Each member with the keys only it requires, which pick it. */
  members: { name: string; keys: string[] }[];
  failure: string;
  /** The message when a value holds the keys of several members. */
  ambiguous: string;
}

export type DeclView = DataClassView | EnumView | KeyedUnionView;

/** Names the declarations of one file, and prints kit types in Kotlin. */
export class KotlinDecls {
  /** Declarations made on the way (enum classes and keyed unions for inline types), before the class that needs them. */
  private pending: DeclView[] = [];
  private readonly supertypes = new Map<string, string[]>();
  private readonly taken: Set<string>;

  constructor(
    private readonly names: Names,
    private readonly optionals: OptionalSerializers,
    /** The records the external types reach, by Kotlin name, to tell an untagged union's members apart. */
    private readonly records: ReadonlyMap<string, RecordDecl>,
    taken: Iterable<string>,
    private readonly origin: string,
    private readonly report: (message: string) => void,
  ) {
    this.taken = new Set(taken);
  }

  /** A name for a declaration made here, clear of those taken. */
  private claim(wanted: string): string {
    let name = wanted;
    for (let n = 2; this.taken.has(name); n++) name = `${wanted}${n}`;
    this.taken.add(name);
    return name;
  }

  /** The Kotlin type; `strict` annotates list items of a JSON primitive, which a required property reads strictly. */
  type(t: TypeView, owner: string, key: string, strict = false): string {
    switch (t.kind) {
      case 'string':
        return 'String';
      case 'boolean':
        return 'Boolean';
      case 'number':
        return 'Double';
      case 'integer':
        return 'Long';
      case 'json':
        return 'JsonElement';
      case 'jsonObject':
        return 'JsonObject';
      case 'array': {
        const items = this.type(t.items, owner, key);
        const serializer = strict ? STRICT_SERIALIZERS[items] : undefined;
        return `List<${serializer ? `@Serializable(with = ${serializer}::class) ${items}` : items}>`;
      }
      case 'ref':
        return t.name;
      case 'literal': {
        const name = this.claim(`${owner}${this.names.type(key)}`);
        this.pending.push(this.enumOf(name, t.values, [`The values of \`${owner}.${this.names.member(key)}\`.`]));
        return name;
      }
      case 'union':
        return this.keyedUnion(
          t.members.map((m) => this.type(m, owner, key)),
          owner,
          key,
        );
    }
  }

  enumOf(name: string, values: string[], doc: string[]): EnumView {
    const entries = distinct(values.map((v) => this.names.enumCase(v)));
    return {
      isEnum: true,
      doc: kdoc(doc),
      name,
      entries: values.map((v, i) => ({ serialName: stringLiteral(v), name: entries[i] as string })),
    };
  }

  /** An untagged union, named after what its members' names share (TextResourceContents, BlobResourceContents -> ResourceContents). */
  private keyedUnion(members: string[], owner: string, key: string): string {
    const split = members.map((m) => words(m));
    const shared: string[] = [];
    for (let i = 1; split.every((w) => w.length > i); i++) {
      const word = split[0]?.[split[0].length - i];
      if (word === undefined || !split.every((w) => w[w.length - i] === word)) break;
      shared.unshift(word);
    }
    const name = this.claim(shared.length > 0 ? this.names.type(shared.join(' ')) : `${owner}${this.names.type(key)}`);
    const requiredOf = (member: string) =>
      this.records
        .get(member)
        ?.fields.filter((f) => f.required)
        .map((f) => f.key) ?? [];
    const views = members.map((member) => {
      const keys = requiredOf(member).filter(
        (k) => !members.some((other) => other !== member && requiredOf(other).includes(k)),
      );
      if (keys.length === 0)
        this.report(`${member} has no required key of its own to be told apart by in ${name}; it never decodes`);
      return { name: member, keys: keys.map(stringLiteral) };
    });
    this.pending.push({
      isKeyedUnion: true,
      doc: kdoc([
        `One of ${members.map((n) => `[${n}]`).join(', ')}, told apart by the keys present (${this.origin}).`,
      ]),
      name,
      serializerName: `${name}Serializer`,
      members: views.filter((m) => m.keys.length > 0),
      failure: stringLiteral(`Not a ${name}: none of ${members.join(', ')}`),
      ambiguous: stringLiteral(`Not a ${name}: holds the keys of more than one of ${members.join(', ')}`),
    });
    for (const member of members) this.supertypes.set(member, [...(this.supertypes.get(member) ?? []), name]);
    this.optionals.own(name, `${name}Serializer`);
    return name;
  }

  /** A property; an optional one refuses an explicit null (OptionalFields.kt), a required primitive reads strictly. */
  property(f: FieldDecl, owner: string, doc: string): PropertyView {
    const type = this.type(f.type, owner, f.key, f.required);
    return {
      doc: kdoc([doc], 4),
      name: f.name,
      serialName: f.name.replace(/`/g, '') === f.key ? null : stringLiteral(f.key),
      serializer: f.required ? (STRICT_SERIALIZERS[type] ?? null) : this.optionals.serializerFor(type),
      type,
      required: f.required,
      deprecated: f.deprecated ? deprecatedArguments(f.deprecated) : null,
    };
  }

  /** A data class and the declarations its properties made, those first; the tag of a content union's member is left out. */
  dataClass(
    d: RecordDecl,
    doc: string[],
    tag: { key: string; value: string } | null,
    propertyDoc: (f: FieldDecl) => string,
  ): DeclView[] {
    const properties = d.fields
      .filter((f) => !(tag && f.key === tag.key))
      .map((f) => this.property(f, d.name, propertyDoc(f)));
    const made = this.pending;
    this.pending = [];
    const cls: DataClassView = {
      isData: true,
      doc: kdoc(doc),
      name: d.name,
      serialName: tag ? stringLiteral(tag.value) : null,
      supertypes: [],
      properties,
    };
    return [...made, cls];
  }

  /** The supertypes each class gained, once every class is made: the content union for its members, any keyed union. */
  finish(decls: DeclView[], content: UnionDecl): void {
    for (const d of decls) {
      if (!('isData' in d)) continue;
      d.supertypes = [
        ...(content.members.some((m) => m.type === d.name) ? [content.name] : []),
        ...(this.supertypes.get(d.name) ?? []),
      ];
    }
  }
}

/** `@Deprecated`'s arguments: the message, and `ReplaceWith` naming the member to use instead when there is one. */
export function deprecatedArguments(d: DeprecationView, owner?: string): string {
  const replacement =
    d.replacement === null
      ? ''
      : `, ReplaceWith(${stringLiteral(owner ? `${owner}.${d.replacement}` : d.replacement)})`;
  return `${stringLiteral(d.message)}${replacement}`;
}

/**
 * A Kotlin file with `@file:Suppress("DEPRECATION")` before its other file annotations and its package line: the
 * package reads, writes and lists the deprecated members the spec keeps valid, and it builds with -Werror.
 */
export function suppressDeprecation(source: string): string {
  const lines = source.split('\n');
  const at = lines.findIndex((line) => line.startsWith('@file:') || line.startsWith('package '));
  if (at < 0) return source;
  lines.splice(at, 0, '@file:Suppress("DEPRECATION")', ...(lines[at]?.startsWith('package ') ? [''] : []));
  return lines.join('\n');
}
