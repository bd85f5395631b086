import type { AttributesDecl, Decl, RecordDecl, TypeView, UnionDecl } from './decl-types.js';

/**
 * What a request holds, for a binding that declares its request types strictly. A tool's inputSchema is made from
 * the strict answer schema's definitions (shared/tools.ts): a record there admits no member it does not define, a
 * role only from the language, an enum value only from its set, and the attributes type stays open but for the
 * states' names; MCP's content blocks are MCP's own (open) types, less the unknown kind a receiver keeps. So a
 * binding whose answer types are lenient declares a strict twin of each of the spec's records, of the attributes
 * type and of the content union that some request reaches, and nothing else: every other type is the one the
 * answer uses.
 */
export interface RequestReach {
  /** The spec's records a request reaches, in the declarations' order. */
  records: RecordDecl[];
  /** The attributes type, when a request reaches it. */
  attributes: AttributesDecl | null;
  /** The external unions (content blocks) a request reaches. */
  unions: UnionDecl[];
}

/**
 * Everything `roots` (the request sides' types) reach through the spec's records and the attributes' reserved
 * fields. `own` are the model's record names as declared (an MCP record is declared as a record too, but is not
 * the spec's, so it is not entered).
 */
export function requestReach(
  decls: readonly Decl[],
  roots: readonly TypeView[],
  own: ReadonlySet<string>,
): RequestReach {
  const byName = new Map(decls.map((d) => [d.name, d]));
  const seen = new Set<string>();
  const walk = (t: TypeView): void => {
    if (t.kind === 'array') return walk(t.items);
    if (t.kind === 'union') return t.members.forEach(walk);
    if (t.kind !== 'ref' || seen.has(t.name)) return;
    const d = byName.get(t.name);
    if (d === undefined) return;
    if (d.kind === 'record' && !own.has(d.key)) return;
    seen.add(t.name);
    if (d.kind === 'record') d.fields.forEach((f) => walk(f.type));
    else if (d.kind === 'attributes') d.reserved.forEach((f) => walk(f.type));
    else if (d.kind === 'alias') walk(d.type);
  };
  roots.forEach(walk);
  const reached = decls.filter((d) => seen.has(d.name));
  return {
    records: reached.filter((d): d is RecordDecl => d.kind === 'record'),
    attributes: reached.find((d): d is AttributesDecl => d.kind === 'attributes') ?? null,
    unions: reached.filter((d): d is UnionDecl => d.kind === 'union'),
  };
}

/** The names a definition of the strict schema refuses as member names (`propertyNames: {not: {enum}}`): the states', among the attributes. */
export function refusedNames(defs: Readonly<Record<string, unknown>>, key: string): string[] {
  const def = defs[key] as { propertyNames?: { not?: { enum?: unknown } } } | undefined;
  const names = def?.propertyNames?.not?.enum;
  return Array.isArray(names) ? names.filter((n): n is string => typeof n === 'string') : [];
}
