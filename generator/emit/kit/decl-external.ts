import type { ExternalType } from '../../model/types.js';
import { docOf } from './decl-docs.js';
import type { Decl, DeclKind, FieldDecl, RecordDecl, TypeView, UnionDecl } from './decl-types.js';
import { anyOfRefs, constOf, isSchema, refName, type Schema, stringEnum } from './json-schema.js';
import { distinct, type Names } from './naming.js';
import { alternativesOf } from './spec-data.js';

/** The name of an external type's member for a block of another kind, clear of the model's types' names. */
const unknownName = (name: string, names: Names, taken: ReadonlySet<string>): string =>
  taken.has(name) ? unknownName(names.config.escapeType(name), names, taken) : name;

/** The definitions an external type's union reaches, each declared once, what it reaches declared before it. */
interface Reach {
  ext: ExternalType;
  names: Names;
  report: (m: string) => void;
  reached: string[];
  decls: Decl[];
}

/** The declarations of an external type (MCP's content blocks) from its JSON Schema: a tagged union and what it reaches. */
export function externalDecls(
  ext: ExternalType,
  meaning: string,
  names: Names,
  taken: ReadonlySet<string>,
  report: (m: string) => void,
): { root: UnionDecl; decls: Decl[] } | null {
  const defs = ext.definitions;
  const members = anyOfRefs(ext.schema);
  if (!members) {
    report(`${ext.name}: the root schema is not a union of definitions`);
    return null;
  }
  const props = (def: string): Schema => (isSchema(defs[def]?.properties) ? (defs[def]?.properties as Schema) : {});
  const discriminator = Object.keys(props(members[0] as string)).find((k) =>
    members.every((m) => constOf(props(m)[k]) !== null),
  );
  if (!discriminator) {
    report(`${ext.name}: its members share no constant property to tell them apart`);
    return null;
  }
  const r: Reach = { ext, names, report, reached: [], decls: [] };
  const root: UnionDecl = {
    kind: 'union',
    key: ext.name,
    name: names.type(ext.name),
    doc: docOf(meaning),
    discriminator: { key: discriminator, name: names.member(discriminator) },
    members: members.map((m) => ({
      tag: constOf(props(m)[discriminator]) as string,
      type: (reach(r, m) as { name: string }).name,
    })),
    unknown: {
      name: unknownName(names.type(`Unknown ${ext.name}`), names, taken),
      doc: `A block of a kind this version does not know, kept whole.`,
    },
  };
  return { root, decls: r.decls };
}

/** A definition as a type refers to it, declared (with what it reaches) the first time it is reached. */
function reach(r: Reach, def: string): TypeView {
  const { ext, names } = r;
  const schema = ext.definitions[def];
  if (!schema) {
    r.report(`${ext.name}: no definition ${def}`);
    return { kind: 'json' };
  }
  const values = stringEnum(schema);
  const kind: DeclKind = values ? 'alias' : 'record';
  if (!r.reached.includes(def)) {
    r.reached.push(def);
    r.decls.push(
      values
        ? {
            kind: 'alias',
            key: def,
            name: names.type(def),
            doc: docOf(schema.description as string),
            type: { kind: 'literal', values },
          }
        : recordOf(r, def, schema),
    );
  }
  return { kind: 'ref', name: names.type(def), declares: kind };
}

/** A property's schema as a type: a definition it refers to, a union of them, a literal, or a JSON type. */
function typeOf(r: Reach, schema: unknown): TypeView {
  if (!isSchema(schema)) return { kind: 'json' };
  const ref = refName(schema);
  if (ref) return reach(r, ref);
  const refs = anyOfRefs(schema);
  if (refs) return { kind: 'union', members: refs.map((m) => reach(r, m)) };
  const values = stringEnum(schema);
  if (values) return { kind: 'literal', values };
  switch (schema.type) {
    case 'string':
    case 'boolean':
    case 'number':
    case 'integer':
      return { kind: schema.type };
    case 'array':
      return { kind: 'array', items: typeOf(r, schema.items) };
    case 'object':
      return { kind: 'jsonObject' };
    default:
      return { kind: 'json' };
  }
}

/** An object definition as a record, with the fields that hold one of several records each by a key only it has. */
function recordOf(r: Reach, def: string, schema: Schema): RecordDecl {
  const { names } = r;
  const properties = isSchema(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
  // Required first, in the schema's order, then the rest: the order a reader meets what matters.
  const order = [...required, ...Object.keys(properties).filter((k) => !required.includes(k))];
  const memberNames = distinct(order.map((key) => names.member(key)));
  const fields = order.map((key, i): FieldDecl => {
    const prop = properties[key];
    const constant = constOf(prop);
    return {
      key,
      name: memberNames[i] as string,
      type: constant === null ? typeOf(r, prop) : { kind: 'literal', values: [constant] },
      required: required.includes(key),
      doc: isSchema(prop) ? docOf(prop.description as string) : '',
      default: null,
      constant,
    };
  });
  const exclusive = alternativesOf(schema, r.ext.definitions).flatMap((a) => {
    const field = fields.find((f) => f.key === a.property);
    return field
      ? [
          {
            key: a.property,
            name: field.name,
            keys: a.members.map((m) => m.key),
            members: a.members.map((m) => names.type(m.name)),
          },
        ]
      : [];
  });
  return {
    kind: 'record',
    key: def,
    name: names.type(def),
    doc: docOf(schema.description as string) || `MCP's ${def}.`,
    fields,
    source: null,
    exclusive,
  };
}
