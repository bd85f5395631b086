import { deprecatedNames } from './deprecation.js';
import { reordered } from './diff-compare.js';
import type { Change } from './diff-rules.js';
import type { CanonicalModel, Source } from './types.js';

/** Where the newer model states what a change is about: the row that added, changed or removed it. */
export function placeOfChange(change: Change, before: CanonicalModel | null, after: CanonicalModel): Source | null {
  const subject = change.subject;
  if (change.rule === 'deprecated') return deprecatedNames(after).find((n) => n.subject === subject)?.source ?? null;
  const removedRow = removedRowOf(after);
  const [word, ...rest] = subject.split(' ');
  const name = rest.join(' ');
  switch (word) {
    case 'fields':
    case 'values':
    case 'roles':
    case 'operations':
    case 'attributes':
    case 'requirements':
    case 'covers':
    case 'classes':
      return placeOfOrder(word, name.replace(/^of /, ''), before, after);
    case 'rule':
      // The requirement the rule's findings now name.
      return after.requirements.find((r) => r.rule === name)?.source ?? null;
    case 'tree': {
      const key = name as keyof CanonicalModel['tree'];
      const type = key === 'root' || key === 'version' ? after.tree.answer : after.tree.node;
      const def = after.types.find((t) => t.name === (key === 'answer' || key === 'node' ? after.tree[key] : type));
      return (
        (def?.kind === 'record' ? def.fields.find((f) => f.name === after.tree[key])?.source : undefined) ??
        def?.source ??
        null
      );
    }
    case 'role':
      if (name === 'kinds') {
        const moved = reordered(
          before?.roleKinds.map((k) => k.name) ?? [],
          after.roleKinds.map((k) => k.name),
        )?.now[0];
        const first = after.roleKinds.find((k) => k.name === moved)?.roles[0];
        return after.roles.find((r) => r.name === first)?.source ?? null;
      }
      if (name.startsWith('rule ')) return after.roleRules.source;
      return after.roles.find((r) => r.name === name)?.source ?? removedRow(name);
    case 'Apple': {
      const role =
        after.appleRoles.find((a) => a.value === name)?.role ?? before?.appleRoles.find((a) => a.value === name)?.role;
      return (role && (after.roles.find((r) => r.name === role)?.source ?? removedRow(role))) || null;
    }
    case 'class':
      return after.notReported.find((n) => n.name === name)?.source ?? null;
    case 'state':
      return after.states.find((s) => s.field === name)?.source ?? removedRow(name);
    case 'attribute':
      return after.attributes.find((a) => a.name === name)?.source ?? removedRow(name);
    case 'operation':
      return after.operations.find((o) => o.name === name)?.source ?? removedRow(name);
    case 'versioning':
      return null;
    case 'external':
      return after.external.find((e) => e.name === name)?.source ?? null;
    default:
      return placeOfIdOrMember(subject, after);
  }
}

/** Where a new order is stated: the first item whose place moved (its row), or the list's owner when none says. */
function placeOfOrder(word: string, name: string, before: CanonicalModel | null, after: CanonicalModel): Source | null {
  switch (word) {
    case 'fields': {
      // The first field whose place moved: the row that reorders it.
      const def = after.types.find((t) => t.name === name);
      const was = before?.types.find((t) => t.name === def?.name);
      const fields = def?.kind === 'record' ? def.fields : [];
      const moved = reordered(
        was?.kind === 'record' ? was.fields.map((f) => f.name) : [],
        fields.map((f) => f.name),
      )?.now[0];
      return fields.find((f) => f.name === moved)?.source ?? def?.source ?? null;
    }
    case 'values': {
      // The first value whose place moved: the row that reorders it.
      const def = after.types.find((t) => t.name === name);
      const was = before?.types.find((t) => t.name === def?.name);
      const values = def?.kind === 'enum' ? def.values : [];
      const moved = reordered(
        was?.kind === 'enum' ? was.values.map((v) => v.value) : [],
        values.map((v) => v.value),
      )?.now[0];
      return values.find((v) => v.value === moved)?.source ?? def?.source ?? null;
    }
    case 'operations':
    case 'attributes':
    case 'requirements':
    case 'classes': {
      const items = (m: CanonicalModel | null): { name?: string; id?: string; source: Source }[] =>
        (word === 'operations'
          ? m?.operations
          : word === 'attributes'
            ? m?.attributes
            : word === 'classes'
              ? m?.notReported
              : m?.requirements) ?? [];
      const key = (x: { name?: string; id?: string }) => x.name ?? x.id ?? '';
      const moved = reordered(items(before).map(key), items(after).map(key))?.now[0];
      return items(after).find((x) => key(x) === moved)?.source ?? null;
    }
    case 'covers': {
      const role = after.roles.find((r) => r.name === name);
      return role?.coversSource ?? role?.source ?? null;
    }
    case 'roles': {
      const kind = name;
      const moved = reordered(
        before?.roleKinds.find((k) => k.name === kind)?.roles ?? [],
        after.roleKinds.find((k) => k.name === kind)?.roles ?? [],
      )?.now[0];
      return after.roles.find((r) => r.name === moved)?.source ?? null;
    }
    default:
      return null;
  }
}

/** The Removed row of this version that took out a name (of `from`, when given), or null. */
const removedRowOf =
  (after: CanonicalModel) =>
  (name: string, from?: string): Source | null =>
    after.removed.find(
      (r) => r.version === after.protocolVersion && r.name === name && (from === undefined || r.from === from),
    )?.source ?? null;

/** A requirement by its id, a type by its name, or a field or value as `Type.member`: its row, or its Removed row. */
function placeOfIdOrMember(subject: string, after: CanonicalModel): Source | null {
  const removedRow = removedRowOf(after);
  const requirement = after.requirements.find((r) => r.id === subject);
  if (requirement) return requirement.source;
  const [type, field] = subject.split('.');
  const def = after.types.find((t) => t.name === type);
  if (field === undefined) return def?.source ?? removedRow(subject);
  const found =
    def?.kind === 'record'
      ? def.fields.find((f) => f.name === field)
      : def?.kind === 'enum'
        ? def.values.find((v) => v.value === field)
        : undefined;
  return found?.source ?? removedRow(field, type) ?? removedRow(subject);
}
