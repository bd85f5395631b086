import type { FindingId, NestedShape } from '../model.js';

type Key = string | number;
type Slots = Record<string, string | readonly string[]>;

/** How the walk says a finding: the catalogue's id, its slots, and the keys below the content block's property. */
export type SayNested = (id: FindingId, slots: Slots, keys: readonly Key[]) => void;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const jsonType = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);
const hasOwn = (o: object, k: string) => Object.prototype.hasOwnProperty.call(o, k);

/** Each pattern compiled once; MCP's patterns are few and fixed per version. */
const compiled = new Map<string, RegExp>();
function matches(pattern: string, text: string): boolean {
  let re = compiled.get(pattern);
  if (re === undefined) {
    re = new RegExp(pattern, 'u');
    compiled.set(pattern, re);
  }
  return re.test(text);
}

/**
 * Checks what MCP's schema says inside one property of a content block (its `annotations`, its `resource`, its
 * `icons`), whose own JSON type the caller has checked: enums, bounds, patterns, required fields and which of
 * several objects it is, as both JSON Schemas do. Unknown keys are MCP's to allow. The shapes are not recursive
 * beyond MCP's few levels, and a value deeper than its shape says is not looked into, so this needs no stack.
 */
export function checkNested(value: unknown, shape: NestedShape, property: string, shapes: Readonly<Record<string, NestedShape>>, say: SayNested): void {
  const keys: Key[] = [];
  const walk = (v: unknown, s: NestedShape, name: string, top: boolean): void => {
    const own = s.ref === undefined ? s : shapes[s.ref];
    if (own === undefined || own.type === 'any') return;
    if (!top && jsonType(v) !== own.type) return say('wrong-content-property-type', { expected: own.type, property: name, found: jsonType(v) }, keys);
    if (typeof v === 'string') {
      if (own.enum !== undefined && !own.enum.includes(v)) say('not-one-of', { allowed: own.enum, property: name }, keys);
      else if (own.pattern !== undefined && !matches(own.pattern, v)) say('wrong-form', { form: own.form ?? 'pattern-matching', property: name }, keys);
    } else if (typeof v === 'number') {
      if ((own.minimum !== undefined && v < own.minimum) || (own.maximum !== undefined && v > own.maximum)) say('out-of-range', { bounds: own.bounds ?? '', property: name }, keys);
    } else if (Array.isArray(v)) {
      if (own.items === undefined) return;
      for (let i = 0; i < v.length; i++) {
        keys.push(i);
        walk(v[i], own.items, name, false);
        keys.pop();
      }
    } else if (isObject(v)) {
      if (own.members !== undefined) {
        const present = own.members.filter((m) => hasOwn(v, m.key));
        // Several keys are the content block's Alternatives finding already; none is this one.
        if (present.length === 0) say('no-alternative', { property: name, keys: own.members.map((m) => m.key), members: own.members.map((m) => m.name) }, keys);
        else if (present.length === 1) walk(v, { type: 'object', ref: (present[0] as { name: string }).name }, name, true);
        return;
      }
      for (const p of own.properties ?? []) {
        if (!hasOwn(v, p.name)) continue;
        keys.push(p.name);
        walk(v[p.name], p.shape, p.name, false);
        keys.pop();
      }
      for (const field of own.required ?? []) if (!hasOwn(v, field)) say('missing-field', { record: own.name ?? name, field }, keys);
    }
  };
  walk(value, shape, property, true);
}
