import { readAlsoBy } from '../../model/examples.js';
import type { CanonicalModel } from '../../model/types.js';
import { plainText } from '../shared/text.js';
import { anyOfRefs, constOf } from './json-schema.js';
import { type NamedShapes, nestedShapesOf, sortedShapes } from './mcp-shapes.js';
import type { SpecData } from './spec-shape.js';

export type { SpecData } from './spec-shape.js';

type Schema = Record<string, unknown>;

/**
 * A property of a content kind that holds one of several object shapes (MCP's `anyOf` of definitions), each told
 * by a key only it requires: `members` in the schema's order, each with that key. A value holding the keys of two
 * members is neither, and the checker refuses it rather than have a decoder read one and drop the other.
 */
export type Alternatives = SpecData['contentKinds'][number]['alternatives'][number];

/** The Alternatives of one content kind's definition; a union whose members cannot be told by a key is left out. */
export function alternativesOf(def: Schema, definitions: Record<string, Schema>): Alternatives[] {
  const props = (def.properties ?? {}) as Record<string, Schema>;
  const out: Alternatives[] = [];
  for (const [property, prop] of Object.entries(props)) {
    const refs = Array.isArray(prop.anyOf)
      ? (prop.anyOf as Schema[]).map((m) => (typeof m.$ref === 'string' ? m.$ref.replace('#/$defs/', '') : null))
      : null;
    if (!refs || refs.length < 2 || refs.some((r) => r === null)) continue;
    const names = refs as string[];
    const declared = (name: string) => Object.keys((definitions[name]?.properties ?? {}) as Schema);
    const members = names.map((name) => {
      const required = (definitions[name]?.required ?? []) as string[];
      const key = required.find((k) => names.every((other) => other === name || !declared(other).includes(k)));
      return key === undefined ? null : { name, key };
    });
    if (members.every((m) => m !== null)) out.push({ property, members: members as { name: string; key: string }[] });
  }
  return out;
}

/** Every content kind's Alternatives, with the external type and definition it is in. */
export function contentAlternatives(
  model: CanonicalModel,
): { external: string; name: string; alternatives: Alternatives[] }[] {
  return model.external.flatMap((ext) =>
    ((ext.schema.anyOf ?? []) as { $ref?: string }[]).flatMap((member) => {
      const name = member.$ref?.replace('#/$defs/', '');
      const def = name ? ext.definitions[name] : undefined;
      const alternatives = def ? alternativesOf(def, ext.definitions) : [];
      return name && alternatives.length ? [{ external: ext.name, name, alternatives }] : [];
    }),
  );
}

/**
 * Property names and their JSON types for a content kind, for the runtime's structural check. A property that names
 * other definitions (a `$ref`, or an `anyOf` of them) has the one JSON type they all share, so `null` or a string
 * where MCP's schema wants an object is refused as it is for any other field; 'any' (no check) where they differ.
 */
export function jsonTypesOf(schema: Schema, definitions: Record<string, Schema>): Record<string, string> {
  const props = (schema.properties ?? {}) as Record<string, Schema>;
  const out: Record<string, string> = {};
  for (const [name, prop] of Object.entries(props)) out[name] = jsonTypeOf(prop, definitions, new Set());
  return out;
}

/** The JSON type a schema's values all have ('number' for 'integer'), or 'any'. */
function jsonTypeOf(prop: Schema, definitions: Record<string, Schema>, seen: Set<string>): string {
  const t = prop.type;
  if (typeof t === 'string') return t === 'integer' ? 'number' : t;
  if (typeof prop.$ref === 'string') {
    const name = prop.$ref.replace('#/$defs/', '');
    const def = definitions[name];
    if (def === undefined || seen.has(name)) return 'any';
    return jsonTypeOf(def, definitions, new Set([...seen, name]));
  }
  if (Array.isArray(prop.anyOf) && prop.anyOf.length > 0) {
    const types = new Set((prop.anyOf as Schema[]).map((m) => jsonTypeOf(m, definitions, seen)));
    const [only] = types;
    return types.size === 1 && only !== undefined ? only : 'any';
  }
  return 'any';
}

/** The deprecated names an answer can hold, in the model's order: fields, then roles (each with its aliases), then reserved attributes. */
function deprecatedInAnswers(model: CanonicalModel): SpecData['deprecated'] {
  const plain = (markdown: string | null) => (markdown === null ? null : plainText(markdown).replace(/`/g, ''));
  const roles = model.types.find((t) => t.kind === 'roles')?.name ?? '';
  const attributes = model.types.find((t) => t.kind === 'attributes')?.name ?? '';
  return [
    ...model.types.flatMap((t) =>
      t.kind === 'record'
        ? t.fields.flatMap((f) =>
            f.deprecated
              ? [
                  {
                    name: f.name,
                    from: t.name,
                    useInstead: plain(f.deprecated.useInstead),
                    version: f.deprecated.version,
                  },
                ]
              : [],
          )
        : [],
    ),
    ...model.roles.flatMap((r) => [
      ...(r.deprecated
        ? [{ name: r.name, from: roles, useInstead: plain(r.deprecated.useInstead), version: r.deprecated.version }]
        : []),
      ...(r.aliases ?? []).map((a) => ({ name: a.name, from: roles, useInstead: r.name, version: a.version })),
    ]),
    ...model.attributes.flatMap((a) =>
      a.deprecated
        ? [
            {
              name: a.name,
              from: attributes,
              useInstead: plain(a.deprecated.useInstead),
              version: a.deprecated.version,
            },
          ]
        : [],
    ),
  ];
}

/**
 * The property every member of an external union (MCP's content blocks) holds as a constant, which tells them apart
 * (`type`); the first external type's, or '' where the model has none.
 */
export function contentTagOf(model: CanonicalModel): string {
  for (const ext of model.external) {
    const members = anyOfRefs(ext.schema);
    const props = (name: string) => (ext.definitions[name]?.properties ?? {}) as Record<string, unknown>;
    const first = members?.[0];
    const tag =
      first === undefined
        ? undefined
        : Object.keys(props(first)).find((k) => members?.every((m) => constOf(props(m)[k]) !== null));
    if (tag !== undefined) return tag;
  }
  return '';
}

/** Every version a package reads, oldest first: the released ones the context gives, and the model's own last. */
export function versionsRead(model: CanonicalModel, versions: readonly CanonicalModel[]): readonly CanonicalModel[] {
  return versions.some((v) => v.protocolVersion === model.protocolVersion) ? versions : [...versions, model];
}

/** The rules of one version that the runtime applies: what `SpecData` holds, as plain data. */
export function specData(model: CanonicalModel): SpecData {
  const node = model.types.find((t) => t.name === model.tree.node);
  const stateNames = new Set(model.states.map((s) => s.field));
  const contentTag = contentTagOf(model);
  // Reading the kinds names the shapes they reach.
  const named: NamedShapes = {};
  const contentKinds: SpecData['contentKinds'] = model.external.flatMap((ext) =>
    (anyOfRefs(ext.schema) ?? []).flatMap((name) => {
      const def = ext.definitions[name];
      const type = constOf((def?.properties as Record<string, unknown> | undefined)?.[contentTag]);
      if (!def || type === null) return [];
      const nested = nestedShapesOf(def, ext.definitions, named).map(({ property, shape }) => ({
        name: property,
        shape,
      }));
      return [
        {
          type,
          name,
          required: (def.required ?? []) as string[],
          properties: jsonTypesOf(def, ext.definitions),
          alternatives: alternativesOf(def, ext.definitions),
          nested,
        },
      ];
    }),
  );
  const data: SpecData = {
    version: model.protocolVersion,
    readsAlso: readAlsoBy(model, model.protocolVersion),
    roles: model.roles.map((r) => r.name),
    roleRules: { root: model.roleRules.root, unknown: model.roleRules.unknown, fallback: model.roleRules.fallback },
    states: model.states.map((s) => ({
      name: s.field,
      default: (node?.kind === 'record' ? node.fields.find((f) => f.name === s.field)?.default : null) ?? {
        kind: 'value',
        value: false,
      },
      reachable: s.reachable,
      path: s.path,
    })),
    tree: model.tree,
    typeKinds: Object.fromEntries(model.types.map((t) => [t.name, t.kind])),
    enums: Object.fromEntries(
      model.types.flatMap((t) => (t.kind === 'enum' ? [[t.name, t.values.map((v) => v.value)]] : [])),
    ),
    records: Object.fromEntries(
      model.types.flatMap((t) =>
        t.kind === 'record'
          ? [[t.name, t.fields.map((f) => ({ name: f.name, required: f.required, type: f.type }))]]
          : [],
      ),
    ),
    reservedAttributes: model.attributes.map((a) => ({ name: a.name, type: a.type })),
    // The names an answer may still hold, each reported where it stands; a removed requirement or operation is none,
    // and an enum's removed value is reported by the enum's own list (`unknown-value`), not by name.
    removed: model.removed
      .filter((r) => r.kind !== 'value' && r.kind !== 'requirement' && r.kind !== 'operation')
      .map((r) => ({
        name: r.name,
        from: r.from,
        replacedBy: r.replacedBy === null ? null : plainText(r.replacedBy).replace(/`/g, ''),
        version: r.version,
        states: [...(r.replacedBy ?? '').matchAll(/`([^`]+)`/g)]
          .map((m) => m[1])
          .filter((n): n is string => n !== undefined && stateNames.has(n)),
      })),
    deprecated: deprecatedInAnswers(model),
    aliases: model.roles.flatMap((r) => (r.aliases ?? []).map((a) => ({ name: a.name, role: r.name }))),
    contentTag,
    contentKinds,
    shapes: sortedShapes(named),
    requirements: model.requirements.map((r) => ({
      id: r.id,
      requirement: plainText(r.requirement),
      check: plainText(r.check),
      checkable: r.checkable,
      rule: r.rule,
    })),
  };
  // That the data is what its one declaration says is held by test/emit/spec-shape.test.ts, not checked here: zod's first
  // parse compiles a validator, which costs a generate run more than all the printing.
  return data;
}
