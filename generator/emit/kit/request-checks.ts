import type { CanonicalModel } from '../../model/types.js';
import { removedAttributes } from './answer-schema.js';
import type {
  AttributesDecl,
  Decl,
  EnumDecl,
  FieldDecl,
  RecordDecl,
  RolesDecl,
  TypeView,
  UnionDecl,
} from './decl-types.js';

/**
 * What a request type must refuse beyond what decoding its lenient type refuses, for a binding whose request types
 * decode the lenient type and then look for what the tool's inputSchema refuses (generated/schema/tools.json,
 * strict: kit/answer-schema.ts). The lenient types already refuse a missing required member, a value of the wrong
 * JSON type and a null; they keep what the strict schema refuses: a member a record does not define (in its
 * unknown fields), a role outside the language and a value outside an enum (each an unknown case), and, in the
 * attributes, a state's name or a removed attribute's, and a content block of a kind MCP does not define (kept
 * whole as the union's unknown member). So the checks are these, for each type a request reaches. Inside a content
 * block, MCP's own schema allows any member, and its lenient type refuses a wrong JSON type; the few constraints
 * MCP's schema puts on a value (a number's range, a date's pattern) are the checker's (`check`), not a request's.
 */

export interface RequestChecks {
  /** Each record a request reaches, with its fields whose values are checked (the others' types refuse enough). */
  records: { decl: RecordDecl; fields: FieldDecl[] }[];
  roles: RolesDecl | null;
  enums: EnumDecl[];
  /** The attributes when a request reaches them: names refused as attributes, and the reserved ones to check. */
  attributes: { decl: AttributesDecl; refusedNames: string[]; reserved: FieldDecl[] } | null;
  /** The content union when a request reaches it: a block of a kind it does not define is refused. */
  content: UnionDecl | null;
  /** Whether a value of the type (a list's items, at any depth) is checked: whether its type is one of the above. */
  checked: (t: TypeView) => boolean;
}

/** The declaration with something to check that a type names, if any: a model record, not an external one. */
function checkedDecl(decls: readonly Decl[], t: TypeView): Decl | null {
  if (t.kind === 'array') return checkedDecl(decls, t.items);
  if (t.kind !== 'ref') return null;
  const decl = decls.find((d) => d.name === t.name && d.kind === t.declares);
  if (!decl || decl.kind === 'alias' || (decl.kind === 'record' && decl.source === null)) return null;
  return decl;
}

/**
 * The checks for requests of the types `starts` (each operation's Takes, as the binding declares it), in the order
 * first reached. `decls` are the kit's declarations.
 */
export function requestChecks(
  model: CanonicalModel,
  decls: readonly Decl[],
  starts: readonly TypeView[],
): RequestChecks {
  const checked = (t: TypeView) => checkedDecl(decls, t) !== null;
  const checks: RequestChecks = { records: [], roles: null, enums: [], attributes: null, content: null, checked };
  const seen = new Set<Decl>();
  const visit = (t: TypeView): void => {
    const decl = checkedDecl(decls, t);
    if (decl === null || seen.has(decl)) return;
    seen.add(decl);
    if (decl.kind === 'record') {
      const fields = decl.fields.filter((f) => f.constant === null && checked(f.type));
      checks.records.push({ decl, fields });
      for (const f of fields) visit(f.type);
    } else if (decl.kind === 'roles') checks.roles = decl;
    else if (decl.kind === 'enum') checks.enums.push(decl);
    else if (decl.kind === 'attributes') {
      const reserved = decl.reserved.filter((f) => checked(f.type));
      checks.attributes = { decl, refusedNames: refusedAttributeNames(model, decl.key), reserved };
      for (const f of reserved) visit(f.type);
    } else if (decl.kind === 'union') checks.content = decl;
  };
  for (const t of starts) visit(t);
  return checks;
}

/** What the strict schema's attributes refuse as a name: a state's, or a reserved attribute a version removed. */
const refusedAttributeNames = (model: CanonicalModel, attributes: string): string[] => [
  ...model.states.map((s) => s.field),
  ...removedAttributes(model, attributes),
];
