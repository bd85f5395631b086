import { FINDINGS, SPEC, SPECS, type FindingEntry, type FindingId, type SpecData, type TypeShape } from '../model.js';
import { checkNested } from './nested.js';

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
type Deprecated = SpecData['deprecated'][number];
type Key = string | number;

const hasOwn = (o: object, k: string) => Object.prototype.hasOwnProperty.call(o, k);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const jsonType = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);
/** A value in a message: a primitive as text; an object by its JSON type, since its own toString may be anything. */
const shown = (v: unknown) => (typeof v === 'object' && v !== null ? jsonType(v) : String(v));
/** The values of a finding's slots (FINDINGS): a text or a number each, or a list of texts for a list slot. */
type Slots = Readonly<Record<string, string | number | readonly string[]>>;

/**
 * A finding's message with its slots filled, as every binding fills it: a list slot's texts each in double quotes
 * when the catalogue says so, and joined by its joiner; a slot given no value is left as written.
 */
function messageOf(entry: FindingEntry, slots: Slots): string {
  const parts = partsOf(entry);
  let message = parts[0] as string;
  for (let i = 1; i < parts.length; i += 2) {
    const slot = parts[i] as string;
    const value = hasOwn(slots, slot) ? slots[slot] : undefined;
    if (value === undefined) message += `{${slot}}`;
    else if (typeof value !== 'object') message += String(value);
    else {
      const list = entry.lists?.[slot] ?? { joiner: ', ', quoted: false };
      message += value.map((v) => (list.quoted ? `"${v}"` : v)).join(list.joiner);
    }
    message += parts[i + 1] as string;
  }
  return message;
}

/** The message of a finding of the catalogue, by its id, with its slots filled (for findings the checker does not give). */
export const findingMessage = (id: FindingId, slots: Slots): string => messageOf(FINDINGS[id], slots);

/** Each message split once into its fixed text (even places) and its slots' names (odd places). */
const messageParts = new Map<FindingEntry, readonly string[]>();
function partsOf(entry: FindingEntry): readonly string[] {
  let parts = messageParts.get(entry);
  if (parts === undefined) messageParts.set(entry, (parts = entry.message.split(/\{([A-Za-z]+)\}/)));
  return parts;
}
const describe = (t: TypeShape): string => (t.kind === 'array' ? `${describe(t.items)}[]` : t.name);
function pointer(keys: readonly Key[]): string {
  return keys
    .map((key) => {
      const k = String(key);
      return `/${k.includes('~') || k.includes('/') ? k.replace(/~/g, '~0').replace(/\//g, '~1') : k}`;
    })
    .join('');
}

/** How a value is checked: its TypeShape resolved once, so the walk looks nothing up by type name. */
type ValueRule =
  | { readonly kind: 'primitive'; readonly name: 'string' | 'boolean' | 'number' }
  | { readonly kind: 'array'; readonly items: ValueRule; readonly label: string }
  | { readonly kind: 'record'; readonly record: RecordRule }
  /** An enum: one of its values, or a value a receiver keeps and the checker warns of (`unknown-value`). */
  | { readonly kind: 'enum'; readonly name: string; readonly values: ReadonlySet<string>; readonly list: readonly string[] }
  | { readonly kind: Exclude<SpecData['typeKinds'][string], 'record' | 'enum'> | 'unchecked' };

interface FieldRule {
  readonly required: boolean;
  /** The tree's own links (the answer's root, an element's children) are walked by the loop, not checked in place. */
  readonly walked: boolean;
  readonly value: ValueRule;
}

interface RecordRule {
  readonly name: string;
  readonly fields: Map<string, FieldRule>;
  /** The required fields, in the spec's order, so that a missing one is reported in that order. */
  readonly required: readonly string[];
  readonly removed: ReadonlyMap<string, Removed> | undefined;
  /** Its deprecated fields: still read, each reported with a warning (`deprecated-name`). */
  readonly deprecated: ReadonlyMap<string, Deprecated> | undefined;
  /** A state on the element record is its own; on any other record it is misplaced. */
  readonly isNode: boolean;
}

/** A content block type's properties: the JSON type each must have ('any' for no check), and which are required. */
interface ContentRule {
  readonly type: string;
  readonly required: readonly string[];
  readonly properties: Map<string, { readonly expected: string | undefined; readonly required: boolean }>;
  /** Properties that hold one of several shapes, each known by a key only it has. */
  readonly alternatives: SpecData['contentKinds'][number]['alternatives'];
  /** Properties whose inside MCP's schema describes (annotations, an embedded resource, icons), walked by checkNested. */
  readonly nested: SpecData['contentKinds'][number]['nested'];
}

/** The lookups a checker needs, built once per version from its rules. */
function indexSpec(spec: SpecData) {
  const { tree } = spec;
  const removedByType = new Map<string, Map<string, Removed>>();
  for (const r of spec.removed) {
    const byName = removedByType.get(r.from) ?? new Map<string, Removed>();
    byName.set(r.name, r);
    removedByType.set(r.from, byName);
  }
  const deprecatedByType = new Map<string, Map<string, Deprecated>>();
  for (const x of spec.deprecated) {
    const byName = deprecatedByType.get(x.from) ?? new Map<string, Deprecated>();
    byName.set(x.name, x);
    deprecatedByType.set(x.from, byName);
  }
  const ofKind = (kind: 'roles' | 'attributes') => Object.keys(spec.typeKinds).find((name) => spec.typeKinds[name] === kind);
  const fieldsByType = new Map(Object.entries(spec.records));
  const records = new Map<string, RecordRule>();
  // Records refer to each other (an element holds elements), so each is registered before its fields are resolved.
  const recordRule = (name: string): RecordRule => {
    const known = records.get(name);
    if (known) return known;
    const fields = fieldsByType.get(name) ?? [];
    const rule: RecordRule = { name, fields: new Map(), required: fields.filter((f) => f.required).map((f) => f.name), removed: removedByType.get(name), deprecated: deprecatedByType.get(name), isNode: name === tree.node };
    records.set(name, rule);
    for (const f of fields) {
      const walked = (name === tree.node && f.name === tree.children) || (name === tree.answer && f.name === tree.root);
      rule.fields.set(f.name, { required: f.required, walked, value: valueRule(f.type) });
    }
    return rule;
  };
  const valueRule = (type: TypeShape): ValueRule => {
    if (type.kind === 'array') return { kind: 'array', items: valueRule(type.items), label: describe(type) };
    if (type.kind === 'primitive') return type;
    const kind = hasOwn(spec.typeKinds, type.name) ? spec.typeKinds[type.name] : undefined;
    if (kind === 'record') return { kind, record: recordRule(type.name) };
    if (kind === 'enum') {
      const list = hasOwn(spec.enums, type.name) ? (spec.enums[type.name] as string[]) : [];
      return { kind, name: type.name, values: new Set(list), list };
    }
    return { kind: kind ?? 'unchecked' };
  };
  const contentRule = (k: SpecData['contentKinds'][number]): ContentRule => {
    const names = new Set([...Object.keys(k.properties), ...k.required]);
    const properties = new Map([...names].map((name) => [name, { expected: hasOwn(k.properties, name) ? k.properties[name] : undefined, required: k.required.includes(name) }]));
    return { type: k.type, required: k.required, properties, alternatives: k.alternatives, nested: k.nested };
  };
  return {
    /**
     * Requirements by the checker rule that serves them, as the spec assigns them. Where several requirements name
     * one rule, its findings name the first of them in the spec's order (spec/README.md, Checker rules).
     */
    requirementOf: firstRequirementByRule(spec.requirements),
    roles: new Set<string>(spec.roles),
    /** Deprecated roles (aliases among them) and reserved attributes, by name. */
    deprecatedRoles: deprecatedByType.get(ofKind('roles') ?? '') ?? new Map<string, Deprecated>(),
    deprecatedAttributes: deprecatedByType.get(ofKind('attributes') ?? '') ?? new Map<string, Deprecated>(),
    /** Reserved attributes a version removed: reported where an answer still holds one, as a removed field is. */
    removedAttributes: removedByType.get(ofKind('attributes') ?? ''),
    stateNames: new Set<string>(spec.states.map((s) => s.name)),
    pathStates: spec.states.filter((s) => s.path).map((s) => s.name),
    contentByType: new Map(spec.contentKinds.map((k) => [k.type, contentRule(k)])),
    reserved: new Map(spec.reservedAttributes.map((a) => [a.name, valueRule(a.type)])),
    answer: recordRule(tree.answer),
    node: recordRule(tree.node),
  };
}

/** A growing list of 32-bit integers: a typed array, which the garbage collector need not look into. */
class IntList {
  private data = new Int32Array(1024);
  length = 0;

  push(value: number): void {
    if (this.length === this.data.length) {
      const grown = new Int32Array(this.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.length++] = value;
  }

  get(i: number): number {
    return this.data[i] as number;
  }
}

/**
 * The elements visited, numbered in the order visited (the root is 0): each one's parent and index among the
 * parent's children, enough to build its JSON Pointer when a finding needs one, and its id. Kept in lists of
 * numbers rather than an object per element, which the garbage collector would carry to the end of the walk.
 */
class Visited {
  private readonly parents = new IntList();
  private readonly indexes = new IntList();
  private readonly ids: (string | null)[] = [];
  private readonly hashes = new IntList();

  constructor(private readonly rootKey: string, private readonly childrenKey: string) {}

  /** Numbers the element at `index` among the children of `parent` (-1 for the root). */
  add(parent: number, index: number, id: string | null): number {
    this.parents.push(parent);
    this.indexes.push(index);
    this.ids.push(id);
    this.hashes.push(id === null ? -1 : hash(id));
    return this.ids.length - 1;
  }

  /** The keys from the answer down to visited element `n`; none for the answer itself (-1). */
  keys(n: number): Key[] {
    return n < 0 ? [] : this.keysOf(this.parents.get(n), this.indexes.get(n));
  }

  /** The keys from the answer down to the child at `index` of visited element `parent` (-1: the root). */
  keysOf(parent: number, index: number): Key[] {
    const keys: Key[] = [];
    for (let p = parent, i = index; p >= 0; ) {
      keys.push(i, this.childrenKey);
      i = this.indexes.get(p);
      p = this.parents.get(p);
    }
    keys.push(this.rootKey);
    return keys.reverse();
  }

  /**
   * Each element whose id an earlier one has, in the order visited, with that earlier one. The plain way, a Map
   * from each id to where it was first met, reaches all over memory once it holds 100,000 ids and then costs as
   * much as the rest of the check. So each id was noted with a hash of it: a bit table of the hashes, small enough
   * to stay in the CPU's cache, picks out the few ids that share a hash with another, and only those go through a Map.
   */
  repeatedIds(): { n: number; id: string; first: number }[] {
    const shared = this.sharedHashes();
    const firstOf = new Map<string, number>();
    const repeats: { n: number; id: string; first: number }[] = [];
    for (let n = 0; n < this.ids.length; n++) {
      const id = this.ids[n] as string | null;
      if (id === null || !shared(this.hashes.get(n))) continue;
      const first = firstOf.get(id);
      if (first === undefined) firstOf.set(id, n);
      else repeats.push({ n, id, first });
    }
    return repeats;
  }

  /** A test for the hashes more than one id falls on, in a table of 16 bits an element (few then share by chance). */
  private sharedHashes(): (hash: number) => boolean {
    const mask = 2 ** Math.max(10, Math.ceil(Math.log2(this.hashes.length)) + 4) - 1;
    const seen = new Uint32Array((mask + 1) / 32);
    const again = new Uint32Array((mask + 1) / 32);
    for (let n = 0; n < this.hashes.length; n++) {
      const h = this.hashes.get(n);
      if (h < 0) continue;
      const word = (h & mask) >>> 5;
      const bit = 1 << (h & 31);
      if ((seen[word] as number) & bit) again[word] = (again[word] as number) | bit;
      else seen[word] = (seen[word] as number) | bit;
    }
    return (h) => ((again[(h & mask) >>> 5] as number) & (1 << (h & 31))) !== 0;
  }
}

/** FNV-1a over the string's UTF-16 units, cut to 30 bits so that V8 keeps it a small integer. */
function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h & 0x3fffffff;
}

/** An element waiting on the walk's stack, with what it needs from its parent. */
interface Frame {
  readonly value: unknown;
  /** The parent's number in Visited (-1 for the root) and the element's index among its children. */
  readonly parent: number;
  readonly index: number;
  readonly depth: number;
  readonly parentId: string | null;
  /** Which path states the parent sets, one bit per path state (the spec has few). */
  readonly parentBits: number;
}

/**
 * A checker for one protocol version's rules. It checks an answer against the structure and every requirement
 * the spec marks checkable, in one pass over the tree with an explicit stack, so depth and width are bounded
 * only by the limits in `options`.
 */
export function checkerFor(spec: SpecData): (answer: unknown, options?: CheckOptions) => Finding[] {
  const { tree, roleRules } = spec;
  const ix = indexSpec(spec);
  const { pathStates } = ix;

  return function check(answer: unknown, options: CheckOptions = {}): Finding[] {
    const maxElements = options.maxElements ?? LIMITS.maxElements;
    const maxDepth = options.maxDepth ?? LIMITS.maxDepth;
    const maxStringLength = options.maxStringLength ?? LIMITS.maxStringLength;
    const findings: Finding[] = [];
    const visited = new Visited(tree.root, tree.children);
    // Where the checks are: the number of the element being visited (-1 for the answer itself) and the keys from it
    // down to the record or list being checked in place. A finding's path is built from these only when reported.
    let here = -1;
    const trail: Key[] = [];

    const tooLong = (s: string) => ({ length: s.length, limit: maxStringLength });

    /**
     * Reports a finding of the catalogue (FINDINGS) by its id, with the values of its slots, at the current place
     * or at its `key` when given; the catalogue gives its rule, severity and message.
     */
    const report = (id: FindingId, elementId: string | null, slots: Slots, key?: Key): void => {
      const entry = FINDINGS[id];
      const { rule, severity } = entry;
      const requirement = ix.requirementOf.get(rule) ?? null;
      // A rule the spec assigns to no requirement is not checked; shape and limits always are.
      if (requirement === null && rule !== 'structure' && rule !== 'limit' && rule !== 'deprecated-name') return;
      const keys = visited.keys(here).concat(trail);
      if (key !== undefined) keys.push(key);
      findings.push({ requirement, rule, severity, elementId, path: pointer(keys), message: messageOf(entry, slots) });
    };

    /** A deprecated name in the answer: valid, and a warning that says what to use instead (spec/README.md). */
    const reportDeprecated = (d: Deprecated, key: Key, elementId: string | null): void => {
      if (d.useInstead === null) report('deprecated', elementId, { name: d.name, version: d.version }, key);
      else report('deprecated-use-instead', elementId, { name: d.name, version: d.version, useInstead: d.useInstead }, key);
    };

    /** Checks the value at `key` of the current place; the records and lists it holds are shallow, so they are checked in place. */
    const checkValue = (value: unknown, rule: ValueRule, key: Key, elementId: string | null): void => {
      switch (rule.kind) {
        case 'primitive':
          if (typeof value !== rule.name) report('wrong-type', elementId, { expected: rule.name, found: jsonType(value) }, key);
          else if (typeof value === 'string' && value.length > maxStringLength) report('string-too-long', elementId, tooLong(value), key);
          return;
        case 'roles':
          if (typeof value !== 'string') report('wrong-role-type', elementId, { found: jsonType(value) }, key);
          else if (ix.deprecatedRoles.has(value)) reportDeprecated(ix.deprecatedRoles.get(value) as Deprecated, key, elementId);
          else if (!ix.roles.has(value)) report('unknown-role', elementId, { name: value, unknownRole: roleRules.unknown }, key);
          return;
        case 'enum':
          if (typeof value !== 'string') report('wrong-type', elementId, { expected: 'string', found: jsonType(value) }, key);
          else if (!rule.values.has(value)) report('unknown-value', elementId, { value, type: rule.name, values: rule.list }, key);
          return;
        case 'array':
          if (!Array.isArray(value)) return report('wrong-array-type', elementId, { label: rule.label, found: jsonType(value) }, key);
          trail.push(key);
          // As forEach would: a hole in a sparse array is skipped.
          for (let i = 0; i < value.length; i++) if (i in value) checkValue(value[i], rule.items, i, elementId);
          trail.pop();
          return;
        case 'unchecked':
          return;
        default:
          // A record, a content block or attributes: an object, checked in place one key down.
          trail.push(key);
          if (rule.kind === 'record') checkRecord(value, rule.record, elementId);
          else if (rule.kind === 'external') checkContent(value, elementId);
          else checkAttributes(value, elementId);
          trail.pop();
      }
    };

    /** Checks the record at the current place; returns whether it is an object at all. */
    const checkRecord = (value: unknown, record: RecordRule, elementId: string | null): value is Record<string, unknown> => {
      if (!isObject(value)) {
        report('wrong-record-type', elementId, { record: record.name, found: jsonType(value) });
        return false;
      }
      let required = 0;
      for (const key in value) {
        if (!hasOwn(value, key)) continue;
        const field = record.fields.get(key);
        if (field === undefined) checkUnknownField(record, key, elementId);
        else {
          if (field.required) required++;
          const deprecated = record.deprecated?.get(key);
          if (deprecated) reportDeprecated(deprecated, key, elementId);
          if (!field.walked) checkValue(value[key], field.value, key, elementId);
        }
      }
      // Counting the required fields met is cheaper than asking for each; only a short count looks for which.
      if (required < record.required.length) {
        for (const name of record.required) {
          if (!hasOwn(value, name)) report('missing-field', elementId, { record: record.name, field: name });
        }
      }
      return true;
    };

    /** A name its version removed, where an answer still holds it: what replaced it, or that nothing did. */
    const reportRemoved = (r: Removed, key: string, elementId: string | null): void => {
      if (r.replacedBy === null) return report('removed-without-replacement', elementId, { field: key, version: r.version }, key);
      const slots = { field: key, version: r.version, replacedBy: r.replacedBy };
      if (r.states.length) report('removed-state', elementId, { ...slots, states: r.states }, key);
      else report('removed-field', elementId, slots, key);
    };

    const checkUnknownField = (record: RecordRule, key: string, elementId: string | null): void => {
      const r = record.removed?.get(key);
      if (r) reportRemoved(r, key, elementId);
      else if (!record.isNode && ix.stateNames.has(key)) {
        report('state-on-record', elementId, { field: key, record: record.name }, key);
      } else {
        report('unknown-field', elementId, { record: record.name, field: key }, key);
      }
    };

    const checkAttributes = (value: unknown, elementId: string | null): void => {
      if (!isObject(value)) return report('wrong-attributes-type', elementId, { found: jsonType(value) });
      for (const key in value) {
        if (!hasOwn(value, key)) continue;
        const reserved = ix.reserved.get(key);
        const deprecated = reserved ? ix.deprecatedAttributes.get(key) : undefined;
        if (deprecated) reportDeprecated(deprecated, key, elementId);
        const removed = reserved ? undefined : ix.removedAttributes?.get(key);
        if (reserved) checkValue(value[key], reserved, key, elementId);
        else if (removed) reportRemoved(removed, key, elementId);
        else if (ix.stateNames.has(key)) report('state-in-attributes', elementId, { field: key }, key);
      }
    };

    const checkContent = (value: unknown, elementId: string | null): void => {
      if (!isObject(value)) return report('wrong-content-type', elementId, { found: jsonType(value) });
      const tagKey = spec.contentTag;
      const tag = value[tagKey];
      if (typeof tag !== 'string') return report('wrong-content-tag-type', elementId, { found: jsonType(tag) }, tagKey);
      const kind = ix.contentByType.get(tag);
      // A kind a later MCP version may define: a receiver keeps it whole, so it is flagged, not refused.
      if (!kind) return report('unknown-content-kind', elementId, { kind: tag, kinds: [...ix.contentByType.keys()] }, tagKey);
      let required = 0;
      for (const name in value) {
        if (!hasOwn(value, name)) continue;
        const property = kind.properties.get(name);
        if (property === undefined) continue;
        if (property.required) required++;
        const v = value[name];
        if (property.expected === undefined) continue;
        if (property.expected !== 'any' && jsonType(v) !== property.expected) {
          report('wrong-content-property-type', elementId, { expected: property.expected, property: name, found: jsonType(v) }, name);
        } else if (typeof v === 'string' && v.length > maxStringLength) {
          report('string-too-long', elementId, tooLong(v), name);
        }
      }
      for (const alt of kind.alternatives) {
        const v = value[alt.property];
        if (!isObject(v)) continue;
        const present = alt.members.filter((m) => hasOwn(v, m.key));
        if (present.length > 1) {
          report('several-alternatives', elementId, { property: alt.property, present: present.map((m) => m.key), members: alt.members.map((m) => m.name) }, alt.property);
        }
      }
      if (required < kind.required.length) {
        for (const name of kind.required) {
          if (!hasOwn(value, name)) report('missing-content-property', elementId, { kind: kind.type, property: name });
        }
      }
      for (const n of kind.nested) {
        const v = value[n.name];
        // A value of the wrong JSON type was reported above; only one of the right type is looked inside.
        if (!hasOwn(value, n.name) || jsonType(v) !== n.shape.type) continue;
        trail.push(n.name);
        checkNested(v, n.shape, n.name, spec.shapes, (id, slots, keys) => {
          trail.push(...keys);
          report(id, elementId, slots);
          trail.length -= keys.length;
        });
        trail.pop();
      }
    };

    /** Elements still to visit; the last pushed is visited next. */
    const stack: Frame[] = [];

    /** Checks one element and its place among the path states, and puts its children on the stack. */
    const visit = (frame: Frame): void => {
      const rawId = isObject(frame.value) ? frame.value[tree.id] : undefined;
      const id = typeof rawId === 'string' ? rawId : null;
      const n = visited.add(frame.parent, frame.index, id);
      here = n;
      const element = frame.value;
      if (!checkRecord(element, ix.node, id)) return;
      const role = element[tree.role];
      if (frame.depth === 0 && typeof role === 'string' && role !== roleRules.root) {
        report('root-role', id, { name: role, rootRole: roleRules.root }, tree.role);
      }
      let bits = 0;
      for (let k = 0; k < pathStates.length; k++) {
        const name = pathStates[k] as string;
        if (element[name] !== true) continue;
        bits |= 1 << k;
        // The path runs from the root's child down: a set element below that needs its parent set too.
        if (frame.depth >= 2 && (frame.parentBits & (1 << k)) === 0) {
          report('path-gap', id, { state: name, parent: frame.parentId ?? '' }, name);
        }
      }
      const children = element[tree.children];
      if (Array.isArray(children)) {
        countForks(children, id);
        // Pushed last first, so the walk meets them in order.
        for (let i = children.length - 1; i >= 0; i--) {
          stack.push({ value: children[i], parent: n, index: i, depth: frame.depth + 1, parentId: id, parentBits: bits });
        }
        return;
      }
      if (children !== undefined) report('wrong-children-type', id, { found: jsonType(children) }, tree.children);
    };

    /** Reports a limit at an element that is then not checked: it is numbered, without its id, for its path. */
    const reportLimit = (frame: Frame, id: 'too-many-elements' | 'too-deep', limit: number): void => {
      here = visited.add(frame.parent, frame.index, null);
      report(id, null, { limit });
    };

    /** A path state set on more than one child: the path can follow only one of them. */
    const countForks = (children: unknown[], id: string | null): void => {
      for (const name of pathStates) {
        let n = 0;
        for (const child of children) if (isObject(child) && child[name] === true) n++;
        if (n > 1) report('path-forks', id, { count: n, state: name }, tree.children);
      }
    };

    if (!checkRecord(answer, ix.answer, null) || !hasOwn(answer, tree.root)) return sortFindings(findings);
    stack.push({ value: answer[tree.root], parent: -1, index: 0, depth: 0, parentId: null, parentBits: 0 });
    let count = 0;
    while (stack.length) {
      const frame = stack.pop() as Frame;
      if (++count > maxElements) {
        reportLimit(frame, 'too-many-elements', maxElements);
        break;
      }
      if (frame.depth > maxDepth) {
        reportLimit(frame, 'too-deep', maxDepth);
        continue;
      }
      visit(frame);
    }
    // Reported after the walk, which finds them all in one go (the findings are sorted anyway).
    for (const { n, id, first } of visited.repeatedIds()) {
      here = n;
      report('duplicate-id', id, { repeated: id, path: pointer(visited.keys(first)) }, tree.id);
    }
    return sortFindings(findings);
  };
}

const checkers = new Map<string, ReturnType<typeof checkerFor>>();

/** The checker of a version this package reads, made once. */
function checkerOf(spec: SpecData): ReturnType<typeof checkerFor> {
  let checker = checkers.get(spec.version);
  if (!checker) checkers.set(spec.version, (checker = checkerFor(spec)));
  return checker;
}

/**
 * A version's parts as numbers written in digits, for comparing: three parts, or two read as a third of 0 (0.1's
 * way of writing, as the spec reads `0.1` as `0.1.0`); null for anything else.
 */
function versionParts(version: string): string[] | null {
  const parts = version.split('.');
  if (parts.length === 2) parts.push('0');
  if (parts.length !== 3 || !parts.every((p) => /^(0|[1-9][0-9]*)$/.test(p))) return null;
  return parts;
}

/** Compares two versions' parts as numbers of any length: negative, zero or positive. */
function compareVersions(a: readonly string[], b: readonly string[]): number {
  for (let i = 0; i < 3; i++) {
    const x = a[i] as string;
    const y = b[i] as string;
    if (x.length !== y.length) return x.length - y.length;
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

/**
 * The finding for an answer whose version this package does not read, which it checks by the current version's
 * rules (spec/README.md, Protocol versions): older or newer than every version it reads, between two of them, or
 * not a version of three parts at all.
 */
function versionFinding(version: string): Finding {
  const read = Object.keys(SPECS);
  const parts = versionParts(version);
  let id: FindingId = 'version-unwritten';
  if (parts !== null) {
    const known = read.flatMap((v) => { const p = versionParts(v); return p ? [p] : []; });
    const older = known.every((k) => compareVersions(parts, k) < 0);
    const newer = known.every((k) => compareVersions(parts, k) > 0);
    id = older ? 'version-older' : newer ? 'version-newer' : 'version-unread';
  }
  const entry = FINDINGS[id];
  const message = messageOf(entry, { version, currentVersion: SPEC.version, read });
  return { requirement: null, rule: entry.rule, severity: entry.severity, elementId: null, path: `/${SPEC.tree.version}`, message };
}

/**
 * The rules an answer of `version` is checked by: that version's, when this package reads it, or those of the
 * version that reads an older one's answers as its own (`readsAlso`: only Additive or Editorial RFCs between).
 */
export function rulesOf(version: string): SpecData | undefined {
  // Own keys only: a version such as "constructor" is not one this package reads.
  if (hasOwn(SPECS, version)) return SPECS[version] as SpecData;
  return Object.values(SPECS).find((spec) => spec.readsAlso.includes(version));
}

/**
 * Checks an answer by the rules of the version its version field names, when this package reads that version (an
 * older version a read one `readsAlso` is checked by that one's rules, with no finding); any other version is checked by the current version's rules and is one `version` error at that field. A missing
 * or non-string version is a `structure` error, as any required field's would be.
 */
export function check(answer: unknown, options?: CheckOptions): Finding[] {
  const version = isObject(answer) && hasOwn(answer, SPEC.tree.version) ? answer[SPEC.tree.version] : undefined;
  const rules = typeof version === 'string' ? rulesOf(version) : undefined;
  const findings = checkerOf(rules ?? SPEC)(answer, options);
  if (typeof version !== 'string' || rules !== undefined) return findings;
  findings.push(versionFinding(version));
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
export const passes: (findings: readonly Finding[]) => boolean = (findings) => findings.every((f) => f.severity !== 'error');

/** The first requirement, in the spec's order, that names each checker rule. */
function firstRequirementByRule(requirements: SpecData['requirements']): Map<string, string> {
  const byRule = new Map<string, string>();
  for (const r of requirements) if (r.rule !== null && !byRule.has(r.rule)) byRule.set(r.rule, r.id);
  return byRule;
}
