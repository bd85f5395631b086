/**
 * What MCP's schema says inside a content block's nested objects (an `annotations` object's fields, an embedded
 * resource, a link's icons), as plain data every checker walks the same way, so that `check` refuses what both JSON
 * Schemas refuse there (spec/README.md, Null). Only the keywords MCP's content blocks use are read: a keyword this
 * does not know leaves its value unchecked (`any`), never guessed at.
 */
import type { NestedShape } from './spec-shape.js';

type Schema = Record<string, unknown>;

export type { NestedShape } from './spec-shape.js';

/** The named shapes nested shapes point to, by name: each object definition of MCP's once. */
export type NamedShapes = Record<string, NestedShape>;

const refName = (ref: unknown) => (typeof ref === 'string' ? ref.replace('#/$defs/', '') : null);

/** A bound as a message shows it: JavaScript's own text for a number (`0`, `0.5`), the same in every binding's data. */
const numberText = (n: number) => String(n);

/**
 * A pattern rewritten so that every binding's engine reads it as JavaScript's does: `\d` is `[0-9]` (Python's,
 * Swift's and Rust's `\d` also take other scripts' digits). Anything else it holds is left as written.
 */
export const portablePattern = (pattern: string) => pattern.replace(/\\d/g, '[0-9]');

function boundsText(minimum: number | undefined, maximum: number | undefined): string {
  if (minimum !== undefined && maximum !== undefined) return `from ${numberText(minimum)} to ${numberText(maximum)}`;
  if (minimum !== undefined) return `of at least ${numberText(minimum)}`;
  return `of at most ${numberText(maximum as number)}`;
}

/** The shape of one schema, following `$ref`s; `seen` stops a definition that holds itself. */
export function shapeOf(schema: Schema, definitions: Record<string, Schema>, named: NamedShapes): NestedShape {
  const ref = refName(schema.$ref);
  if (ref !== null) {
    const def = definitions[ref];
    if (def === undefined) return { type: 'any' };
    if (def.type !== 'object') return shapeOf(def, definitions, named);
    // Named before its properties are read, so a definition that holds itself ends at its name.
    if (!(ref in named)) {
      named[ref] = { type: 'object' };
      named[ref] = { ...shapeOf(def, definitions, named), name: ref };
    }
    return { type: 'object', ref };
  }
  const union = (Array.isArray(schema.anyOf) ? schema.anyOf : Array.isArray(schema.oneOf) ? schema.oneOf : null) as
    | Schema[]
    | null;
  if (union) return unionShape(union, definitions, named);
  switch (schema.type) {
    case 'string': {
      const shape: NestedShape = { type: 'string' };
      if (Array.isArray(schema.enum) && schema.enum.every((e) => typeof e === 'string'))
        shape.enum = schema.enum as string[];
      if (typeof schema.pattern === 'string') {
        shape.pattern = portablePattern(schema.pattern);
        shape.form = typeof schema.format === 'string' ? schema.format : 'pattern-matching';
      }
      return shape;
    }
    case 'number':
    case 'integer': {
      const shape: NestedShape = { type: 'number' };
      const minimum = typeof schema.minimum === 'number' ? schema.minimum : undefined;
      const maximum = typeof schema.maximum === 'number' ? schema.maximum : undefined;
      if (minimum !== undefined) shape.minimum = minimum;
      if (maximum !== undefined) shape.maximum = maximum;
      if (minimum !== undefined || maximum !== undefined) shape.bounds = boundsText(minimum, maximum);
      return shape;
    }
    case 'boolean':
      return { type: 'boolean' };
    case 'array':
      return schema.items && typeof schema.items === 'object'
        ? { type: 'array', items: shapeOf(schema.items as Schema, definitions, named) }
        : { type: 'array' };
    case 'object': {
      const props = (schema.properties ?? {}) as Record<string, Schema>;
      return {
        type: 'object',
        properties: Object.entries(props).map(([name, prop]) => ({ name, shape: shapeOf(prop, definitions, named) })),
        required: ((schema.required ?? []) as string[]).slice(),
      };
    }
    default:
      return { type: 'any' };
  }
}

/** Objects told apart by a key only each requires; any other union is left unchecked. */
function unionShape(union: Schema[], definitions: Record<string, Schema>, named: NamedShapes): NestedShape {
  const names = union.map((m) => refName(m.$ref));
  if (names.some((n) => n === null)) return { type: 'any' };
  const defs = (names as string[]).map((n) => definitions[n]);
  if (defs.some((d) => d === undefined || d.type !== 'object')) return { type: 'any' };
  const declared = (d: Schema) => Object.keys((d.properties ?? {}) as Schema);
  const members = (names as string[]).map((name, i) => {
    const def = defs[i] as Schema;
    const key = ((def.required ?? []) as string[]).find((k) =>
      defs.every((other, j) => j === i || !declared(other as Schema).includes(k)),
    );
    return key === undefined ? null : { name, key };
  });
  if (members.some((m) => m === null)) return { type: 'any' };
  for (const name of names as string[]) shapeOf({ $ref: `#/$defs/${name}` }, definitions, named);
  return { type: 'object', members: members as { name: string; key: string }[] };
}

/** Whether a shape asks anything of what is inside a value beyond its JSON type. */
export function hasInside(shape: NestedShape, named: NamedShapes): boolean {
  if (shape.ref !== undefined) return hasInside(named[shape.ref] ?? { type: 'any' }, named);
  return (
    shape.enum !== undefined ||
    shape.bounds !== undefined ||
    shape.pattern !== undefined ||
    (shape.items !== undefined && shape.items.type !== 'any') ||
    (shape.properties?.length ?? 0) > 0 ||
    (shape.required?.length ?? 0) > 0 ||
    shape.members !== undefined
  );
}

/**
 * The nested shapes of one content kind: each property whose value is an object or array that MCP's schema says
 * more about than its JSON type (its top-level JSON type is checked already, from `properties`).
 */
export function nestedShapesOf(
  def: Schema,
  definitions: Record<string, Schema>,
  named: NamedShapes,
): { property: string; shape: NestedShape }[] {
  const props = (def.properties ?? {}) as Record<string, Schema>;
  return Object.entries(props).flatMap(([property, prop]) => {
    const shape = shapeOf(prop, definitions, named);
    return (shape.type === 'object' || shape.type === 'array') && hasInside(shape, named) ? [{ property, shape }] : [];
  });
}

/** The named shapes a version's nested shapes reach, sorted by name, each with no reference left dangling. */
export function sortedShapes(named: NamedShapes): NamedShapes {
  return Object.fromEntries(
    Object.keys(named)
      .sort()
      .map((name) => [name, named[name] as NestedShape]),
  );
}
