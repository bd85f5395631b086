import type { Place } from '../diagnostics/report.js';
import type { FieldDefault, TypeRef } from './cell-types.js';
import type { Located, TypeCell } from './cells.js';
import type { BodyPart, Cell } from './tables.js';

/** What one RFC states, read from its tables before the fold (generator/model/fold) applies it. */
export interface TypeRow {
  name: string;
  section: string | null;
  kind: string;
  meaning: string;
  place: Place;
  /** Where its Kind cell stands, for a finding about the kind itself. */
  kindPlace: Place;
}

export interface FieldRow {
  name: string;
  notation: string;
  type: TypeRef | null;
  required: boolean;
  meaning: string;
  default: FieldDefault | null;
  place: Place;
  typePlace: Place;
}

export interface SectionTable<Row> {
  section: string | null;
  place: Place;
  rows: Row[];
}

export interface RfcDraft {
  id: string;
  number: number;
  title: string;
  summary: string;
  file: string;
  place: Place;
  metadata: Map<string, Cell>;
  /** Whether the RFC has a metadata table at all (when it has none, that alone is said, not each missing row). */
  hasMetadataTable: boolean;
  types: TypeRow[];
  fieldTables: SectionTable<FieldRow>[];
  stateTables: SectionTable<{ field: string; reachable: boolean; path: boolean; place: Place }>[];
  removed: { name: string; from: string; replacedBy: string | null; place: Place }[];
  /** Use instead: Markdown, or null for `—`; its first code span, for an alias or a binding's replacement. */
  deprecated: {
    name: string;
    from: string;
    useInstead: string | null;
    useInsteadName: string | null;
    place: Place;
    useInsteadPlace: Place;
  }[];
  roleKinds: { kind: string; roles: Located<string>[]; place: Place }[];
  appleNames: { role: Located<string>; appleName: boolean }[];
  covers: { role: Located<string>; names: Located<string>[]; note: string | null }[];
  roleRules: { rule: 'root' | 'unknown' | 'fallback'; role: Located<string> }[];
  notReported: { name: string; reason: string; place: Place }[];
  /** An enum's values: the `Value | Meaning` table in the section its Types row names. */
  valueTables: SectionTable<{ value: string; meaning: string; place: Place }>[];
  attributeTables: SectionTable<{
    name: string;
    notation: string;
    type: TypeRef | null;
    meaning: string;
    place: Place;
    typePlace: Place;
  }>[];
  /** Takes and Returns: one type each, or null for `—`. */
  operations: { name: string; takes: TypeCell | null; returns: TypeCell | null; meaning: string; place: Place }[];
  versioning: { change: string; beforeOne: string; fromOne: string; place: Place }[];
  versionField: { type: string; field: string; place: Place } | null;
  examples: { value: unknown; section: string | null; place: Place }[];
  privacy: { subject: string; note: string; place: Place }[];
  sections: { number: string; title: string; line: number }[];
  /** The RFC's text after its title, cut at its headings, for the reference's RFC pages. */
  body: BodyPart[];
  requirements: {
    id: string;
    requirement: string;
    check: string;
    rule: string | null;
    place: Place;
    rulePlace: Place;
  }[];
  /** The version of another specification an external type follows, and the kinds it has there. */
  follows: ExternalDeclarationRow[];
}

export interface ExternalDeclarationRow {
  type: string;
  version: string;
  kinds: string[];
  place: Place;
}
