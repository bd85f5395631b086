import type { Place } from '../../diagnostics/report.js';
import type {
  AppleRole,
  CanonicalModel,
  NotReportedClass,
  Operation,
  Removed,
  Requirement,
  ReservedAttribute,
  RfcSummary,
  Role,
  RoleKind,
  Source,
  State,
  TypeDef,
  VersionRule,
} from '../types.js';
import type { AppleRoleRow } from '../../read/reference.js';

export type RoleRuleKey = 'root' | 'unknown' | 'fallback';

/** An RFC's `External type | Version | Kinds` row: the version of the other specification a type follows. */
export interface ExternalDeclaration {
  type: string;
  version: string;
  kinds: string[];
  since: string;
  source: Source;
}

/**
 * The model as the counted RFCs have built it so far. Objects in it are replaced, never changed, so a snapshot
 * (a copy of the maps and lists) shares every object the next RFC leaves alone, and a Draft can be checked on a
 * copy without touching the counted model.
 */
export interface FoldState {
  version: string | null;
  versioning: VersionRule[];
  versionField: { type: string; field: string; place: Place } | null;
  types: Map<string, TypeDef>;
  /** The section each type's Field or Attribute table stands in, for messages. */
  typeSection: Map<string, string>;
  roles: Map<string, Role>;
  kinds: RoleKind[];
  roleRules: Partial<Record<RoleRuleKey, { role: string; place: Place; source: Source }>>;
  /** Where each role's Apple names were stated (its Apple's name row and each name of its Also covers row). */
  appleClaims: Map<string, Map<string, Place>>;
  states: Map<string, State>;
  removed: Removed[];
  notReported: Map<string, NotReportedClass>;
  attributes: Map<string, ReservedAttribute>;
  operations: Map<string, Operation>;
  requirements: Map<string, Requirement>;
  rfcs: RfcSummary[];
  examples: { value: unknown; source: Source }[];
  privacy: Map<string, { subject: string; note: string; source: Source }>;
  /** By external type: the last counted row that declares what it follows. */
  follows: Map<string, ExternalDeclaration>;
  /** A cache shared by every copy: an Apple row whose mapping did not change keeps its object across versions. */
  appleRoleOf: Map<AppleRoleRow, AppleRole>;
}

export function emptyState(): FoldState {
  return {
    version: null,
    versioning: [],
    versionField: null,
    types: new Map(),
    typeSection: new Map(),
    roles: new Map(),
    kinds: [],
    roleRules: {},
    appleClaims: new Map(),
    states: new Map(),
    removed: [],
    notReported: new Map(),
    attributes: new Map(),
    operations: new Map(),
    requirements: new Map(),
    rfcs: [],
    examples: [],
    privacy: new Map(),
    follows: new Map(),
    appleRoleOf: new Map(),
  };
}

/** A copy whose maps and lists can change without changing `state`; the objects in them are shared. */
export function copyState(state: FoldState): FoldState {
  return {
    ...state,
    versioning: [...state.versioning],
    types: new Map(state.types),
    typeSection: new Map(state.typeSection),
    roles: new Map(state.roles),
    kinds: [...state.kinds],
    roleRules: { ...state.roleRules },
    appleClaims: new Map(state.appleClaims),
    states: new Map(state.states),
    removed: [...state.removed],
    notReported: new Map(state.notReported),
    attributes: new Map(state.attributes),
    operations: new Map(state.operations),
    requirements: new Map(state.requirements),
    rfcs: [...state.rfcs],
    examples: [...state.examples],
    privacy: new Map(state.privacy),
    follows: new Map(state.follows),
  };
}

/** The model before external types are loaded: what the Markdown alone decides. */
export type FoldedModel = Omit<CanonicalModel, 'external'>;
