import type { ExternalType } from '../../model/types.js';
import { type Decl, type PropertyInput, type ConstantInput, record, type UnionDecl } from './decls.js';
import { anyOfRefs, constOf, isSchema, refName, type Schema, stringEnum as stringEnumValues } from '../kit/json-schema.js';
import { docLines, escape, lowerCamel, Namer, stringLiteral, upperCamel } from './naming.js';

/**
 * Swift declarations from an external type's JSON Schema (the MCP content blocks): the root's `anyOf` becomes a
 * union told apart by the property every member holds a `const` for; each definition it reaches becomes a struct
 * (object) or a string enum (`enum`). Shapes the mapping does not know become `JSONValue`.
 */

export interface ExternalDecls {
  /** The root union first, then every definition it reaches, in name order. */
  decls: Decl[];
  rootName: string;
}

export function externalDecls(external: ExternalType, rootMeaning: string, reservedNames: ReadonlySet<string>): ExternalDecls {
  const definitions = external.definitions;
  const typeName = (def: string): string => {
    const name = upperCamel(def);
    if (reservedNames.has(name)) throw new Error(`${external.name}: the definition ${def} would be named ${name}, which is taken`);
    return name;
  };
  const reached = new Set<string>();
  const visit = (def: string): void => {
    if (reached.has(def)) return;
    if (!definitions[def]) throw new Error(`${external.name}: no definition ${def}`);
    reached.add(def);
    walk(definitions[def]);
  };
  const walk = (schema: unknown): void => {
    if (Array.isArray(schema)) schema.forEach(walk);
    else if (isSchema(schema)) {
      const ref = refName(schema);
      if (ref) visit(ref);
      else Object.values(schema).forEach(walk);
    }
  };

  const swiftType = (schema: unknown, owner: string, property: string, nested: Decl[]): string => {
    if (!isSchema(schema)) return 'JSONValue';
    const ref = refName(schema);
    if (ref) return typeName(ref);
    const refs = anyOfRefs(schema);
    if (refs) {
      const name = upperCamel(property);
      nested.push(untaggedUnion(name, refs));
      return `${owner}.${name}`;
    }
    const values = stringEnumValues(schema);
    if (values) {
      const name = upperCamel(property);
      nested.push({ kind: 'stringEnum', name, doc: [], cases: enumCases(values) });
      return `${owner}.${name}`;
    }
    switch (schema['type']) {
      case 'string': return 'String';
      case 'number': return 'Double';
      case 'integer': return 'Int';
      case 'boolean': return 'Bool';
      case 'array': return `[${swiftType(schema['items'], owner, property, nested)}]`;
      case 'object': return isSchema(schema['properties']) && Object.keys(schema['properties']).length > 0 ? 'JSONValue' : '[String: JSONValue]';
      default: return 'JSONValue';
    }
  };

  const enumCases = (values: string[]): { name: string; value: string }[] => {
    const namer = new Namer();
    return values.map((v) => ({ name: escape(namer.name(lowerCamel(v))), value: stringLiteral(v) }));
  };

  const untaggedUnion = (name: string, refs: string[]): UnionDecl => ({
    kind: 'union',
    name,
    doc: [],
    discriminator: null,
    cases: refs.map((r) => ({ name: escape(lowerCamel(r)), type: typeName(r), constant: null, doc: [] })),
  });

  const declFor = (def: string): Decl => {
    const schema = definitions[def] as Schema;
    const name = typeName(def);
    const values = stringEnumValues(schema);
    if (values) return { kind: 'stringEnum', name, doc: docLines(typeof schema['description'] === 'string' ? schema['description'] : null), cases: enumCases(values) };
    const properties = isSchema(schema['properties']) ? schema['properties'] : {};
    const required = new Set(Array.isArray(schema['required']) ? (schema['required'] as string[]) : []);
    const order = [...(Array.isArray(schema['required']) ? (schema['required'] as string[]) : []), ...Object.keys(properties).filter((k) => !required.has(k))];
    const nested: Decl[] = [];
    const props: PropertyInput[] = [];
    const constants: ConstantInput[] = [];
    for (const key of order) {
      const prop = properties[key];
      const constant = constOf(prop);
      if (constant !== null) constants.push({ key, value: constant, required: required.has(key) });
      else {
        const description = isSchema(prop) && typeof prop['description'] === 'string' ? prop['description'] : null;
        props.push({ key, type: swiftType(prop, name, key, nested), required: required.has(key), meaning: description });
      }
    }
    return record(name, typeof schema['description'] === 'string' ? schema['description'] : null, props, constants, nested);
  };

  const members = anyOfRefs(external.schema);
  if (!members) throw new Error(`${external.name}: the root schema is not a union of definitions`);
  members.forEach(visit);
  // The discriminator: the one property every member holds a constant for.
  const memberProps = members.map((m) => {
    const props = (definitions[m] as Schema)['properties'];
    return isSchema(props) ? props : {};
  });
  const discriminator = Object.keys(memberProps[0] ?? {}).find((key) => memberProps.every((p) => constOf(p[key]) !== null));
  if (!discriminator) throw new Error(`${external.name}: its members share no constant property to tell them apart`);
  const rootName = typeName(external.name);
  const root: UnionDecl = {
    kind: 'union',
    name: rootName,
    doc: docLines(rootMeaning),
    discriminator: {
      key: stringLiteral(discriminator),
      caseName: escape(lowerCamel(discriminator)),
      codingCase: lowerCamel(discriminator) === discriminator ? escape(discriminator) : `${escape(lowerCamel(discriminator))} = ${stringLiteral(discriminator)}`,
    },
    cases: members.map((m, i) => {
      const value = constOf(memberProps[i]?.[discriminator]) as string;
      return { name: escape(lowerCamel(value)), type: typeName(m), constant: `${lowerCamel(discriminator)}Value`, doc: [`/// A block whose \`${discriminator}\` is \`${value}\`.`] };
    }),
  };
  return { decls: [root, ...[...reached].sort().map(declFor)], rootName };
}
