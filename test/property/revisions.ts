import fc from 'fast-check';
import type { CanonicalModel, RecordType } from '../../generator/model/types.js';

/**
 * Random revisions a maintainer could write next, built from the model of the live spec: each is a list of
 * changes, turned into one RFC-0002 with the guide's tables (spec/README.md, "Changing the protocol").
 */
export type Change =
  | { kind: 'removeRole'; role: string; moveTo: string | null }
  | { kind: 'moveApple'; name: string; to: string }
  | { kind: 'dropCover'; role: string; name: string }
  | { kind: 'removeField'; type: string; field: string }
  | { kind: 'renameField'; type: string; field: string; to: string }
  | { kind: 'addRecord'; name: string }
  | { kind: 'addRequirement'; id: string; rule: string }
  | { kind: 'addState'; name: string; reachable: boolean; path: boolean }
  | { kind: 'addRole'; name: string; kind_: string }
  | { kind: 'deprecate'; from: string; name: string; instead: string | null }
  | { kind: 'renameRole'; role: string; to: string };

// A renamed role's Apple roles move to the new one: a changed mapping, so breaking.
const BREAKING = new Set<Change['kind']>(['removeRole', 'moveApple', 'dropCover', 'removeField', 'renameField', 'renameRole']);

/** Names a maintainer might choose: short lower-case words, distinct from the model's own. */
const word = fc.constantFrom('hint', 'badge', 'score', 'label', 'origin', 'hovered', 'pinned', 'muted', 'expanded');
const typeWord = fc.constantFrom('Hint', 'Badge', 'Score', 'Label', 'Origin');
const roleWord = fc.constantFrom('Slider', 'Button', 'Toolbar', 'Video', 'Audio', 'Form');

export function changes(model: CanonicalModel): fc.Arbitrary<Change[]> {
  const roles = model.roles.map((r) => r.name);
  const covered = model.roles.flatMap((r) => r.covers.map((name) => ({ role: r.name, name })));
  const records = model.types.filter((t): t is RecordType => t.kind === 'record');
  const fields = records.flatMap((t) => t.fields.map((f) => ({ type: t.name, field: f.name })));
  const rules = [...new Set(model.requirements.flatMap((r) => (r.rule ? [r.rule] : [])))];
  const kinds = model.roleKinds.map((k) => k.name);
  // Anything a Deprecated row may name (the fold refuses required fields, states, tree fields and the root's role).
  const rolesType = model.types.find((t) => t.kind === 'roles')?.name ?? '';
  const attributesType = model.types.find((t) => t.kind === 'attributes')?.name ?? '';
  const deprecatable = [
    ...fields.map(({ type, field }) => ({ from: type, name: field })),
    ...roles.map((name) => ({ from: rolesType, name })),
    ...model.attributes.map((a) => ({ from: attributesType, name: a.name })),
    ...model.requirements.map((r) => ({ from: 'Requirements', name: r.id })),
    ...model.operations.map((o) => ({ from: 'Operations', name: o.name })),
  ];
  const change: fc.Arbitrary<Change> = fc.oneof(
    fc.record({ kind: fc.constant('removeRole' as const), role: fc.constantFrom(...roles), moveTo: fc.option(fc.constantFrom(...roles), { nil: null }) }),
    fc.record({ kind: fc.constant('moveApple' as const), name: fc.constantFrom(...covered.map((c) => c.name)), to: fc.constantFrom(...roles) }),
    fc.constantFrom(...covered).map(({ role, name }) => ({ kind: 'dropCover' as const, role, name })),
    fc.constantFrom(...fields).map(({ type, field }) => ({ kind: 'removeField' as const, type, field })),
    fc.record({ pick: fc.constantFrom(...fields), to: word }).map(({ pick, to }) => ({ kind: 'renameField' as const, ...pick, to })),
    typeWord.map((name) => ({ kind: 'addRecord' as const, name })),
    fc.record({ n: fc.integer({ min: 8, max: 12 }), rule: fc.constantFrom(...rules) }).map(({ n, rule }) => ({ kind: 'addRequirement' as const, id: `R${n}`, rule })),
    fc.record({ kind: fc.constant('addState' as const), name: word, reachable: fc.boolean(), path: fc.boolean() }),
    fc.record({ kind: fc.constant('addRole' as const), name: roleWord, kind_: fc.constantFrom(...kinds, 'Controls') }),
    fc.record({ pick: fc.constantFrom(...deprecatable), instead: fc.option(word, { nil: null }) }).map(({ pick, instead }) => ({ kind: 'deprecate' as const, ...pick, instead })),
    fc.record({ kind: fc.constant('renameRole' as const), role: fc.constantFrom(...roles), to: roleWord }),
  );
  return fc.array(change, { minLength: 1, maxLength: 3 });
}

const table = (header: string[], rows: string[][]) =>
  rows.length ? `| ${header.join(' | ')} |\n|${header.map(() => '---').join('|')}|\n${rows.map((r) => `| ${r.join(' | ')} |`).join('\n')}\n\n` : '';
const code = (s: string) => `\`${s}\``;

/** The RFC text for a list of changes; `honest` false declares the other class, as a slip would. */
export function revisionText(model: CanonicalModel, list: readonly Change[], honest: boolean): string {
  const breaking = list.some((c) => BREAKING.has(c.kind)) === honest;
  const [major, minor, patch] = model.protocolVersion.split('.').map(Number) as [number, number, number];
  const to = breaking ? `${major}.${minor + 1}.0` : `${major}.${minor}.${patch + 1}`;
  const effect = `${breaking ? 'Breaking' : 'Additive'}: ${model.protocolVersion} to ${to}`;

  const node = model.tree.node;
  const element = model.types.find((t): t is RecordType => t.kind === 'record' && t.name === node);
  const rolesType = model.types.find((t) => t.kind === 'roles')?.name ?? '';
  const covers = new Map(model.roles.map((r) => [r.name, [...r.covers]]));
  const restated = new Set<string>();
  const removed: string[][] = [];
  const elementFields: string[][] = [];
  const states: string[][] = [];
  const requirements: string[][] = [];
  const roleKinds: string[][] = [];
  const deprecated: string[][] = [];
  const records: { name: string; section: number }[] = [];
  let section = 2;
  for (const c of list) {
    switch (c.kind) {
      case 'removeRole': {
        removed.push([code(c.role), code(rolesType), 'Nothing']);
        if (c.moveTo && c.moveTo !== c.role) {
          const own = model.roles.find((r) => r.name === c.role);
          const moved = [...(own?.appleName ? [c.role] : []), ...(covers.get(c.role) ?? [])];
          covers.set(c.moveTo, [...(covers.get(c.moveTo) ?? []), ...moved]);
          restated.add(c.moveTo);
        }
        break;
      }
      case 'moveApple': {
        for (const [role, names] of covers) {
          if (names.includes(c.name)) {
            covers.set(role, names.filter((n) => n !== c.name));
            restated.add(role);
          }
        }
        covers.set(c.to, [...(covers.get(c.to) ?? []), c.name]);
        restated.add(c.to);
        break;
      }
      case 'dropCover':
        covers.set(c.role, (covers.get(c.role) ?? []).filter((n) => n !== c.name));
        restated.add(c.role);
        break;
      case 'removeField':
        removed.push([code(c.field), code(c.type), 'Nothing']);
        break;
      case 'renameField': {
        removed.push([code(c.field), code(c.type), code(c.to)]);
        const f = element?.fields.find((x) => x.name === c.field);
        if (c.type === node && f) elementFields.push([code(c.to), code(f.notation), f.required ? 'yes' : 'no', f.meaning]);
        break;
      }
      case 'addRecord':
        records.push({ name: c.name, section: section++ });
        break;
      case 'addRequirement':
        requirements.push([c.id, 'A fixture requirement', 'Walk the tree', code(c.rule)]);
        break;
      case 'addState':
        elementFields.push([code(c.name), '`boolean`', 'no', 'A fixture state. Absent means false']);
        states.push([code(c.name), c.reachable ? 'yes' : 'no', c.path ? 'yes' : 'no']);
        break;
      case 'addRole':
        roleKinds.push([c.kind_, code(c.name)]);
        break;
      case 'deprecate':
        // A requirement or an operation is named by itself; From only says where it stood.
        deprecated.push([code(c.name), c.from === 'Requirements' || c.from === 'Operations' ? c.from : code(c.from), c.instead === null ? '—' : code(c.instead)]);
        break;
      case 'renameRole': {
        // Removed and deprecated in one RFC: the old name stays a deprecated alias of the new role, which takes its kind and Apple roles.
        const own = model.roles.find((r) => r.name === c.role);
        removed.push([code(c.role), code(rolesType), code(c.to)]);
        deprecated.push([code(c.role), code(rolesType), code(c.to)]);
        roleKinds.push([own?.kind ?? 'Controls', code(c.to)]);
        covers.set(c.to, [...(own?.appleName ? [c.role] : []), ...(covers.get(c.role) ?? [])]);
        restated.add(c.to);
        break;
      }
    }
  }
  const types = [
    ...(elementFields.length || states.length ? [[code(node), '1', 'record', 'One thing the app shows']] : []),
    ...records.map((r) => [code(r.name), String(r.section), 'record', 'A fixture record']),
  ];
  const coversRows = [...restated].filter((r) => covers.has(r)).map((r) => [code(r), (covers.get(r) ?? []).map(code).join(', ') || '—']);
  let text = `# RFC-0002: A random revision\n\nA revision the property test wrote.\n\n`;
  text += table(['Field', 'Value'], [['Status', 'Accepted'], ['Version effect', effect], ['Supersedes or amends', 'Amends RFC-0001']]);
  text += `## 1. The element\n\n`;
  text += table(['Type', 'Section', 'Kind', 'Meaning'], types);
  text += table(['Field', 'Type', 'Required', 'Meaning'], elementFields);
  text += table(['State', 'Reachable from the root', 'Forms a path'], states);
  text += table(['Removed', 'From', 'Replaced by'], removed);
  text += table(['Kind', 'Roles'], roleKinds);
  text += table(['Role', "Also covers, from Apple's list"], coversRows);
  text += table(['Draft', 'Requirement', 'Check from outside', 'Rule'], requirements);
  text += table(['Deprecated', 'From', 'Use instead'], deprecated);
  for (const r of records) {
    text += `## ${r.section}. ${r.name}\n\n`;
    text += table(['Field', 'Type', 'Required', 'Meaning'], [['`text`', '`string`', 'yes', 'A fixture field']]);
  }
  return text;
}
