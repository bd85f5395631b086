import type { CanonicalModel } from '../../model/types.js';
import { matchesOf, runtimeDeclaredNames } from '../kit/declared-names.js';
import { Names, type NamingConfig } from '../kit/naming.js';
import { specDataTypes } from './spec-data-types.js';

/**
 * TypeScript's names. A type keeps the model's name (the runtime imports the answer's types by it), unless the
 * package declares that name itself: src/index.ts re-exports every module (`export *`), so a model type named as a
 * runtime export, or as one of src/model.ts's or src/operations.ts's own declarations, would be two exports of one
 * name. Such a type is named with `Type` after it.
 */

/** An exported declaration of a TypeScript source: a type, an interface, a class, a value or a function. */
const TS_DECLARATION =
  /^export\s+(?:declare\s+)?(?:abstract\s+)?(?:interface|type|class|const|let|function|enum)\s+([A-Za-z_$][\w$]*)/gm;

/** The globals of TypeScript's lib that the package's files name: a model type of that name would shadow one. */
const LIB_TYPES = [
  'Array',
  'Error',
  'JSON',
  'Map',
  'Number',
  'Object',
  'Promise',
  'Readonly',
  'Record',
  'Required',
  'Set',
  'String',
  'Uint8Array',
];

/**
 * The names src/model.ts and src/operations.ts declare whatever the model: each is declared by its entry here, so
 * one added to those files is kept from the model's types by writing it here.
 */
export const OWN = {
  protocolVersion: 'PROTOCOL_VERSION',
  sdkVersion: 'SDK_VERSION',
  roles: 'ROLES',
  roleKind: 'RoleKind',
  roleInfo: 'ROLE_INFO',
  roleRules: 'ROLE_RULES',
  stateName: 'StateName',
  states: 'STATES',
  spec: 'SPEC',
  specs: 'SPECS',
  findingId: 'FindingId',
  findingEntry: 'FindingEntry',
  findings: 'FINDINGS',
  appleRoles: 'APPLE_ROLES',
  notReported: 'NOT_REPORTED',
  operations: 'Operations',
  toolDefinition: 'ToolDefinition',
  toolDefinitions: 'TOOL_DEFINITIONS',
  requests: 'Requests',
} as const;

/** The constant holding the rules of an earlier protocol version. */
export const versionSpecName = (version: string): string => `SPEC_${version.replace(/\W/g, '_')}`;

/** What the runtime's files (runtime/typescript/) export. */
const RUNTIME = runtimeDeclaredNames('typescript', matchesOf(TS_DECLARATION));

/** Every name the package declares itself, for a model and the versions it reads. */
export function ownNames(model: CanonicalModel, versions: readonly CanonicalModel[]): Set<string> {
  return new Set([
    ...LIB_TYPES,
    ...Object.values(OWN),
    ...versions.map((v) => versionSpecName(v.protocolVersion)),
    ...specDataTypes().map((t) => t.name),
    ...model.external.flatMap((e) => Object.keys(e.definitions)),
    ...RUNTIME,
  ]);
}

/** The kit's names for TypeScript, with each type of the model named as `typeNames` has it. */
class TypeScriptNames extends Names {
  constructor(
    config: NamingConfig,
    private readonly modelTypes: ReadonlyMap<string, string>,
  ) {
    super(config);
  }

  override type(name: string): string {
    return this.modelTypes.get(name) ?? super.type(name);
  }
}

/** Each model type's name in the package: its own, or with `Type` after it (again, until free) where that is taken. */
function typeNames(model: CanonicalModel, own: ReadonlySet<string>): Map<string, string> {
  const taken = new Set([...own, ...model.types.map((t) => t.name)]);
  return new Map(
    model.types.map((t) => {
      let name = t.name;
      if (own.has(name)) {
        while (taken.has(name)) name = `${name}Type`;
        taken.add(name);
      }
      return [t.name, name];
    }),
  );
}

/** The package's names for a model read with the given versions. */
export function typescriptNames(model: CanonicalModel, versions: readonly CanonicalModel[] = [model]): Names {
  const own = ownNames(model, versions);
  return new TypeScriptNames(
    {
      keywords: new Set([
        'delete',
        'default',
        'function',
        'class',
        'new',
        'in',
        'void',
        'this',
        'typeof',
        'var',
        'with',
      ]),
      reservedTypes: own,
      reservedMembers: new Set(),
      types: 'UpperCamelKeeping',
      members: 'lowerCamelKeeping',
      constants: 'SCREAMING_SNAKE',
      enumCases: 'UpperCamelKeeping',
      escapeType: (name) => `${name}Type`,
      escapeMember: (name) => `${name}_`,
    },
    typeNames(model, own),
  );
}
