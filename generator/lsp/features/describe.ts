import type { CanonicalModel, Deprecation, EnumType, RecordType } from '../../model/types.js';
import type { Definition, NameKind } from './name-index.js';

/** What the model says of a name of one kind: lines of Markdown, its version (`since`) and its deprecation. */
export interface Entry {
  lines: string[];
  since: string | null;
  deprecated: Deprecation | null;
}

const records = (m: CanonicalModel) => m.types.filter((t): t is RecordType => t.kind === 'record');
const enums = (m: CanonicalModel) => m.types.filter((t): t is EnumType => t.kind === 'enum');
const yes = (b: boolean) => (b ? 'yes' : 'no');

/** The model's entries for a name defined as `kind` (a field may be one of several records'); empty if it has none. */
export function entriesOf(m: CanonicalModel, kind: NameKind, name: string, owner: string | null): Entry[] {
  const plain = (lines: string[], since: string | null, deprecated?: Deprecation) => ({
    lines,
    since,
    deprecated: deprecated ?? null,
  });
  switch (kind) {
    case 'type':
      return m.types
        .filter((t) => t.name === name)
        .map((t) => plain([`type \`${t.name}\` (${t.kind})`, t.meaning], t.since));
    case 'field':
      return records(m)
        .filter((r) => owner === null || r.name === owner)
        .flatMap((r) =>
          r.fields
            .filter((f) => f.name === name)
            .map((f) =>
              plain(
                [`field \`${r.name}.${f.name}\`: \`${f.notation}\`, required: ${yes(f.required)}`, f.meaning],
                f.since,
                f.deprecated,
              ),
            ),
        );
    case 'value':
      return enums(m)
        .filter((e) => owner === null || e.name === owner)
        .flatMap((e) =>
          e.values
            .filter((v) => v.value === name)
            .map((v) => plain([`value \`${v.value}\` of \`${e.name}\``, v.meaning], v.since)),
        );
    case 'role':
      return m.roles
        .filter((r) => r.name === name)
        .map((r) => {
          const covers = r.covers.length ? [`Also covers Apple's ${r.covers.map((c) => `\`${c}\``).join(', ')}`] : [];
          const aliases = (r.aliases ?? []).map((a) => `Reads \`${a.name}\` as this role (removed in ${a.version})`);
          return plain(
            [`role \`${r.name}\` (${r.kind}); Apple's name: ${yes(r.appleName)}`, ...covers, ...aliases],
            r.since,
            r.deprecated,
          );
        });
    case 'appleRole':
      return m.appleRoles
        .filter((a) => a.name === name)
        .map((a) => {
          const becomes = a.role ? `becomes role \`${a.role}\`` : `not reported (${a.class})`;
          return plain(
            [`Apple role \`${a.name}\` (\`${a.value}\`${a.constant ? `, \`${a.constant}\`` : ''}): ${becomes}`],
            null,
          );
        });
    case 'attribute':
      return m.attributes
        .filter((a) => a.name === name)
        .map((a) => plain([`reserved attribute \`${a.name}\`: \`${a.notation}\``, a.meaning], a.since, a.deprecated));
    case 'operation':
      return m.operations
        .filter((o) => o.name === name)
        .map((o) =>
          plain(
            [
              `operation \`${o.name}\`: takes ${o.takes ? `\`${o.takes}\`` : '—'}, returns ${o.returns ? `\`${o.returns}\`` : '—'}`,
              o.meaning,
            ],
            o.since,
            o.deprecated,
          ),
        );
    case 'requirement':
      return m.requirements
        .filter((r) => r.id === name)
        .map((r) =>
          plain(
            [`requirement ${r.id}${r.rule ? `, checked by \`${r.rule}\`` : ''}`, r.requirement, `Check: ${r.check}`],
            r.since,
            r.deprecated,
          ),
        );
    case 'state':
      return m.states
        .filter((s) => s.field === name)
        .map((s) =>
          plain(
            [
              `state \`${s.type}.${s.field}\`: reachable from the root: ${yes(s.reachable)}; forms a path: ${yes(s.path)}`,
            ],
            null,
          ),
        );
    case 'status':
      return [];
  }
}

/** A defining row as its table states it, for a name the model does not hold (yet): "Column: value" per cell. */
export function rowLines(def: Definition): string[] {
  return def.table.header.map((column, i) => `${column}: ${def.row[i]?.markdown || '—'}`);
}

/** What the model's Removed rows say of a name: where it was removed from, when, and what replaced it. */
export function removalsOf(m: CanonicalModel, name: string): string[] {
  return m.removed
    .filter((r) => r.name === name)
    .map(
      (r) =>
        `Removed from \`${r.from}\` in ${r.version} (${r.source.document})${r.replacedBy ? `; replaced by ${r.replacedBy}` : ''}`,
    );
}

export function deprecationLine(d: Deprecation): string {
  return `Deprecated in ${d.version} (${d.source.document})${d.useInstead ? `; use instead ${d.useInstead}` : ''}`;
}
