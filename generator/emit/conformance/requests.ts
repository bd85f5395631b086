import type { CanonicalModel, RecordType, TypeRef } from '../../model/types.js';
import { type OperationSide, operationShapes } from '../kit/operations.js';
import type { Json } from '../kit/vector.js';
import { AnswerBuilder } from './answers.js';
import { type ExternalSamples, externalSamples } from './requests-external.js';

/**
 * Request vectors: tool arguments each binding's request types must accept or refuse exactly as the tool's
 * `inputSchema` (tools.json, strict) does. Each case's verdict follows from how it was built (a value of the right
 * type, or one slip added to it), not from running a schema; test/emit/request-vectors.test.ts holds every verdict
 * to the published schema with a JSON Schema validator.
 */
export interface RequestCase {
  name: string;
  /** The operation (the tool's name) whose request reads the arguments. */
  operation: string;
  arguments: { [key: string]: Json };
  accepted: boolean;
  why: string;
}

type Obj = { [key: string]: Json };

/** A member name no record of the spec declares. */
function strangerOf(record: RecordType | undefined): string {
  let name = 'notAMember';
  while (record?.fields.some((f) => f.name === name)) name = `${name}X`;
  return name;
}

/** Builds values of the model's types: `full` gives every field, else only the required ones. */
class Samples {
  /** The answer builder's words: a role other than the root's, a role or enum value the spec lacks. */
  private readonly words: AnswerBuilder;

  constructor(readonly model: CanonicalModel) {
    this.words = new AnswerBuilder(model);
  }

  /**
   * An answer taken as a request with its root's role other than the root role, which the strict schema fixes
   * (undefined for any other record, or a language of one role).
   */
  rootRoleCase(record: RecordType, answer: Obj): Obj | undefined {
    const { tree, roleRules } = this.model;
    const root = answer[tree.root];
    const other = this.words.otherRole();
    if (
      record.name !== tree.answer ||
      other === undefined ||
      other === roleRules.root ||
      typeof root !== 'object' ||
      root === null
    )
      return undefined;
    return { ...answer, [tree.root]: { ...(root as Obj), [tree.role]: other } };
  }

  isAttributes(type: TypeRef): boolean {
    return type.kind === 'named' && this.model.types.some((t) => t.name === type.name && t.kind === 'attributes');
  }

  record(name: string): RecordType | undefined {
    const t = this.model.types.find((x) => x.name === name);
    return t?.kind === 'record' ? t : undefined;
  }

  /** A valid value of a type, or undefined when none can be built (an external type). */
  value(type: TypeRef, full: boolean, open: readonly string[] = []): Json | undefined {
    if (type.kind === 'primitive') return type.name === 'string' ? 'text' : type.name === 'boolean' ? true : 1;
    if (type.kind === 'array') {
      // A list holds one item when full (a record holding itself, as an element its children, holds none).
      const item = full && !this.holds(type.items, open) ? this.value(type.items, full, open) : undefined;
      return item === undefined ? [] : [item];
    }
    const def = this.model.types.find((t) => t.name === type.name);
    if (def?.kind === 'enum') return def.values[0]?.value;
    // The root's role is valid wherever a role is, the answer's root included (the strict schema fixes it there).
    if (def?.kind === 'roles') return this.model.roleRules.root;
    if (def?.kind === 'attributes') return {};
    if (def?.kind === 'record') return this.object(def, full, open);
    if (def?.kind === 'external') return this.external(def.name)?.valid;
    return undefined;
  }

  private readonly externals = new Map<string, ExternalSamples | undefined>();

  /** An external type's valid value and slips, read once from its schema. */
  external(name: string): ExternalSamples | undefined {
    if (!this.externals.has(name)) this.externals.set(name, externalSamples(this.model, name));
    return this.externals.get(name);
  }

  /** The external type a value of this type holds (itself or its list's items), if any. */
  externalOf(type: TypeRef): string | undefined {
    const named = type.kind === 'array' ? type.items : type;
    if (named.kind !== 'named') return undefined;
    return this.model.types.find((t) => t.name === named.name)?.kind === 'external' ? named.name : undefined;
  }

  /** A record's value; undefined when a required field has no value to build. */
  object(record: RecordType, full: boolean, open: readonly string[] = []): Obj | undefined {
    const out: Obj = {};
    const inside = [...open, record.name];
    for (const f of record.fields) {
      if (!f.required && (!full || this.holds(f.type, inside))) continue;
      const v = this.value(f.type, full, inside);
      if (v === undefined) {
        if (f.required) return undefined;
        continue;
      }
      out[f.name] = v;
    }
    return out;
  }

  private holds(type: TypeRef, open: readonly string[]): boolean {
    if (type.kind === 'array') return this.holds(type.items, open);
    return type.kind === 'named' && open.includes(type.name);
  }

  /** What kind of slip a value of this type can carry: an unknown word, or a member of a nested record. */
  kindOf(type: TypeRef): 'roles' | 'enum' | 'record' | 'other' {
    const named = type.kind === 'array' ? type.items : type;
    if (named.kind !== 'named') return 'other';
    const kind = this.model.types.find((t) => t.name === named.name)?.kind;
    return kind === 'roles' || kind === 'enum' || kind === 'record' ? kind : 'other';
  }

  /** A value of the wrong JSON type for the type; undefined for an external type, whose schema is not ours. */
  wrong(type: TypeRef): Json | undefined {
    if (type.kind === 'array') return {};
    if (type.kind === 'primitive') return type.name === 'string' ? 1 : 'text';
    const kind = this.model.types.find((t) => t.name === type.name)?.kind;
    if (kind === 'external' || kind === undefined) return undefined;
    return kind === 'roles' || kind === 'enum' ? 1 : 'text';
  }

  /** A valid value with one slip inside it: an unknown role or enum value, or a member the nested record lacks. */
  slipped(type: TypeRef, kind: 'roles' | 'enum' | 'record'): Json | undefined {
    const item = type.kind === 'array' ? type.items : type;
    let bad: Json | undefined;
    if (kind === 'roles') bad = this.words.unknownRole();
    else if (kind === 'enum') bad = this.words.unknownValue(this.valuesOf(item));
    else if (item.kind === 'named') {
      const record = this.record(item.name);
      const value = record && this.object(record, false);
      bad = value && { ...value, [strangerOf(record)]: 1 };
    }
    if (bad === undefined) return undefined;
    return type.kind === 'array' ? [bad] : bad;
  }

  private valuesOf(type: TypeRef): string[] {
    const def = type.kind === 'named' ? this.model.types.find((t) => t.name === type.name) : undefined;
    return def?.kind === 'enum' ? def.values.map((v) => v.value) : [];
  }
}

/** A name the attributes may not hold: a state's (the strict schema keeps states off the attributes). */
const forbiddenAttribute = (model: CanonicalModel): string | undefined => model.states[0]?.field;

const SLIP_WHY = {
  roles: 'a role not in the role language',
  enum: 'a value not in the enum',
  record: 'a member the nested record does not define',
} as const;
const SLIP_NAME = { roles: 'unknown-role', enum: 'unknown-value', record: 'nested-extra-member' } as const;

/** The members a side's arguments hold, as field-like entries: a record's fields, or the one wrapped property. */
function membersOf(s: Samples, side: OperationSide) {
  if (side.form === 'wrapped')
    return { record: undefined, members: [{ name: side.key, type: side.type, required: true }] };
  const record = s.record(side.type.name);
  return { record, members: record?.fields ?? [] };
}

function casesOf(s: Samples, operation: string, side: OperationSide): RequestCase[] {
  const { record, members } = membersOf(s, side);
  const build = (full: boolean): Obj | undefined => {
    if (record) return s.object(record, full);
    const v = s.value(side.type, full);
    return v === undefined ? undefined : { [(side as { key: string }).key]: v };
  };
  const minimal = build(false);
  if (minimal === undefined) return [];
  const cases: RequestCase[] = [];
  const add = (suffix: string, args: Obj, accepted: boolean, why: string) =>
    cases.push({ name: `${operation}-${suffix}`, operation, arguments: args, accepted, why });
  add('minimal', minimal, true, 'every required member, nothing else');
  const full = build(true);
  if (full && JSON.stringify(full) !== JSON.stringify(minimal)) add('full', full, true, 'every member');
  add('extra-member', { ...minimal, [strangerOf(record)]: 1 }, false, 'a member the request does not define');
  const rooted = record && s.rootRoleCase(record, minimal);
  if (rooted) add('root-role', rooted, false, 'an answer whose root has a role other than the root role');
  for (const m of members) {
    const named = record ? `-${m.name}` : '';
    if (m.required) {
      const { [m.name]: _dropped, ...rest } = minimal;
      add(`missing${named}`, rest, false, `the required member ${m.name} left out`);
    } else {
      // An optional member is left out, never null: the schema gives no member a null.
      add(`null${named}`, { ...minimal, [m.name]: null }, false, `the optional member ${m.name} as null`);
    }
    const wrong = s.wrong(m.type);
    if (wrong !== undefined)
      add(`wrong-type${named}`, { ...minimal, [m.name]: wrong }, false, `${m.name} of the wrong JSON type`);
    const kind = s.kindOf(m.type);
    const forbidden = forbiddenAttribute(s.model);
    if (s.isAttributes(m.type) && forbidden !== undefined)
      add(
        `state-in-attributes${named}`,
        { ...minimal, [m.name]: { [forbidden]: true } },
        false,
        `a state, ${forbidden}, among the attributes`,
      );
    const external = s.externalOf(m.type);
    const edge = external ? s.external(external)?.edge : undefined;
    const inList = (v: Json) => (m.type.kind === 'array' ? [v] : v);
    if (edge !== undefined)
      add(
        `edge${named}`,
        { ...minimal, [m.name]: inList(edge) },
        true,
        `${m.name} with each bound met exactly and each pattern by a sample`,
      );
    for (const slip of external ? (s.external(external)?.slips ?? []) : [])
      add(`${slip.kind}${named}`, { ...minimal, [m.name]: inList(slip.value) }, false, slip.why);
    if (kind === 'other') continue;
    const bad = s.slipped(m.type, kind);
    if (bad !== undefined) add(`${SLIP_NAME[kind]}${named}`, { ...minimal, [m.name]: bad }, false, SLIP_WHY[kind]);
  }
  return cases;
}

/**
 * The request vectors of every operation that takes something (one that takes nothing has no request type), in the
 * spec's order; an operation whose request needs a value no case can build (an external type) has none.
 */
export function buildRequests(model: CanonicalModel): RequestCase[] {
  const s = new Samples(model);
  return operationShapes(model).flatMap((o) => (o.takes === null ? [] : casesOf(s, o.name, o.takes)));
}
