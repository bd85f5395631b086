import type { CanonicalModel } from '../../model/types.js';
import type { Decl, Declarations, FieldDecl, RecordDecl, TypeView, UnionDecl } from '../kit/decl-types.js';
import { declarations } from '../kit/declarations.js';
import { portablePattern } from '../kit/mcp-shapes.js';
import { externalBounds, type ValueBounds } from '../kit/request-bounds.js';
import {
  fixedRootRole,
  inDeclarationOrder,
  type RequestReach,
  reachedDecls,
  requestReach,
} from '../kit/request-reach.js';
import { pyLiteral, pythonNames } from './naming.js';

/**
 * The strict side of operations.py (templates/python/operations.py.hbs). The models are lenient: a record keeps
 * fields it does not know, a role or enum field any string, a content block of an unknown kind, any number as MCP's
 * priority. A request is what its tool's inputSchema (the strict answer schema's definitions) accepts, so each type a
 * request reaches that the models hold more loosely has a strict twin, `_Strict<Type>`:
 * - each of the spec's records: its fields at their strict types (a role from the language, an enum's values, the
 *   twins' types) and no other field;
 * - the attributes: open, but refusing the names the strict schema refuses there (the states');
 * - the content union: no unknown kind, its members' twins where they have one;
 * - an MCP record with a bound or a pattern in the schema (its annotations' priority and date), and those holding one:
 *   open, as MCP's schema is, with those values held to it.
 * A record request is a subclass of its record's twin. The twins are not subclasses of the models (a list of a twin
 * is no list of the model, to mypy) and are private: a provider reads them through its request's fields.
 */

type Annotation = (t: TypeView) => string;

const NOTES = {
  record:
    "As a request holds it (what its tool's inputSchema accepts): no field it does not define, a role only from the language, an enum value only from its set.",
  attributes: 'As a request holds it: its reserved names at their strict types, and no name the strict schema refuses.',
  external: "As a request holds it: its values within the bounds and patterns MCP's schema gives them.",
  union: 'As a request holds it: a block of a kind this version does not define is refused.',
};

/**
 * A member's bounds and pattern (kit/request-bounds.ts, the one reading of MCP's schema for the bindings that check
 * requests by type) as pydantic's `Field` arguments; the pattern as every binding's engine reads it as JavaScript does
 * (pydantic's `\d` takes any script's digits). Null when it has none.
 */
function constraintOf(bounds: ValueBounds | null | undefined): string | null {
  if (!bounds) return null;
  const args = [
    bounds.minimum !== null ? `ge=${bounds.minimum}` : null,
    bounds.exclusiveMinimum !== null ? `gt=${bounds.exclusiveMinimum}` : null,
    bounds.maximum !== null ? `le=${bounds.maximum}` : null,
    bounds.exclusiveMaximum !== null ? `lt=${bounds.exclusiveMaximum}` : null,
    bounds.pattern !== null ? `pattern=${pyLiteral(portablePattern(bounds.pattern))}` : null,
  ].filter((a) => a !== null);
  return args.length ? args.join(', ') : null;
}

/** The MCP records a request reaches through its content unions that hold a bounded value, themselves or inside. */
function boundedExternals(model: CanonicalModel, kit: Declarations, unions: readonly UnionDecl[]) {
  const found = new Map<string, { decl: RecordDecl; bounds: Map<string, ValueBounds | null> }>();
  for (const union of unions)
    for (const r of externalBounds(model, kit.decls, union).records)
      found.set(r.decl.name, { decl: r.decl, bounds: new Map(r.fields.map((f) => [f.field.key, f.bounds])) });
  return inDeclarationOrder(
    kit.decls,
    [...found.values()].map((r) => r.decl),
  ).map((decl) => found.get(decl.name) as { decl: RecordDecl; bounds: Map<string, ValueBounds | null> });
}

export function pythonRequests(model: CanonicalModel, lenient: Annotation, rolesConstant: string) {
  const names = pythonNames();
  const kit = declarations(model, names);
  const ownRecords = new Set(model.types.filter((t) => t.kind === 'record').map((t) => t.name));
  const account = requestReach(model);
  const reach = reachedDecls(account, kit.decls);
  const bounded = boundedExternals(model, kit, reach.unions);
  const externals = bounded.map((r) => r.decl);
  const boundsOf = (owner: string, key: string) => bounded.find((r) => r.decl.key === owner)?.bounds.get(key);
  const twinned: Decl[] = [
    ...inDeclarationOrder(
      kit.decls,
      reach.records.map((r) => r.decl),
    ),
    ...(reach.attributes ? [reach.attributes.decl] : []),
    ...externals,
    ...inDeclarationOrder(kit.decls, reach.unions),
  ];
  const twins = new Map(twinned.map((d) => [d.name, `_Strict${d.name}`]));
  const uses = { role: false, models: new Set<string>() };
  const strict: Annotation = (t) => {
    if (t.kind === 'array') return `list[${strict(t.items)}]`;
    if (t.kind === 'union') return t.members.map(strict).join(' | ');
    if (t.kind !== 'ref') return lenient(t);
    if (t.declares === 'roles') uses.role = true;
    else if (!twins.has(t.name)) uses.models.add(t.name);
    return t.declares === 'roles' ? '_RequestRole' : (twins.get(t.name) ?? t.name);
  };
  const classes = classViews(twinned, twins, ownRecords, boundsOf, strict, reach.attributes?.refused ?? []);
  const unions = twinned.flatMap((d) => {
    if (d.kind !== 'union') return [];
    for (const m of d.members) if (!twins.has(m.type)) uses.models.add(m.type);
    const members = d.members.map((m) => ({ tag: m.tag, type: twins.get(m.type) ?? m.type }));
    return [
      {
        name: twins.get(d.name) as string,
        members,
        kind: `_${names.member(d.key)}_kind`,
        doc: `${d.doc} ${NOTES.union}`,
      },
    ];
  });
  // What operations.py imports and declares for the strict side, once every request side's annotation is made.
  const finish = () => {
    const role = uses.role ? (kit.roles?.name ?? null) : null;
    const models = new Set(uses.models);
    if (role) models.add(role);
    return {
      view: {
        classes,
        unions,
        role: role ? { type: role, byValue: `_${rolesConstant}_BY_VALUE`, aliases: aliasesOf(kit) } : null,
        ...importsOf(classes, unions.length > 0, role !== null, role !== null && aliasesOf(kit) !== null),
      },
      /** The model's names the strict side needs from models.py, public and private. */
      models: [...models],
      privates: [
        ...(classes.some((c) => c.fields.some((f) => !f.required)) ? ['_NOT_NULL', '_absent'] : []),
        ...(role ? [`_${rolesConstant}_BY_VALUE`] : []),
        ...unions.map((u) => u.kind),
      ],
    };
  };
  return {
    annotation: strict,
    twinOf: (name: string) => twins.get(name),
    rootRole: rootRoleOf(model, kit, account),
    finish,
  };
}

/** A twin class's view: its fields at their strict types, with the bounds, refused names and one-of checks it keeps. */
function classViews(
  twinned: readonly Decl[],
  twins: ReadonlyMap<string, string>,
  ownRecords: ReadonlySet<string>,
  boundsOf: (owner: string, key: string) => ValueBounds | null | undefined,
  strict: Annotation,
  refusedNames: readonly string[],
) {
  const field = (owner: string, f: FieldDecl) => {
    const constraint = constraintOf(boundsOf(owner, f.key));
    const type = constraint === null ? strict(f.type) : `Annotated[${strict(f.type)}, Field(${constraint})]`;
    return {
      name: f.name,
      key: f.key,
      alias: f.name !== f.key,
      required: f.required,
      annotation: f.required ? type : `Annotated[${type} | None, _NOT_NULL]`,
      deprecated: f.deprecated ? pyLiteral(f.deprecated.message) : null,
      doc: f.deprecated ? `${f.doc} ${f.deprecated.message}`.trim() : f.doc,
    };
  };
  return twinned.flatMap((d) => {
    if (d.kind !== 'record' && d.kind !== 'attributes') return [];
    const refused = d.kind === 'attributes' ? refusedNames : [];
    const own = d.kind === 'record' && ownRecords.has(d.key);
    return [
      {
        name: twins.get(d.name) as string,
        doc: `${d.doc} ${own ? NOTES.record : d.kind === 'attributes' ? NOTES.attributes : NOTES.external}`,
        // The attributes and MCP's records stay open to names they do not define, each any JSON value.
        open: !own,
        fields: (d.kind === 'record' ? d.fields : d.reserved).map((f) => field(d.key, f)),
        refused: refused.length ? { names: pyLiteral(refused), message: `may not be among the ${d.name}` } : null,
        exclusive: (d.kind === 'record' ? d.exclusive : []).map((x) => ({
          ...x,
          message: pyLiteral(
            `"${x.key}" has the keys of more than one of ${x.members.join(', ')} (${x.keys.join(', ')})`,
          ),
          keys: pyLiteral(x.keys),
        })),
      },
    ];
  });
}

interface ClassView {
  open: boolean;
  fields: { required: boolean; alias: boolean; deprecated: string | null; annotation: string }[];
  refused: unknown;
  exclusive: unknown[];
}

/** What the strict side needs from pydantic and typing. */
/** The role language's deprecated aliases as a `Literal`, which the strict schema still accepts; null when it has none. */
function aliasesOf(kit: Declarations): string | null {
  const values = kit.roles?.aliases.map((a) => a.value) ?? [];
  return values.length ? `Literal[${values.map((v) => pyLiteral(v)).join(', ')}]` : null;
}

function importsOf(classes: readonly ClassView[], unions: boolean, role: boolean, aliases: boolean) {
  const fields = classes.flatMap((c) => c.fields);
  const open = classes.some((c) => c.open);
  const optional = fields.some((f) => !f.required);
  const field = open || fields.some((f) => !f.required || f.alias || f.deprecated || f.annotation.includes('Field('));
  return {
    pydantic: [
      ...(role ? ['BeforeValidator'] : []),
      ...(unions ? ['Discriminator', 'Tag'] : []),
      ...(field ? ['Field'] : []),
      ...(open ? ['JsonValue'] : []),
      ...(classes.some((c) => c.refused || c.exclusive.length) ? ['model_validator'] : []),
    ],
    typing: [
      ...(optional || role || unions ? ['Annotated'] : []),
      ...(aliases || fields.some((f) => f.annotation.includes('Literal[')) ? ['Literal'] : []),
      ...(unions ? ['Union'] : []),
    ],
  };
}

/** What an operation's request refuses at its root's role: set when it takes the answer whole (kit/request-reach.ts). */
function rootRoleOf(model: CanonicalModel, kit: Declarations, reach: RequestReach) {
  const rootField = kit.answer?.fields.find((f) => f.key === model.tree.root);
  const roleField = kit.node?.fields.find((f) => f.key === model.tree.role);
  return (operation: string) => {
    const word = fixedRootRole(reach, operation);
    return word !== null && rootField && roleField && kit.roles
      ? {
          root: rootField.name,
          role: roleField.name,
          type: kit.roles.name,
          case: kit.roles.root.name,
          message: pyLiteral(`the root's ${model.tree.role} must be ${JSON.stringify(word)}`),
        }
      : null;
  };
}
