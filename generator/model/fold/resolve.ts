import type { Diagnostics, Place } from '../../diagnostics/report.js';
import type { AppleRoleRow } from '../../read/reference.js';
import { CONTENT_CLASS, ROLE_RULE_PHRASES } from '../../read/signatures.js';
import type { AppleRole, Field, Role, Source, TreeShape, TypeDef } from '../types.js';
import type { RfcChanges } from './apply-step.js';
import { answerProblem } from '../answer-shape.js';
import type { FoldedModel, FoldState, RoleRuleKey } from './state.js';

export interface ResolveContext {
  appleRoles: readonly AppleRoleRow[];
  appleNotReported: readonly { name: string; reason: string; place: Place }[];
  /** The RFC just applied: a problem it caused is reported at the row that caused it, or at its title. */
  rfcPlace: Place;
  changes: RfcChanges;
  d: Diagnostics;
}

const placeOf = (s: Source): Place => ({ file: s.file, line: s.line, column: s.column });
const RULE_PHRASE = Object.fromEntries(
  Object.entries(ROLE_RULE_PHRASES).map(([phrase, key]) => [key, phrase]),
) as Record<RoleRuleKey, string>;
const RULE_WORDS: Record<RoleRuleKey, string> = {
  root: 'the root has',
  unknown: 'an unknown role is read as',
  fallback: 'fits when none plainly does',
};

/**
 * Checks the state as it stands after one RFC and builds the model from it; null when something is wrong. Every
 * precondition an emitter relies on is checked here, so a model that builds can always be emitted.
 */
export function checkedModel(state: FoldState, ctx: ResolveContext): FoldedModel | null {
  const { d } = ctx;
  // A bad example leaves the model sound, so it does not count here (fold/index.ts goes on past it).
  const errorsNow = () => d.items.filter((x) => x.severity === 'error' && x.ruleId !== 'bad-example').length;
  const errorsBefore = errorsNow();
  if (state.version === null) return null;

  for (const [name, type] of state.types) {
    if (type.kind === 'record' && type.fields.length === 0) {
      d.error(
        'missing-table',
        placeOf(type.source),
        `The record type ${name} has no Field table in section ${state.typeSection.get(name) ?? '(none)'}`,
        name,
      );
    }
    if (type.kind === 'enum' && type.values.length === 0) {
      d.error(
        'missing-table',
        placeOf(type.source),
        `The enum ${name} has no Value table (Value | Meaning) in section ${state.typeSection.get(name) ?? '(none)'}`,
        name,
      );
    }
  }
  if (state.roles.size === 0) d.error('missing-table', ctx.rfcPlace, 'No counted RFC has a role table (Kind | Roles)');
  const rules = {} as Record<RoleRuleKey, string>;
  for (const key of ['root', 'unknown', 'fallback'] as const) {
    const rule = state.roleRules[key];
    if (!rule) {
      d.error('missing-table', ctx.rfcPlace, `No counted RFC says which role ${RULE_WORDS[key]} (Rule | Role)`);
      continue;
    }
    rules[key] = rule.role;
    if (state.roles.has(rule.role)) continue;
    const removedAt = ctx.changes.removedRoles.get(rule.role);
    if (removedAt)
      d.error(
        'unknown-role',
        removedAt,
        `Removing ${rule.role} leaves the Rule | Role row "${RULE_PHRASE[key]}" without its role; restate that row in this RFC`,
        rule.role,
      );
    else d.error('unknown-role', rule.place, 'The role is not in the role language', rule.role);
  }

  const appleRoles = appleMapping(state, ctx);
  const tree = treeShape(state, ctx);
  if (tree) checkStates(state, tree, ctx);
  if (tree) checkExamples(state, tree, ctx);
  if (!tree || errorsNow() > errorsBefore) return null;
  const root = state.roleRules.root as { source: Source };
  return {
    format: 1,
    protocolVersion: state.version,
    rfcs: [...state.rfcs],
    versioning: state.versioning,
    types: [...state.types.values()],
    roleKinds: state.kinds.filter((k) => k.roles.length > 0),
    roles: state.kinds.flatMap((k) => k.roles.map((r) => state.roles.get(r) as Role)),
    roleRules: { ...rules, source: root.source },
    states: [...state.states.values()],
    removed: [...state.removed],
    notReported: [...state.notReported.values()],
    appleRoles,
    attributes: [...state.attributes.values()],
    operations: [...state.operations.values()],
    requirements: [...state.requirements.values()],
    tree,
    examples: [...state.examples],
    privacy: [...state.privacy.values()],
  };
}

/**
 * Apple's roles, each content (and then claimed by exactly one protocol role) or in a class that is not reported.
 * Worked out afresh from the roles' claims after every RFC, so a removed role or a restated row is followed.
 */
function appleMapping(state: FoldState, ctx: ResolveContext): AppleRole[] {
  const { d } = ctx;
  const claimedBy = new Map<string, { role: string; place: Place }>();
  for (const kind of state.kinds) {
    for (const role of kind.roles) {
      for (const [name, place] of state.appleClaims.get(role) ?? []) {
        const prior = claimedBy.get(name);
        if (!prior) {
          claimedBy.set(name, { role, place });
          continue;
        }
        // Report the claim this RFC made: the earlier versions were consistent.
        const [older, newer] =
          prior.place.file === ctx.rfcPlace.file ? [{ role, place }, prior] : [prior, { role, place }];
        d.error(
          'duplicate-entry',
          newer.place,
          `Apple's ${name} is already covered by ${older.role} (${older.place.file}:${older.place.line}); to move it, restate ${older.role}'s row without it`,
          name,
        );
      }
    }
  }
  for (const extra of ctx.appleNotReported) {
    if (!state.notReported.has(extra.name)) {
      state.notReported.set(extra.name, {
        name: extra.name,
        reason: extra.reason,
        source: { document: 'apple-roles', section: null, ...extra.place },
      });
    }
  }
  const appleRoles: AppleRole[] = [];
  for (const row of ctx.appleRoles) {
    const role = claimedBy.get(row.name)?.role ?? null;
    if (row.class === CONTENT_CLASS) {
      if (!role && !ctx.changes.mappedToUnknownRole.has(row.name)) {
        const orphanedAt = ctx.changes.orphaned.get(row.name);
        if (orphanedAt)
          d.error(
            'unmapped-apple-role',
            orphanedAt,
            `This leaves Apple's ${row.name} (a content role) without a protocol role; cover it in another role's Also covers row in this RFC`,
            row.name,
          );
        else d.error('unmapped-apple-role', row.place, "No RFC maps this content role of Apple's", row.value);
      }
    } else if (!state.notReported.has(row.class)) {
      d.error(
        'unknown-class',
        row.classPlace,
        'The class is not content and not a class that is not reported',
        row.class,
      );
    } else if (role) {
      d.error(
        'unknown-class',
        row.classPlace,
        `${row.value} is mapped to ${role} but its class says it is not reported`,
        row.class,
      );
    }
    const mapped = row.class === CONTENT_CLASS ? role : null;
    let appleRole = state.appleRoleOf.get(row);
    if (appleRole?.role !== mapped) {
      appleRole = {
        constant: row.constant,
        value: row.value,
        name: row.name,
        class: row.class,
        origin: row.origin,
        role: mapped,
        source: {
          document: 'apple-roles',
          section: null,
          file: row.place.file,
          line: row.place.line,
          column: row.place.column,
        },
      };
      state.appleRoleOf.set(row, appleRole);
    }
    appleRoles.push(appleRole);
  }
  return appleRoles;
}

const isNamed = (f: Field) => f.type.kind === 'named';
const itemName = (f: Field) =>
  f.type.kind === 'named'
    ? f.type.name
    : f.type.kind === 'array' && f.type.items.kind === 'named'
      ? f.type.items.name
      : null;

/** Finds the tree in the types: the answer an operation returns, its root field, and the node's own fields. */
function treeShape(state: FoldState, ctx: ResolveContext): TreeShape | null {
  const { d } = ctx;
  const record = (name: string | null | undefined) => {
    const t = name ? state.types.get(name) : undefined;
    return t?.kind === 'record' ? t : undefined;
  };
  const kindOf = (f: Field): TypeDef['kind'] | undefined => {
    const n = itemName(f);
    return n ? state.types.get(n)?.kind : undefined;
  };
  for (const kind of ['roles', 'attributes'] as const) {
    const all = [...state.types.values()].filter((t) => t.kind === kind);
    // A second set of words is most likely meant for a field: say the form that gives one.
    const instead =
      kind === 'roles'
        ? ' (a field that holds one of a fixed set of words has an enum for its type: Kind enum, with a Value | Meaning table)'
        : '';
    if (all.length > 1)
      d.error(
        'duplicate-entry',
        placeOf((all[1] as TypeDef).source),
        `There can be one ${kind} type; ${all.map((t) => t.name).join(' and ')} are both ${kind}${instead}`,
        (all[1] as TypeDef).name,
      );
  }
  const answer = [...state.operations.values()].map((o) => record(o.returns)).find((t) => t !== undefined);
  const rootField = answer?.fields.find((f) => f.type.kind === 'named' && record(f.type.name));
  const node = rootField && rootField.type.kind === 'named' ? record(rootField.type.name) : undefined;
  const children = node?.fields.find(
    (f) => f.type.kind === 'array' && f.type.items.kind === 'named' && f.type.items.name === node.name,
  );
  const role = node?.fields.find((f) => isNamed(f) && kindOf(f) === 'roles');
  const attributes = node?.fields.find((f) => isNamed(f) && kindOf(f) === 'attributes');
  const content = node?.fields.find((f) => f.type.kind === 'array' && kindOf(f) === 'external');
  // The id is the field the uniqueness requirement names; failing that, the node's first required string.
  const uniqueness = [...state.requirements.values()].find((r) => r.rule === 'unique-id');
  const named = uniqueness ? [...uniqueness.requirement.matchAll(/`([^`]+)`/g)].map((m) => m[1]) : [];
  const id =
    node?.fields.find((f) => named.includes(f.name)) ??
    node?.fields.find((f) => f.required && f.type.kind === 'primitive' && f.type.name === 'string');
  const versionField = state.versionField;
  if (!versionField) {
    d.error(
      'missing-table',
      ctx.rfcPlace,
      'No counted RFC says which field of the answer holds the version (Versioned by | Field)',
    );
    return null;
  }
  if (versionField.type !== answer?.name || !answer.fields.some((f) => f.name === versionField.field)) {
    d.error(
      'unknown-field',
      ctx.changes.removedFields.get(`${versionField.type}.${versionField.field}`) ?? versionField.place,
      `The version field must be a field of the answer (${answer?.name ?? 'none'})`,
      versionField.field,
    );
    return null;
  }
  const missing = !answer
    ? 'an operation that returns a record (the answer)'
    : !rootField || !node
      ? "a field of the answer whose type is the tree's element record"
      : !children
        ? 'a field of the element typed as an array of elements (its children)'
        : !role
          ? 'a field of the element typed with the roles type'
          : !id
            ? 'an id field (a required string field of the element)'
            : !attributes
              ? 'a field of the element typed with the attributes type'
              : null;
  if (missing || !answer || !rootField || !node || !children || !role || !id || !attributes) {
    // A field whose type cell was misspelt is reported there; the tree it breaks is the same slip, not a second finding.
    if (ctx.changes.unknownTypeNamed) return null;
    // Point at the row of this RFC that removed the field the tree needed, when there is one.
    const removed = node
      ? [...ctx.changes.removedFields].find(([key]) => key.startsWith(`${node.name}.`))?.[1]
      : undefined;
    d.error(
      'missing-table',
      removed ?? ctx.rfcPlace,
      `The types do not form a tree: the spec needs ${missing ?? 'its tree fields'}`,
    );
    return null;
  }
  return {
    answer: answer.name,
    root: rootField.name,
    node: node.name,
    children: children.name,
    id: id.name,
    role: role.name,
    attributes: attributes.name,
    content: content?.name ?? null,
    version: versionField.field,
  };
}

/** States are boolean fields of the tree's element, each with a default the reader applies. */
function checkStates(state: FoldState, tree: TreeShape, ctx: ResolveContext): void {
  const { d } = ctx;
  if (state.states.size === 0)
    d.error(
      'missing-table',
      ctx.rfcPlace,
      `No counted RFC states which fields of ${tree.node} are states (State | Reachable from the root | Forms a path)`,
    );
  const node = state.types.get(tree.node);
  for (const [name, s] of state.states) {
    const place = placeOf(s.source);
    const field =
      s.type === tree.node && node?.kind === 'record' ? node.fields.find((f) => f.name === name) : undefined;
    if (s.type !== tree.node) {
      d.error(
        'unknown-field',
        place,
        `A state must be a field of the tree's element, ${tree.node}; this State table stands in the section of ${s.type}`,
        name,
      );
    } else if (field?.type.kind !== 'primitive' || field.type.name !== 'boolean') {
      d.error('unknown-field', place, `A state must be a boolean field of ${s.type}`, name);
    } else if (!field.default) {
      // A receiver must know what an absent state reads as (the state reader depends on it).
      d.error(
        'bad-default',
        placeOf(field.source),
        `The state ${name} needs a default: end its Meaning with "Absent means ..."`,
        name,
      );
    }
  }
}

/**
 * An RFC's json examples are answers of the version it makes: each becomes a conformance vector that every binding
 * must decode, and a page's example. One that is not an answer (a missing or unknown field, a value of the wrong
 * JSON type) is reported where it stands, rather than shipped as a vector that says it is valid. Only the examples
 * of the RFC just folded are checked: a later RFC may change what an answer is.
 */
function checkExamples(state: FoldState, tree: TreeShape, ctx: ResolveContext): void {
  const rfc = state.rfcs.at(-1);
  // Two RFCs may make one version: the examples of the earlier ones must still be answers of it as this one leaves it.
  const sameVersion = new Set(
    state.rfcs.filter((r) => r.version === rfc?.version && r.effect !== 'editorial').map((r) => r.id),
  );
  for (const example of state.examples) {
    const own = example.source.document === rfc?.id;
    if (!own && (rfc?.effect === 'editorial' || !sameVersion.has(example.source.document))) continue;
    const at = placeOf(example.source);
    // An example already said to be no answer when its own RFC was folded is not said again.
    if (!own && ctx.d.items.some((x) => x.ruleId === 'bad-example' && x.file === at.file && x.line === at.line))
      continue;
    const problem = answerProblem((name) => state.types.get(name), tree, example.value);
    const which = own
      ? 'this version'
      : `${rfc?.version}, as ${rfc?.id} leaves it (the two make one version; update this example, or make that change in a version of its own)`;
    if (problem) ctx.d.error('bad-example', at, `The example is not an answer of ${which}: ${problem}`);
  }
}
