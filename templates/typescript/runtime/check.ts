import {
  CONTENT_KINDS,
  RECORDS,
  REMOVED,
  REQUIREMENTS,
  RESERVED_ATTRIBUTES,
  ROLE_RULES,
  STATES,
  TREE,
  TYPE_KINDS,
  type TypeShape,
} from '../model.js';
import { isRole } from './roles.js';

export type Severity = 'error' | 'warning';

/** One problem found in an answer. `requirement` is null for problems of shape that no requirement names. */
export interface Finding {
  requirement: string | null;
  rule: string;
  severity: Severity;
  elementId: string | null;
  /** JSON Pointer to the offending value. */
  path: string;
  message: string;
}

export interface CheckOptions {
  /** Most elements to read before reporting `limit` and stopping. Default 1,000,000. */
  maxElements?: number;
  /** Deepest nesting of elements to read. Default 100,000. */
  maxDepth?: number;
}

/** Requirements by the checker rule that serves them, read from the spec. */
const REQUIREMENT_OF = new Map(REQUIREMENTS.filter((r) => r.rule !== null).map((r) => [r.rule as string, r.id]));
const STATE_NAMES: ReadonlySet<string> = new Set(STATES.map((s) => s.name));
const PATH_STATES = STATES.filter((s) => s.path).map((s) => s.name);
const REMOVED_BY_TYPE = new Map<string, Map<string, (typeof REMOVED)[number]>>();
for (const r of REMOVED) {
  const byName = REMOVED_BY_TYPE.get(r.from) ?? new Map();
  byName.set(r.name, r);
  REMOVED_BY_TYPE.set(r.from, byName);
}
const CONTENT_BY_TYPE = new Map(CONTENT_KINDS.map((k) => [k.type, k]));
const RESERVED = new Map(RESERVED_ATTRIBUTES.map((a) => [a.name, a]));
const FIELDS = new Map(Object.entries(RECORDS).map(([name, fields]) => [name, new Map(fields.map((f) => [f.name, f]))]));

const hasOwn = (o: object, k: string) => Object.prototype.hasOwnProperty.call(o, k);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const pointer = (base: string, key: string | number) => `${base}/${String(key).replace(/~/g, '~0').replace(/\//g, '~1')}`;
const jsonType = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);
const describe = (t: TypeShape): string => (t.kind === 'array' ? `${describe(t.items)}[]` : t.name);

interface Frame {
  value: unknown;
  path: string;
  depth: number;
  parentId: string | null;
  /** The parent's path-state values; null for the root. */
  parentPath: Record<string, boolean> | null;
}

/**
 * Checks an answer against the structure and every requirement the spec marks checkable. One pass over the
 * tree with an explicit stack, so depth and width are bounded only by the limits in `options`.
 */
export function check(answer: unknown, options: CheckOptions = {}): Finding[] {
  const maxElements = options.maxElements ?? 1_000_000;
  const maxDepth = options.maxDepth ?? 100_000;
  const findings: Finding[] = [];
  const report = (rule: string, severity: Severity, path: string, elementId: string | null, message: string, requirement?: string | null) => {
    const req = requirement === undefined ? (REQUIREMENT_OF.get(rule) ?? null) : requirement;
    if (requirement === undefined && REQUIREMENTS.length && !REQUIREMENT_OF.has(rule) && rule !== 'structure' && rule !== 'limit') return;
    findings.push({ requirement: req, rule, severity, elementId, path, message });
  };

  /** Checks a value against a type; records and arrays of non-tree types are checked in place (they are shallow). */
  const checkValue = (value: unknown, type: TypeShape, path: string, elementId: string | null): void => {
    if (type.kind === 'array') {
      if (!Array.isArray(value)) return report('structure', 'error', path, elementId, `Expected an array (${describe(type)}), found ${jsonType(value)}`);
      value.forEach((item, i) => checkValue(item, type.items, pointer(path, i), elementId));
      return;
    }
    if (type.kind === 'primitive') {
      if (typeof value !== type.name) report('structure', 'error', path, elementId, `Expected a ${type.name}, found ${jsonType(value)}`);
      return;
    }
    const kind = TYPE_KINDS[type.name];
    if (kind === 'roles') {
      if (typeof value !== 'string') report('structure', 'error', path, elementId, `Expected a role string, found ${jsonType(value)}`);
      else if (!isRole(value)) report('role-language', 'warning', path, elementId, `Unknown role "${value}"; a receiver reads it as ${ROLE_RULES.unknown}`);
    } else if (kind === 'external') {
      checkContent(value, path, elementId);
    } else if (kind === 'attributes') {
      checkAttributes(value, path, elementId);
    } else if (kind === 'record') {
      checkRecord(value, type.name, path, elementId);
    }
  };

  const checkRecord = (value: unknown, typeName: string, path: string, elementId: string | null): Record<string, unknown> | null => {
    if (!isObject(value)) {
      report('structure', 'error', path, elementId, `Expected an object (${typeName}), found ${jsonType(value)}`);
      return null;
    }
    const fields = FIELDS.get(typeName) ?? new Map();
    for (const field of fields.values()) {
      if (field.required && !hasOwn(value, field.name)) {
        report('structure', 'error', path, elementId, `${typeName} is missing its required field "${field.name}"`);
      }
    }
    const removed = REMOVED_BY_TYPE.get(typeName);
    for (const key of Object.keys(value)) {
      const field = fields.get(key);
      const at = pointer(path, key);
      if (field) {
        // The tree itself is walked by the caller, not here.
        if (typeName === TREE.node && key === TREE.children) continue;
        if (typeName === TREE.answer && key === TREE.root) continue;
        checkValue(value[key], field.type, at, elementId);
      } else if (removed?.has(key)) {
        const r = removed.get(key) as (typeof REMOVED)[number];
        if (r.states.length) report('state-on-element', 'error', at, elementId, `"${key}" states ${r.states.join(', ')} away from the element; it was removed: use ${r.replacedBy}`);
        else report('structure', 'error', at, elementId, `"${key}" was removed in ${r.version}; use ${r.replacedBy}`);
      } else if (typeName !== TREE.node && STATE_NAMES.has(key)) {
        report('state-on-element', 'error', at, elementId, `"${key}" is stated on ${typeName}, not on the element it describes`);
      } else {
        report('structure', 'warning', at, elementId, `${typeName} has no field "${key}"; a receiver ignores it`);
      }
    }
    return value;
  };

  const checkAttributes = (value: unknown, path: string, elementId: string | null): void => {
    if (!isObject(value)) return report('structure', 'error', path, elementId, `Expected an object of attributes, found ${jsonType(value)}`);
    for (const key of Object.keys(value)) {
      const at = pointer(path, key);
      const reserved = RESERVED.get(key);
      if (reserved) checkValue(value[key], reserved.type, at, elementId);
      else if (STATE_NAMES.has(key)) report('state-on-element', 'error', at, elementId, `"${key}" is state; state it on the element itself, not in its attributes`);
    }
  };

  const checkContent = (value: unknown, path: string, elementId: string | null): void => {
    if (!isObject(value)) return report('structure', 'error', path, elementId, `Expected a content block object, found ${jsonType(value)}`);
    const kind = typeof value.type === 'string' ? CONTENT_BY_TYPE.get(value.type) : undefined;
    if (!kind) return report('structure', 'error', pointer(path, 'type'), elementId, `"${String(value.type)}" is not a content block type (${[...CONTENT_BY_TYPE.keys()].join(', ')})`);
    for (const name of kind.required) {
      if (!hasOwn(value, name)) report('structure', 'error', path, elementId, `A ${kind.type} content block needs "${name}"`);
    }
    for (const [name, expected] of Object.entries(kind.properties)) {
      if (hasOwn(value, name) && expected !== 'any' && jsonType(value[name]) !== expected) {
        report('structure', 'error', pointer(path, name), elementId, `Expected ${expected} for "${name}", found ${jsonType(value[name])}`);
      }
    }
  };

  const answerRecord = checkRecord(answer, TREE.answer, '', null);
  if (!answerRecord || !hasOwn(answerRecord, TREE.root)) return sortFindings(findings);

  const seenIds = new Map<string, string>();
  const stack: Frame[] = [{ value: answerRecord[TREE.root], path: pointer('', TREE.root), depth: 0, parentId: null, parentPath: null }];
  let count = 0;
  while (stack.length) {
    const frame = stack.pop() as Frame;
    if (++count > maxElements) {
      report('limit', 'error', frame.path, null, `More than ${maxElements} elements; the rest is not checked`, null);
      break;
    }
    if (frame.depth > maxDepth) {
      report('limit', 'error', frame.path, null, `Deeper than ${maxDepth} elements; what is below is not checked`, null);
      continue;
    }
    const rawId = isObject(frame.value) ? frame.value[TREE.id] : undefined;
    const id = typeof rawId === 'string' ? rawId : null;
    const element = checkRecord(frame.value, TREE.node, frame.path, id);
    if (!element) continue;
    if (id !== null) {
      const first = seenIds.get(id);
      if (first !== undefined) report('unique-id', 'error', pointer(frame.path, TREE.id), id, `The id "${id}" is also used at ${first}`);
      else seenIds.set(id, frame.path);
    }
    const role = element[TREE.role];
    if (frame.depth === 0 && typeof role === 'string' && role !== ROLE_RULES.root) {
      report('role-language', 'error', pointer(frame.path, TREE.role), id, `The root is "${role}"; it must be ${ROLE_RULES.root}`);
    }
    const pathState: Record<string, boolean> = {};
    for (const name of PATH_STATES) {
      const on = element[name] === true;
      pathState[name] = on;
      // The path runs from the root's child down: a set element below that needs its parent set too.
      if (on && frame.depth >= 2 && frame.parentPath && !frame.parentPath[name]) {
        report('state-reachable', 'error', pointer(frame.path, name), id, `"${name}" is set here but not on the parent ${frame.parentId ?? ''}; the path from the root has a gap`.replace(' ;', ';'));
      }
    }
    const children = element[TREE.children];
    if (Array.isArray(children)) {
      const setCount: Record<string, number> = {};
      for (let i = children.length - 1; i >= 0; i--) {
        const child = children[i];
        if (isObject(child)) for (const name of PATH_STATES) if (child[name] === true) setCount[name] = (setCount[name] ?? 0) + 1;
        stack.push({ value: child, path: pointer(pointer(frame.path, TREE.children), i), depth: frame.depth + 1, parentId: id, parentPath: pathState });
      }
      for (const [name, n] of Object.entries(setCount)) {
        if (n > 1) report('state-reachable', 'warning', pointer(frame.path, TREE.children), id, `${n} children have "${name}" set; the path can lead to only one`);
      }
    } else if (children !== undefined) {
      report('structure', 'error', pointer(frame.path, TREE.children), id, `Expected an array of elements, found ${jsonType(children)}`);
    }
  }
  return sortFindings(findings);
}

export function sortFindings(findings: Finding[]): Finding[] {
  return findings.sort(
    (a, b) =>
      (a.path < b.path ? -1 : a.path > b.path ? 1 : 0) ||
      ((a.requirement ?? '') < (b.requirement ?? '') ? -1 : (a.requirement ?? '') > (b.requirement ?? '') ? 1 : 0) ||
      (a.rule < b.rule ? -1 : a.rule > b.rule ? 1 : 0),
  );
}

/** True when none of the findings is an error. */
export const passes = (findings: readonly Finding[]): boolean => findings.every((f) => f.severity !== 'error');
