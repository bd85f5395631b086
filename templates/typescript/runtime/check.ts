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
/**
 * A JSON Pointer built only when a finding needs it: each step is one small object, so walking a large tree
 * costs no string building.
 */
type Path = { readonly up: Path; readonly key: string | number } | null;
const at = (up: Path, key: string | number): Path => ({ up, key });
function pointer(path: Path): string {
  const keys: string[] = [];
  for (let p = path; p !== null; p = p.up) {
    const k = String(p.key);
    keys.push(k.includes('~') || k.includes('/') ? k.replace(/~/g, '~0').replace(/\//g, '~1') : k);
  }
  return keys.length ? `/${keys.reverse().join('/')}` : '';
}
const jsonType = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);
const describe = (t: TypeShape): string => (t.kind === 'array' ? `${describe(t.items)}[]` : t.name);

interface Frame {
  value: unknown;
  path: Path;
  depth: number;
  parentId: string | null;
  /** Which path states the parent has set, one bit per path state (the spec has few). */
  parentBits: number;
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
    contentByType: new Map(spec.contentKinds.map((k) => [k.type, { ...k, propertyList: Object.entries(k.properties) }])),
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
    const report = (rule: string, severity: Severity, path: Path, elementId: string | null, message: string) => {
      const requirement = ix.requirementOf.get(rule) ?? null;
      // A rule the spec assigns to no requirement is not checked; shape and limits always are.
      if (requirement === null && rule !== 'structure' && rule !== 'limit') return;
      findings.push({ requirement, rule, severity, elementId, path: pointer(path), message });
    };

    /** Checks a value against a type; the records and lists it holds are shallow, so they are checked in place. */
    const checkValue = (value: unknown, type: TypeShape, path: Path, elementId: string | null): void => {
      if (type.kind === 'array') {
        if (!Array.isArray(value)) return report('structure', 'error', path, elementId, `Expected an array (${describe(type)}), found ${jsonType(value)}`);
        value.forEach((item, i) => checkValue(item, type.items, at(path, i), elementId));
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

    const checkRecord = (value: unknown, typeName: string, path: Path, elementId: string | null): Record<string, unknown> | null => {
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
        if (field) {
          // The tree itself is walked by the loop below, not here.
          if ((typeName === tree.node && key === tree.children) || (typeName === tree.answer && key === tree.root)) continue;
          checkValue(value[key], field.type, at(path, key), elementId);
        } else if (removed?.has(key)) {
          const r = removed.get(key) as Removed;
          if (r.states.length) report('state-on-element', 'error', at(path, key), elementId, `"${key}" states ${r.states.join(', ')} away from the element; it was removed in ${r.version}: use ${r.replacedBy}`);
          else report('structure', 'error', at(path, key), elementId, `"${key}" was removed in ${r.version}; use ${r.replacedBy}`);
        } else if (typeName !== tree.node && ix.stateNames.has(key)) {
          report('state-on-element', 'error', at(path, key), elementId, `"${key}" is stated on ${typeName}, not on the element it describes`);
        } else {
          report('structure', 'warning', at(path, key), elementId, `${typeName} has no field "${key}"; a receiver ignores it`);
        }
      }
      return value;
    };

    const checkAttributes = (value: unknown, path: Path, elementId: string | null): void => {
      if (!isObject(value)) return report('structure', 'error', path, elementId, `Expected an object of attributes, found ${jsonType(value)}`);
      for (const key of Object.keys(value)) {
        const reserved = ix.reserved.get(key);
        if (reserved) checkValue(value[key], reserved.type, at(path, key), elementId);
        else if (ix.stateNames.has(key)) report('state-on-element', 'error', at(path, key), elementId, `"${key}" is state; state it on the element itself, not in its attributes`);
      }
    };

    const checkContent = (value: unknown, path: Path, elementId: string | null): void => {
      if (!isObject(value)) return report('structure', 'error', path, elementId, `Expected a content block object, found ${jsonType(value)}`);
      const kind = typeof value.type === 'string' ? ix.contentByType.get(value.type) : undefined;
      if (!kind) return report('structure', 'error', at(path, 'type'), elementId, `"${String(value.type)}" is not a content block type (${[...ix.contentByType.keys()].join(', ')})`);
      for (const name of kind.required) {
        if (!hasOwn(value, name)) report('structure', 'error', path, elementId, `A ${kind.type} content block needs "${name}"`);
      }
      for (const [name, expected] of kind.propertyList) {
        if (!hasOwn(value, name)) continue;
        const v = value[name];
        if (expected !== 'any' && jsonType(v) !== expected) {
          report('structure', 'error', at(path, name), elementId, `Expected ${expected} for "${name}", found ${jsonType(v)}`);
        } else if (typeof v === 'string' && v.length > maxStringLength) {
          report('limit', 'warning', at(path, name), elementId, `A string of ${v.length} characters, over the limit of ${maxStringLength}`);
        }
      }
    };

    const answerRecord = checkRecord(answer, tree.answer, null, null);
    if (!answerRecord || !hasOwn(answerRecord, tree.root)) return sortFindings(findings);

    const seenIds = new Map<string, Path>();
    const stack: Frame[] = [{ value: answerRecord[tree.root], path: at(null, tree.root), depth: 0, parentId: null, parentBits: 0 }];
    const pathStates = ix.pathStates;
    const forks = new Array<number>(pathStates.length).fill(0);
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
        if (first !== undefined) report('unique-id', 'error', at(frame.path, tree.id), id, `The id "${id}" is also used at ${pointer(first)}`);
        else seenIds.set(id, frame.path);
      }
      const role = element[tree.role];
      if (frame.depth === 0 && typeof role === 'string' && role !== roleRules.root) {
        report('role-language', 'error', at(frame.path, tree.role), id, `The root is "${role}"; it must be ${roleRules.root}`);
      }
      let bits = 0;
      for (let k = 0; k < pathStates.length; k++) {
        const name = pathStates[k] as string;
        if (element[name] !== true) continue;
        bits |= 1 << k;
        // The path runs from the root's child down: a set element below that needs its parent set too.
        if (frame.depth >= 2 && (frame.parentBits & (1 << k)) === 0) {
          report('state-reachable', 'error', at(frame.path, name), id, `"${name}" is set here but not on the parent "${frame.parentId ?? ''}"; the path from the root has a gap`);
        }
      }
      const children = element[tree.children];
      if (Array.isArray(children)) {
        const childrenPath = at(frame.path, tree.children);
        forks.fill(0);
        for (let i = children.length - 1; i >= 0; i--) {
          const child: unknown = children[i];
          if (pathStates.length && isObject(child)) for (let k = 0; k < pathStates.length; k++) if (child[pathStates[k] as string] === true) forks[k] = (forks[k] as number) + 1;
          stack.push({ value: child, path: at(childrenPath, i), depth: frame.depth + 1, parentId: id, parentBits: bits });
        }
        for (let k = 0; k < pathStates.length; k++) {
          const n = forks[k] as number;
          if (n > 1) report('state-reachable', 'warning', childrenPath, id, `${n} children have "${pathStates[k] as string}" set; the path can lead to only one`);
        }
      } else if (children !== undefined) {
        report('structure', 'error', at(frame.path, tree.children), id, `Expected an array of elements, found ${jsonType(children)}`);
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
