import { SPEC, type SpecData, type TypeShape } from '../model.js';

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

/**
 * Limits the RFC leaves open (the largest tree, its depth, the size of content). Going past one is a `limit`
 * finding, never a crash.
 */
export interface CheckOptions {
  /** Most elements to read before reporting `limit` and stopping. Default 1,000,000. */
  maxElements?: number;
  /** Deepest nesting of elements to read; below it nothing is read. Default 100,000. */
  maxDepth?: number;
  /** Longest string, in UTF-16 code units, before a `limit` warning. Default 1,048,576 (1 Mi). */
  maxStringLength?: number;
}

/** The defaults of CheckOptions. */
export const LIMITS: Readonly<Required<CheckOptions>> = { maxElements: 1_000_000, maxDepth: 100_000, maxStringLength: 1_048_576 };

type Removed = SpecData['removed'][number];

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

/** The lookups a checker needs, built once per version from its rules. */
function indexSpec(spec: SpecData) {
  const removedByType = new Map<string, Map<string, Removed>>();
  for (const r of spec.removed) {
    const byName = removedByType.get(r.from) ?? new Map<string, Removed>();
    byName.set(r.name, r);
    removedByType.set(r.from, byName);
  }
  return {
    /** Requirements by the checker rule that serves them, as the spec assigns them. */
    requirementOf: new Map(spec.requirements.filter((r) => r.rule !== null).map((r) => [r.rule as string, r.id])),
    roles: new Set<string>(spec.roles),
    stateNames: new Set<string>(spec.states.map((s) => s.name)),
    pathStates: spec.states.filter((s) => s.path).map((s) => s.name),
    removedByType,
    contentByType: new Map(spec.contentKinds.map((k) => [k.type, k])),
    reserved: new Map(spec.reservedAttributes.map((a) => [a.name, a])),
    fields: new Map(Object.entries(spec.records).map(([name, fields]) => [name, new Map(fields.map((f) => [f.name, f]))])),
  };
}

/**
 * A checker for one protocol version's rules. It checks an answer against the structure and every requirement
 * the spec marks checkable, in one pass over the tree with an explicit stack, so depth and width are bounded
 * only by the limits in `options`.
 */
export function checkerFor(spec: SpecData): (answer: unknown, options?: CheckOptions) => Finding[] {
  const { tree, roleRules, typeKinds } = spec;
  const ix = indexSpec(spec);

  return function check(answer: unknown, options: CheckOptions = {}): Finding[] {
    const maxElements = options.maxElements ?? LIMITS.maxElements;
    const maxDepth = options.maxDepth ?? LIMITS.maxDepth;
    const maxStringLength = options.maxStringLength ?? LIMITS.maxStringLength;
    const findings: Finding[] = [];
    const report = (rule: string, severity: Severity, path: string, elementId: string | null, message: string) => {
      const requirement = ix.requirementOf.get(rule) ?? null;
      // A rule the spec assigns to no requirement is not checked; shape and limits always are.
      if (requirement === null && rule !== 'structure' && rule !== 'limit') return;
      findings.push({ requirement, rule, severity, elementId, path, message });
    };

    /** Checks a value against a type; the records and lists it holds are shallow, so they are checked in place. */
    const checkValue = (value: unknown, type: TypeShape, path: string, elementId: string | null): void => {
      if (type.kind === 'array') {
        if (!Array.isArray(value)) return report('structure', 'error', path, elementId, `Expected an array (${describe(type)}), found ${jsonType(value)}`);
        value.forEach((item, i) => checkValue(item, type.items, pointer(path, i), elementId));
        return;
      }
      if (type.kind === 'primitive') {
        if (typeof value !== type.name) report('structure', 'error', path, elementId, `Expected a ${type.name}, found ${jsonType(value)}`);
        else if (typeof value === 'string' && value.length > maxStringLength) report('limit', 'warning', path, elementId, `A string of ${value.length} characters, over the limit of ${maxStringLength}`);
        return;
      }
      const kind = typeKinds[type.name];
      if (kind === 'roles') {
        if (typeof value !== 'string') report('structure', 'error', path, elementId, `Expected a role string, found ${jsonType(value)}`);
        else if (!ix.roles.has(value)) report('role-language', 'warning', path, elementId, `Unknown role "${value}"; a receiver reads it as ${roleRules.unknown}`);
      } else if (kind === 'external') checkContent(value, path, elementId);
      else if (kind === 'attributes') checkAttributes(value, path, elementId);
      else if (kind === 'record') checkRecord(value, type.name, path, elementId);
    };

    const checkRecord = (value: unknown, typeName: string, path: string, elementId: string | null): Record<string, unknown> | null => {
      if (!isObject(value)) {
        report('structure', 'error', path, elementId, `Expected an object (${typeName}), found ${jsonType(value)}`);
        return null;
      }
      const fields = ix.fields.get(typeName) ?? new Map();
      for (const field of fields.values()) {
        if (field.required && !hasOwn(value, field.name)) report('structure', 'error', path, elementId, `${typeName} is missing its required field "${field.name}"`);
      }
      const removed = ix.removedByType.get(typeName);
      for (const key of Object.keys(value)) {
        const field = fields.get(key);
        const at = pointer(path, key);
        if (field) {
          // The tree itself is walked by the loop below, not here.
          if ((typeName === tree.node && key === tree.children) || (typeName === tree.answer && key === tree.root)) continue;
          checkValue(value[key], field.type, at, elementId);
        } else if (removed?.has(key)) {
          const r = removed.get(key) as Removed;
          if (r.states.length) report('state-on-element', 'error', at, elementId, `"${key}" states ${r.states.join(', ')} away from the element; it was removed in ${r.version}: use ${r.replacedBy}`);
          else report('structure', 'error', at, elementId, `"${key}" was removed in ${r.version}; use ${r.replacedBy}`);
        } else if (typeName !== tree.node && ix.stateNames.has(key)) {
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
        const reserved = ix.reserved.get(key);
        if (reserved) checkValue(value[key], reserved.type, at, elementId);
        else if (ix.stateNames.has(key)) report('state-on-element', 'error', at, elementId, `"${key}" is state; state it on the element itself, not in its attributes`);
      }
    };

    const checkContent = (value: unknown, path: string, elementId: string | null): void => {
      if (!isObject(value)) return report('structure', 'error', path, elementId, `Expected a content block object, found ${jsonType(value)}`);
      const kind = typeof value.type === 'string' ? ix.contentByType.get(value.type) : undefined;
      if (!kind) return report('structure', 'error', pointer(path, 'type'), elementId, `"${String(value.type)}" is not a content block type (${[...ix.contentByType.keys()].join(', ')})`);
      for (const name of kind.required) {
        if (!hasOwn(value, name)) report('structure', 'error', path, elementId, `A ${kind.type} content block needs "${name}"`);
      }
      for (const [name, expected] of Object.entries(kind.properties)) {
        if (!hasOwn(value, name)) continue;
        const v = value[name];
        if (expected !== 'any' && jsonType(v) !== expected) {
          report('structure', 'error', pointer(path, name), elementId, `Expected ${expected} for "${name}", found ${jsonType(v)}`);
        } else if (typeof v === 'string' && v.length > maxStringLength) {
          report('limit', 'warning', pointer(path, name), elementId, `A string of ${v.length} characters, over the limit of ${maxStringLength}`);
        }
      }
    };

    const answerRecord = checkRecord(answer, tree.answer, '', null);
    if (!answerRecord || !hasOwn(answerRecord, tree.root)) return sortFindings(findings);

    const seenIds = new Map<string, string>();
    const stack: Frame[] = [{ value: answerRecord[tree.root], path: pointer('', tree.root), depth: 0, parentId: null, parentPath: null }];
    let count = 0;
    while (stack.length) {
      const frame = stack.pop() as Frame;
      if (++count > maxElements) {
        report('limit', 'error', frame.path, null, `More than ${maxElements} elements; the rest is not checked`);
        break;
      }
      if (frame.depth > maxDepth) {
        report('limit', 'error', frame.path, null, `Deeper than ${maxDepth} elements; what is below is not checked`);
        continue;
      }
      const rawId = isObject(frame.value) ? frame.value[tree.id] : undefined;
      const id = typeof rawId === 'string' ? rawId : null;
      const element = checkRecord(frame.value, tree.node, frame.path, id);
      if (!element) continue;
      if (id !== null) {
        const first = seenIds.get(id);
        if (first !== undefined) report('unique-id', 'error', pointer(frame.path, tree.id), id, `The id "${id}" is also used at ${first}`);
        else seenIds.set(id, frame.path);
      }
      const role = element[tree.role];
      if (frame.depth === 0 && typeof role === 'string' && role !== roleRules.root) {
        report('role-language', 'error', pointer(frame.path, tree.role), id, `The root is "${role}"; it must be ${roleRules.root}`);
      }
      const pathState: Record<string, boolean> = {};
      for (const name of ix.pathStates) {
        const on = element[name] === true;
        pathState[name] = on;
        // The path runs from the root's child down: a set element below that needs its parent set too.
        if (on && frame.depth >= 2 && frame.parentPath && !frame.parentPath[name]) {
          report('state-reachable', 'error', pointer(frame.path, name), id, `"${name}" is set here but not on the parent "${frame.parentId ?? ''}"; the path from the root has a gap`);
        }
      }
      const children = element[tree.children];
      if (Array.isArray(children)) {
        const setCount: Record<string, number> = {};
        for (let i = children.length - 1; i >= 0; i--) {
          const child: unknown = children[i];
          if (isObject(child)) for (const name of ix.pathStates) if (child[name] === true) setCount[name] = (setCount[name] ?? 0) + 1;
          stack.push({ value: child, path: pointer(pointer(frame.path, tree.children), i), depth: frame.depth + 1, parentId: id, parentPath: pathState });
        }
        for (const [name, n] of Object.entries(setCount)) {
          if (n > 1) report('state-reachable', 'warning', pointer(frame.path, tree.children), id, `${n} children have "${name}" set; the path can lead to only one`);
        }
      } else if (children !== undefined) {
        report('structure', 'error', pointer(frame.path, tree.children), id, `Expected an array of elements, found ${jsonType(children)}`);
      }
    }
    return sortFindings(findings);
  };
}

/** Checks an answer by the rules of the version these types describe. */
export const check: (answer: unknown, options?: CheckOptions) => Finding[] = checkerFor(SPEC);

export function sortFindings(findings: Finding[]): Finding[] {
  return findings.sort(
    (a, b) =>
      (a.path < b.path ? -1 : a.path > b.path ? 1 : 0) ||
      ((a.requirement ?? '') < (b.requirement ?? '') ? -1 : (a.requirement ?? '') > (b.requirement ?? '') ? 1 : 0) ||
      (a.rule < b.rule ? -1 : a.rule > b.rule ? 1 : 0),
  );
}

/** True when none of the findings is an error. */
export const passes: (findings: readonly Finding[]) => boolean = (findings) => findings.every((f) => f.severity !== 'error');
