import type { z } from 'zod';

/**
 * A data schema (./spec-shape.ts) as plain declarations a language prints: records, tagged unions and string enums,
 * each named, with fields whose types are strings, booleans, numbers, lists, string-keyed maps, optional values
 * and other declarations. Only what the spec data uses is read; anything else is an error in the kit itself.
 */

export type DataType =
  /** `values`: the strings an unnamed enum allows, for a language that says them in the type (TypeScript). */
  | { kind: 'string'; values?: string[] }
  | { kind: 'boolean' }
  | { kind: 'number' }
  /** A value that may be left out (`nullable`: said as null, else absent). */
  | { kind: 'optional'; of: DataType; nullable: boolean }
  | { kind: 'list'; of: DataType }
  /** String keys, in the data's order. */
  | { kind: 'map'; of: DataType }
  | { kind: 'named'; name: string };

export interface DataField {
  name: string;
  doc: string | null;
  type: DataType;
}

export interface UnionMember {
  name: string;
  doc: string;
  /** The tag field's value for this member. */
  tag: string;
  fields: DataField[];
}

export type Declaration =
  | { kind: 'record'; name: string; doc: string; fields: DataField[] }
  /** Members told apart by the field `tag` (which no member lists among its fields). */
  | { kind: 'union'; name: string; doc: string; tag: string; members: UnionMember[] }
  | { kind: 'enum'; name: string; doc: string; values: string[] };

interface Def {
  type: string;
  [key: string]: unknown;
}
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;
const metaOf = (schema: z.ZodType): { id?: string; description?: string } =>
  (schema.meta() ?? {}) as { id?: string; description?: string };

/** Every declaration a schema reaches, each once, the ones a declaration uses before it; and the root's type. */
export function declarationsOf(root: z.ZodType): { root: DataType; declarations: Declaration[] } {
  const declared = new Map<string, Declaration>();
  const order: Declaration[] = [];
  const inProgress = new Set<string>();

  const fieldsOf = (shape: Record<string, z.ZodType>, skip?: string): DataField[] =>
    Object.entries(shape).flatMap(([name, s]) => {
      if (name === skip) return [];
      // A named type's description is its own doc, not the field's.
      const meta = metaOf(s);
      return [{ name, doc: meta.id === undefined ? (meta.description ?? null) : null, type: typeOf(s) }];
    });

  function typeOf(schema: z.ZodType): DataType {
    const def = defOf(schema);
    const { id, description } = metaOf(schema);
    if (def.type === 'optional' || def.type === 'nullable')
      return { kind: 'optional', of: typeOf(def.innerType as z.ZodType), nullable: def.type === 'nullable' };
    if (def.type === 'lazy' && id === undefined) return typeOf((def.getter as () => z.ZodType)());
    if (
      id !== undefined &&
      (def.type === 'object' || def.type === 'union' || def.type === 'enum' || def.type === 'lazy')
    ) {
      if (!declared.has(id) && !inProgress.has(id)) {
        inProgress.add(id);
        const decl = declaration(schema, id, description ?? '');
        inProgress.delete(id);
        declared.set(id, decl);
        order.push(decl);
      }
      return { kind: 'named', name: id };
    }
    switch (def.type) {
      case 'string':
        return { kind: 'string' };
      case 'enum':
        // An unnamed enum is a string to most languages; the data holds only its values.
        return { kind: 'string', values: Object.values(def.entries as Record<string, string>) };
      case 'boolean':
        return { kind: 'boolean' };
      case 'number':
        return { kind: 'number' };
      case 'array':
        return { kind: 'list', of: typeOf(def.element as z.ZodType) };
      case 'record':
        return { kind: 'map', of: typeOf(def.valueType as z.ZodType) };
      default:
        throw new Error(`data-shape: a ${def.type} schema${id ? ` (${id})` : ''} is not one the languages print`);
    }
  }

  function declaration(schema: z.ZodType, name: string, doc: string): Declaration {
    let def = defOf(schema);
    if (def.type === 'lazy') def = defOf((def.getter as () => z.ZodType)());
    if (def.type === 'object')
      return { kind: 'record', name, doc, fields: fieldsOf(def.shape as Record<string, z.ZodType>) };
    if (def.type === 'enum')
      return { kind: 'enum', name, doc, values: Object.values(def.entries as Record<string, string>) };
    if (def.type === 'union' && typeof def.discriminator === 'string') {
      const tag = def.discriminator;
      const members = (def.options as z.ZodType[]).map((option) => {
        const shape = defOf(option).shape as Record<string, z.ZodType>;
        const tagSchema = shape[tag];
        const values = tagSchema ? (defOf(tagSchema).values as unknown[]) : [];
        const meta = metaOf(option);
        if (meta.id === undefined || typeof values[0] !== 'string')
          throw new Error(`data-shape: a member of ${name} needs a name and a string ${tag}`);
        return { name: meta.id, doc: meta.description ?? '', tag: values[0], fields: fieldsOf(shape, tag) };
      });
      return { kind: 'union', name, doc, tag, members };
    }
    throw new Error(`data-shape: ${name} is a ${def.type}, not a record, tagged union or enum`);
  }

  const rootType = typeOf(root);
  return { root: rootType, declarations: order };
}

/** The declaration a named type stands for. */
export function declarationNamed(declarations: readonly Declaration[], name: string): Declaration {
  const found = declarations.find((d) => d.name === name);
  if (!found) throw new Error(`data-shape: no declaration ${name}`);
  return found;
}
