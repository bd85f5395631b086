import type { ExternalType } from '../../model/types.js';
import { isSchema, refName, type Schema, stringEnum } from '../kit/json-schema.js';
import { kdoc, type OptionalSerializers, propertyName, strictType, stringLiteral, typeName, words } from './naming.js';

/**
 * Kotlin declarations for an external type given as JSON Schema (the MCP content blocks): the root's `anyOf`
 * becomes a sealed interface told apart by the property every member fixes with `const`; each definition it
 * reaches becomes a data class, an enum class, or a sealed interface chosen by the keys present.
 */

export interface KotlinProperty {
  doc: string;
  /** `@SerialName(...)` when the Kotlin name is not the JSON name, and any strict serializer; or ''. */
  annotations: string;
  name: string;
  type: string;
  /** ` = null` for an optional property, else ''. */
  initializer: string;
}

export interface KotlinDataClass {
  isData: true;
  doc: string;
  name: string;
  /** `@SerialName("text")` for a member of the discriminated root, else ''. */
  serialName: string;
  supertypes: string;
  properties: KotlinProperty[];
}

export interface KotlinEnum {
  isEnum: true;
  doc: string;
  name: string;
  entries: { serialName: string; name: string; last: boolean }[];
}

export interface KotlinKeyedUnion {
  isKeyedUnion: true;
  doc: string;
  name: string;
  serializerName: string;
  /** Each member with a Kotlin condition on `keys` that picks it. */
  members: { name: string; condition: string }[];
  failure: string;
}

export type KotlinDeclaration = KotlinDataClass | KotlinEnum | KotlinKeyedUnion;

export interface KotlinExternal {
  doc: string;
  name: string;
  discriminator: string;
  failure: string;
  members: string[];
  declarations: KotlinDeclaration[];
}

export function kotlinExternal(external: ExternalType, taken: ReadonlySet<string>, optionals?: OptionalSerializers): KotlinExternal {
  const defs = external.definitions;
  const used = new Set(taken);
  const names = new Map<string, string>();
  const declarations: KotlinDeclaration[] = [];
  const queue: string[] = [];
  const origin = `${external.package} ${external.packageVersion}${external.protocolVersion ? `, MCP protocol ${external.protocolVersion}` : ''}`;

  const claim = (wanted: string): string => {
    let name = wanted;
    if (used.has(name)) name = `${typeName(external.name)}${wanted}`;
    for (let i = 2; used.has(name); i++) name = `${wanted}${i}`;
    used.add(name);
    return name;
  };
  const nameOfDef = (def: string): string => {
    let name = names.get(def);
    if (name === undefined) {
      if (!(def in defs)) throw new Error(`${external.name}: $ref to missing definition ${def}`);
      name = claim(typeName(def));
      names.set(def, name);
      queue.push(def);
    }
    return name;
  };

  const rootName = claim(typeName(external.name));
  const rootMembers = Array.isArray(external.schema.anyOf) ? external.schema.anyOf : [];
  const memberDefs = rootMembers.map((m) => {
    const def = refName(m);
    if (def === null) throw new Error(`${external.name}: every member of the root anyOf must be a $ref`);
    return def;
  });
  // The discriminator: the one property every member fixes with a string const.
  const constsOf = (def: string): Map<string, string> => {
    const props = (defs[def]?.properties ?? {}) as Record<string, unknown>;
    const out = new Map<string, string>();
    for (const [key, prop] of Object.entries(props)) if (isSchema(prop) && typeof prop.const === 'string') out.set(key, prop.const);
    return out;
  };
  const candidates = [...constsOf(memberDefs[0] ?? '').keys()].filter((key) => memberDefs.every((d) => constsOf(d).has(key)));
  const discriminator = candidates[0];
  if (discriminator === undefined || memberDefs.length === 0) throw new Error(`${external.name}: no discriminating const property`);
  const discriminatorValue = new Map(memberDefs.map((d) => [d, constsOf(d).get(discriminator) ?? ''] as const));
  const members = memberDefs.map(nameOfDef);

  const typeOf = (schema: unknown, owner: string, property: string): string => {
    const ref = refName(schema);
    if (ref !== null) return nameOfDef(ref);
    if (!isSchema(schema)) return 'JsonElement';
    if (Array.isArray(schema.anyOf)) return unionOf(schema.anyOf, owner, property);
    const values = stringEnum(schema);
    if (values) {
      const name = claim(`${owner}${typeName(property)}`);
      declarations.push(enumOf(name, values, `The values of \`${owner}.${propertyName(property)}\`.`));
      return name;
    }
    switch (schema.type) {
      case 'string':
        return 'String';
      case 'number':
        return 'Double';
      case 'integer':
        return 'Long';
      case 'boolean':
        return 'Boolean';
      case 'array':
        return `List<${typeOf(schema.items, owner, property)}>`;
      case 'object':
        return 'JsonObject';
      default:
        return 'JsonElement';
    }
  };

  const unionOf = (options: unknown[], owner: string, property: string): string => {
    const defsOf = options.map(refName);
    if (defsOf.some((d) => d === null)) return 'JsonElement';
    const memberNames = (defsOf as string[]).map(nameOfDef);
    // Named after what the members share (TextResourceContents, BlobResourceContents -> ResourceContents).
    const split = memberNames.map(words);
    const shared: string[] = [];
    for (let i = 1; split.every((w) => w.length > i); i++) {
      const word = split[0]?.[split[0].length - i];
      if (word === undefined || !split.every((w) => w[w.length - i] === word)) break;
      shared.unshift(word);
    }
    const name = claim(shared.length > 0 ? typeName(shared.join(' ')) : `${owner}${typeName(property)}`);
    const requiredOf = (def: string): string[] => (Array.isArray(defs[def]?.required) ? (defs[def]?.required as string[]) : []);
    const unionMembers = (defsOf as string[]).map((def, i) => {
      const own = requiredOf(def).filter((key) => !(defsOf as string[]).some((other) => other !== def && requiredOf(other).includes(key)));
      if (own.length === 0) throw new Error(`${external.name}: ${def} has no required key of its own to be told apart by`);
      return { name: memberNames[i] ?? def, condition: own.map((key) => `${stringLiteral(key)} in keys`).join(' && ') };
    });
    declarations.push({
      isKeyedUnion: true,
      doc: kdoc([`One of ${memberNames.map((n) => `[${n}]`).join(', ')}, told apart by the keys present (${origin}).`]),
      name,
      serializerName: `${name}Serializer`,
      members: unionMembers,
      failure: stringLiteral(`Not a ${name}: none of ${memberNames.join(', ')}`),
    });
    for (const member of memberNames) supertypesOf.set(member, [...(supertypesOf.get(member) ?? []), name]);
    optionals?.own(name, `${name}Serializer`);
    return name;
  };

  const enumOf = (name: string, values: string[], doc: string): KotlinEnum => ({
    isEnum: true,
    doc: kdoc([doc]),
    name,
    entries: values.map((v, i) => ({ serialName: stringLiteral(v), name: typeName(v), last: i === values.length - 1 })),
  });

  const supertypesOf = new Map<string, string[]>();
  const classes = new Map<string, KotlinDataClass>();
  while (queue.length > 0) {
    const def = queue.shift() as string;
    const schema = defs[def] ?? {};
    const name = names.get(def) ?? typeName(def);
    const values = stringEnum(schema);
    if (values) {
      declarations.push(enumOf(name, values, `\`${def}\` from ${origin}.`));
      continue;
    }
    const props = (isSchema(schema.properties) ? schema.properties : {}) as Record<string, unknown>;
    const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
    const isMember = discriminatorValue.has(def);
    const keys = [...required.filter((k) => k in props), ...Object.keys(props).filter((k) => !required.includes(k))];
    const properties: KotlinProperty[] = [];
    for (const key of keys) {
      if (isMember && key === discriminator) continue;
      const kotlinName = propertyName(key);
      const bare = kotlinName.replace(/`/g, '');
      const raw = typeOf(props[key], name, key);
      const optional = !required.includes(key);
      // An optional property refuses an explicit null (OptionalFields.kt); its serializer is strict itself.
      const refusing = optional ? (optionals?.annotation(raw) ?? null) : null;
      const strict = refusing ? { annotation: refusing, type: raw } : strictType(raw);
      const type = strict.type;
      properties.push({
        doc: kdoc([`\`${key}\`${optional ? ', optional' : ''}.`], '    '),
        annotations: (bare === key ? '' : `@SerialName(${stringLiteral(key)}) `) + (strict.annotation ? `${strict.annotation.trim()}\n    ` : ''),
        name: kotlinName,
        type: optional ? `${type}?` : type,
        initializer: optional ? ' = null' : '',
      });
    }
    const discriminatorDoc = isMember ? `; a [${rootName}] whose \`${discriminator}\` is \`${discriminatorValue.get(def)}\`` : '';
    const cls: KotlinDataClass = {
      isData: true,
      doc: kdoc([`\`${def}\` from ${origin}${discriminatorDoc}.`]),
      name,
      serialName: isMember ? `@SerialName(${stringLiteral(discriminatorValue.get(def) ?? '')})\n` : '',
      supertypes: '',
      properties,
    };
    classes.set(name, cls);
    declarations.push(cls);
  }
  for (const [name, cls] of classes) {
    const supers = [...(members.includes(name) ? [rootName] : []), ...(supertypesOf.get(name) ?? [])];
    cls.supertypes = supers.length > 0 ? ` : ${supers.join(', ')}` : '';
  }

  return {
    doc: kdoc([
      `${external.name}: ${members.map((m) => `[${m}]`).join(', ')}, told apart by \`${discriminator}\`. From ${origin}; a block whose \`${discriminator}\` is none of these does not decode.`,
    ]),
    name: rootName,
    discriminator: stringLiteral(discriminator),
    failure: stringLiteral(`Not a ${rootName}`),
    members,
    declarations,
  };
}
