import type { CanonicalModel } from '../../model/types.js';
import { FINDINGS } from '../kit/findings.js';
import { specData } from '../kit/spec-data.js';
import { plainText } from '../shared/text.js';
import { docs, literal, type ModelStatements } from './model-statements.js';
import { OWN, versionSpecName } from './naming.js';
import { specDataTypes } from './spec-data-types.js';
import { StructureKind, VariableDeclarationKind } from './ts-morph.js';

/** What the runtime reads: the states, and the rules of the current version and of every other it reads. */
export function specDataStatements(
  statements: ModelStatements,
  model: CanonicalModel,
  versions: readonly CanonicalModel[],
): void {
  statements.type({
    kind: StructureKind.TypeAlias,
    isExported: true,
    name: OWN.stateName,
    type: model.states.map((s) => literal(s.field)).join(' | ') || 'never',
    docs: docs('The states an element states about itself.'),
  });
  for (const { name, type, doc } of specDataTypes())
    statements.type({ kind: StructureKind.TypeAlias, isExported: true, name, type, docs: docs(doc) });
  const specs = versions.filter((v) => v.protocolVersion !== model.protocolVersion);
  for (const v of specs) {
    statements.constant(
      versionSpecName(v.protocolVersion),
      'SpecData',
      literal(specData(v), 2),
      `The rules of protocol ${v.protocolVersion}.`,
      false,
    );
  }
  const current = specData(model);
  statements.constant(
    OWN.states,
    `readonly { readonly name: ${OWN.stateName}; readonly default: StateDefault; readonly reachable: boolean; readonly path: boolean }[]`,
    literal(current.states, 2),
    'Each state of the current version, its default, whether it must be reachable from the root, and whether it forms a path.',
  );
  statements.constant(
    OWN.spec,
    'SpecData',
    literal({ ...current, states: null }, 2).replace('states: null', `states: ${OWN.states}`),
    `The rules of protocol ${model.protocolVersion}, the version these types describe.`,
  );
  statements.value({
    kind: StructureKind.VariableStatement,
    isExported: true,
    declarationKind: VariableDeclarationKind.Const,
    docs: docs('The rules of every protocol version this package reads, by version.'),
    declarations: [
      {
        name: OWN.specs,
        type: 'Readonly<Record<string, SpecData>>',
        initializer: `{ ${[...specs.map((v) => `${literal(v.protocolVersion)}: ${versionSpecName(v.protocolVersion)}`), `${literal(model.protocolVersion)}: ${OWN.spec}`].join(', ')} }`,
      },
    ],
  });
}

/** The findings catalogue (the kit's FINDINGS), once for every version: what the checker reports by id. */
export function findingStatements(statements: ModelStatements): void {
  statements.type({
    kind: StructureKind.TypeAlias,
    isExported: true,
    name: OWN.findingId,
    type: FINDINGS.map((f) => `\n  | ${literal(f.id)}`).join(''),
    docs: docs('The id of each finding the checker can give.'),
  });
  statements.type({
    kind: StructureKind.TypeAlias,
    isExported: true,
    name: OWN.findingEntry,
    type: `{
  readonly rule: string;
  readonly severity: 'error' | 'warning';
  /** With \`{slot}\` where a value goes. */
  readonly message: string;
  /** How each list slot's texts are written: joined by \`joiner\`, each in double quotes when \`quoted\`. */
  readonly lists?: Readonly<Record<string, { readonly joiner: string; readonly quoted: boolean }>>;
}`,
    docs: docs('A finding the checker can give: its rule, its severity and its message.'),
  });
  statements.constant(
    OWN.findings,
    `Readonly<Record<${OWN.findingId}, ${OWN.findingEntry}>>`,
    `{\n${FINDINGS.map(({ id, ...entry }) => `  ${literal(id)}: ${literal(entry)}`).join(',\n')}\n}`,
    'Every finding the checker can give, by id: the checker reports an id and the values of its slots, and the message comes from here.',
  );
}

/** Apple's roles with the role each becomes (typed as the last argument says), and the classes not reported. */
export function appleRoleStatements(statements: ModelStatements, model: CanonicalModel, role: string): void {
  statements.constant(
    OWN.appleRoles,
    `readonly { readonly value: string; readonly name: string; readonly class: string; readonly role: ${role} | null }[]`,
    literal(
      model.appleRoles.map((a) => ({ value: a.value, name: a.name, class: a.class, role: a.role })),
      2,
    ),
    "Apple's roles, each with the protocol role it becomes, or null with the class of elements that are not reported.",
  );
  statements.constant(
    OWN.notReported,
    'readonly { readonly name: string; readonly reason: string }[]',
    literal(
      model.notReported.map((n) => ({ name: n.name, reason: plainText(n.reason) })),
      2,
    ),
    'Classes of elements a provider does not report, and why.',
  );
}
