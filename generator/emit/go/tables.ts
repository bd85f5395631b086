import type { CanonicalModel } from '../../model/types.js';
import type { RolesDecl } from '../kit/decl-types.js';
import { findingsLiterals } from '../kit/findings.js';
import { linesOf } from '../core/lines.js';
import { goComment, goEntries } from './layout.js';
import { goLiteral } from './naming.js';

/** What templates/go/ holds in columns, from the model: lookup tables' entries and the effective state's fields. */

/** spec.go's findingCatalogue: each finding's id, its rule, severity, message and list slots (nil for none). */
export function findingEntries(): string {
  const entries = findingsLiterals(goLiteral).map((f) => {
    const lists = f.hasLists
      ? `map[string]listSlot{${f.lists.map((l) => `${l.slot}: {${l.joiner}, ${l.quoted}}`).join(', ')}}`
      : 'nil';
    return {
      key: f.id,
      value: `{${f.rule}, ${f.error ? 'SeverityError' : 'SeverityWarning'}, ${f.message}, ${lists}},`,
    };
  });
  return goEntries(entries, 1);
}

/** reader.go's appleRoles: each Apple role's value, the role it maps to (nil for none), its class and the reason. */
export function appleEntries(model: CanonicalModel, roles: RolesDecl): string {
  const caseOf = new Map(roles.cases.map((c) => [c.value, c.name]));
  const reasons = new Map(model.notReported.map((n) => [n.name, n.reason]));
  const entries = model.appleRoles.map((a) => {
    const role = a.role === null ? null : (caseOf.get(a.role) ?? null);
    const reason = a.role === null ? goLiteral(reasons.get(a.class) ?? a.class) : '""';
    return {
      key: goLiteral(a.value),
      value: `{${role === null ? 'nil' : `role(${roles.name}${role})`}, ${goLiteral(a.value)}, ${goLiteral(a.class)}, ${reason}},`,
    };
  });
  return goEntries(entries, 1);
}

/** reader.go's effective state: a bool per element state, each below its doc, lined up as gofmt lines up fields. */
export function stateFields(states: readonly { name: string; doc: string }[]): string {
  return linesOf(
    (w) => w.aligned(() => states.forEach((s) => goComment(w, s.doc).row(s.name, 'bool'))),
    '\t',
    1,
  ).replace(/\n$/, '');
}
