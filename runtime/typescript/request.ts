import { TOOL_DEFINITIONS, type Requests } from '../operations.js';

/**
 * A tool call's arguments that the tool's inputSchema refuses: a member the request does not define (at the top or
 * in a nested record), a missing required member, a role not in the language, a value not in its enum, a value of
 * the wrong JSON type. `pointer` is the JSON Pointer, within the arguments, of the value refused ('' for the whole).
 */
export class RequestError extends Error {
  readonly operation: string;
  readonly pointer: string;
  constructor(operation: string, pointer: string, reason: string) {
    super(`${operation}: ${pointer || '/'}: ${reason}`);
    this.name = 'RequestError';
    this.operation = operation;
    this.pointer = pointer;
  }
}

/**
 * A provider's reading of a tool call's arguments (MCP's `params.arguments`) as the request of `operation`: the
 * arguments are returned as its request type when the tool's inputSchema (`TOOL_DEFINITIONS`, tools.json) accepts
 * them, and a RequestError says where and why when it refuses them. The answer's types stay lenient; a request is
 * held to exactly what its tool declares. `format` is read as an annotation, as JSON Schema 2020-12 has it (the
 * schemas' one date-time carries a pattern that says as much). Arguments nested deeper than the stack reaches (a
 * tree thousands of levels deep) are refused too, rather than end the process's call with a RangeError.
 */
export function readRequest<K extends keyof Requests>(operation: K, args: unknown): Requests[K] {
  const tool = TOOL_DEFINITIONS.find((t) => t.name === operation);
  if (tool === undefined) throw new RequestError(String(operation), '', 'no operation has this name');
  const problem = refusalWithin(tool.inputSchema, args);
  if (problem !== null) throw new RequestError(String(operation), problem.pointer, problem.reason);
  return args as Requests[K];
}

type Schema = { readonly [keyword: string]: unknown };
type Refusal = { pointer: string; reason: string } | null;

function refusalWithin(schema: Schema, args: unknown): Refusal {
  try {
    return refusal(schema, args, schema, '');
  } catch (e) {
    if (e instanceof RangeError) return { pointer: '', reason: 'is nested too deeply to read' };
    throw e;
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const asSchema = (v: unknown): Schema => (isObject(v) ? v : {});
const escape = (key: string): string => key.replace(/~/g, '~0').replace(/\//g, '~1');

function jsonType(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  return typeof v === 'number' ? (Number.isInteger(v) ? 'integer' : 'number') : typeof v;
}

function sameJson(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => sameJson(x, b[i]));
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && sameJson(a[k], b[k]));
  }
  return a === b;
}

/** `#/$defs/Name` within the tool's own schema: the only references tools.json holds. */
function resolve(root: Schema, ref: string): Schema {
  const name = ref.startsWith('#/$defs/') ? ref.slice('#/$defs/'.length) : null;
  const target = name === null ? undefined : asSchema(root.$defs)[name];
  if (!isObject(target)) throw new Error(`The tool's schema has no definition ${ref}`);
  return target;
}

const typeMatches = (wanted: unknown, v: unknown): boolean => {
  const actual = jsonType(v);
  const one = (t: unknown) => t === actual || (t === 'number' && actual === 'integer');
  return Array.isArray(wanted) ? wanted.some(one) : one(wanted);
};

/** The first thing `schema` refuses in `v`, or null; the keywords tools.json's schemas use, applied as JSON Schema does. */
function refusal(schema: Schema, v: unknown, root: Schema, at: string): Refusal {
  const no = (reason: string): Refusal => ({ pointer: at, reason });
  if (typeof schema.$ref === 'string') {
    const r = refusal(resolve(root, schema.$ref), v, root, at);
    if (r !== null) return r;
  }
  if ('type' in schema && !typeMatches(schema.type, v)) return no(`expected ${String(schema.type)}, got ${jsonType(v)}`);
  if ('const' in schema && !sameJson(schema.const, v)) return no(`expected ${JSON.stringify(schema.const)}`);
  if (Array.isArray(schema.enum) && !schema.enum.some((e) => sameJson(e, v)))
    return no(`${JSON.stringify(v)} is not one of ${schema.enum.map((e) => JSON.stringify(e)).join(', ')}`);
  const local = valueRefusal(schema, v, at) ?? containerRefusal(schema, v, root, at);
  if (local !== null) return local;
  for (const part of Array.isArray(schema.allOf) ? schema.allOf : []) {
    const r = refusal(asSchema(part), v, root, at);
    if (r !== null) return r;
  }
  const passing = (list: unknown) =>
    (Array.isArray(list) ? list : []).filter((s) => refusal(asSchema(s), v, root, at) === null).length;
  if (Array.isArray(schema.anyOf) && passing(schema.anyOf) === 0) return no('matches none of the shapes it may have');
  if (Array.isArray(schema.oneOf) && passing(schema.oneOf) !== 1) return no('matches not exactly one of the shapes it may have');
  if (isObject(schema.not) && refusal(schema.not, v, root, at) === null) return no('is a value it may not be');
  return null;
}

/** A string's pattern and a number's bounds. */
function valueRefusal(schema: Schema, v: unknown, at: string): Refusal {
  if (typeof v === 'string' && typeof schema.pattern === 'string' && !new RegExp(schema.pattern, 'u').test(v))
    return { pointer: at, reason: `does not match ${schema.pattern}` };
  if (typeof v === 'number') {
    if (typeof schema.minimum === 'number' && v < schema.minimum) return { pointer: at, reason: `is below ${schema.minimum}` };
    if (typeof schema.maximum === 'number' && v > schema.maximum) return { pointer: at, reason: `is above ${schema.maximum}` };
  }
  return null;
}

/** An object's members (required, defined, named) and an array's items. */
function containerRefusal(schema: Schema, v: unknown, root: Schema, at: string): Refusal {
  if (Array.isArray(v) && 'items' in schema) {
    for (const [i, item] of v.entries()) {
      const r = refusal(asSchema(schema.items), item, root, `${at}/${i}`);
      if (r !== null) return r;
    }
  }
  if (!isObject(v)) return null;
  for (const key of Array.isArray(schema.required) ? schema.required : []) {
    if (typeof key === 'string' && !Object.hasOwn(v, key)) return { pointer: at, reason: `misses the required member "${key}"` };
  }
  const properties = asSchema(schema.properties);
  for (const [key, member] of Object.entries(v)) {
    const where = `${at}/${escape(key)}`;
    if (isObject(schema.propertyNames) && refusal(schema.propertyNames, key, root, where) !== null)
      return { pointer: where, reason: `"${key}" is a name it may not have` };
    const own = Object.hasOwn(properties, key) ? properties[key] : undefined;
    if (own === undefined && schema.additionalProperties === false)
      return { pointer: where, reason: `"${key}" is a member it does not define` };
    const s = own ?? schema.additionalProperties;
    if (isObject(s)) {
      const r = refusal(s, member, root, where);
      if (r !== null) return r;
    }
  }
  return null;
}
