import type { CanonicalModel } from '../../model/types.js';
import { removedAttributes } from './answer-schema.js';
import type { AttributesDecl, Decl, EnumDecl, FieldDecl, RecordDecl, RolesDecl, TypeView } from './decl-types.js';

/**
 * What a request type must refuse beyond what decoding its lenient type refuses, for a binding whose request types
 * decode the lenient type and then look for what the tool's inputSchema refuses (generated/schema/tools.json,
 * strict: kit/answer-schema.ts). The lenient types already refuse a missing required member, a value of the wrong
 * JSON type and a null; they keep what the strict schema refuses: a member a record does not define (in its
 * unknown fields), a role outside the language and a value outside an enum (each an unknown case), and, in the
 * attributes, a state's name or a removed attribute's. So the checks are these, for each type a request reaches.
 * External types (MCP's content blocks) are not reached: their values are checked as their lenient types decode
 * them.
 */

/** A type whose values may hold something a strict schema refuses. */
export type CheckedKind = 'record' | 'roles' | 'enum' | 'attributes';

export interface RequestChecks {
  /** Each record a request reaches, with its fields whose values are checked (the others' types refuse enough). */
  records: { decl: RecordDecl; fields: FieldDecl[] }[];
  roles: RolesDecl | null;
  enums: EnumDecl[];
  /** The attributes when a request reaches them: names refused as attributes, and the reserved ones to check. */
  attributes: { decl: AttributesDecl; refusedNames: string[]; reserved: FieldDecl[] } | null;
}

/** The kind of check a value of this type needs, or null when decoding its type refuses all the schema does. */
export function checkedKind(t: TypeView): CheckedKind | null {
  if (t.kind === 'array') return checkedKind(t.items);
  if (t.kind !== 'ref') return null;
  return t.declares === 'record' || t.declares === 'roles' || t.declares === 'enum' || t.declares === 'attributes'
    ? t.declares
    : null;
}

/**
 * The checks for requests of the types `starts` (each operation's Takes, as the binding declares it), in the order
 * first reached. `decls` are the kit's declarations; a record is one of the model's (an external type's records are
 * not reached).
 */
export function requestChecks(model: CanonicalModel, decls: readonly Decl[], starts: readonly TypeView[]): RequestChecks {
  const checks: RequestChecks = { records: [], roles: null, enums: [], attributes: null };
  const seen = new Set<string>();
  const visit = (t: TypeView): void => {
    if (t.kind === 'array') return visit(t.items);
    if (t.kind !== 'ref' || checkedKind(t) === null || seen.has(t.name)) return;
    seen.add(t.name);
    const decl = decls.find((d) => d.name === t.name && d.kind === t.declares);
    if (decl?.kind === 'record' && decl.source !== null) {
      const fields = decl.fields.filter((f) => f.constant === null && checkedKind(f.type) !== null);
      checks.records.push({ decl, fields });
      for (const f of fields) visit(f.type);
    } else if (decl?.kind === 'roles') checks.roles = decl;
    else if (decl?.kind === 'enum') checks.enums.push(decl);
    else if (decl?.kind === 'attributes') {
      const reserved = decl.reserved.filter((f) => checkedKind(f.type) !== null);
      checks.attributes = { decl, refusedNames: refusedAttributeNames(model, decl.key), reserved };
      for (const f of reserved) visit(f.type);
    }
  };
  for (const t of starts) visit(t);
  return checks;
}

/** What the strict schema's attributes refuse as a name: a state's, or a reserved attribute a version removed. */
const refusedAttributeNames = (model: CanonicalModel, attributes: string): string[] => [
  ...model.states.map((s) => s.field),
  ...removedAttributes(model, attributes),
];
