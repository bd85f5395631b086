import type { CanonicalModel } from '../../model/types.js';
import { answerSchema } from '../kit/answer-schema.js';
import type { Decl, FieldDecl, TypeView } from '../kit/decl-types.js';
import { declarations } from '../kit/declarations.js';
import type { SideDecl } from '../kit/operations.js';
import { requestReach } from '../kit/request-reach.js';
import { pyLiteral, pythonNames } from './naming.js';

/**
 * The strict side of operations.py (templates/python/operations.py.hbs). The models are lenient: a record keeps
 * fields it does not know, a role or enum field any string, a content block of an unknown kind. A request is what its
 * tool's inputSchema accepts, so each of the spec's records a request reaches has a strict twin, `_Strict<Record>`,
 * with the record's fields at their strict types (a role from the language, an enum's values, the twins of records)
 * and no other field; the attributes' twin stays open but refuses the names the strict schema refuses there (the
 * states'); the content union's twin has no unknown kind. A record request is a subclass of its record's twin. The
 * twins are not subclasses of the records (a list of a record's twin is no list of the record, to mypy) and are
 * private: a provider reads them through its request's fields.
 */

type Annotation = (t: TypeView) => string;

const STRICT_NOTE =
  "As a request holds it (what its tool's inputSchema accepts): no field it does not define, a role only from the language, an enum value only from its set.";

/** Names the strict schema refuses among the attributes (`propertyNames: {not: {enum}}`), read from that schema. */
function refusedAttributeNames(model: CanonicalModel, key: string): string[] {
  const defs = answerSchema(model, 'strict').$defs as Record<string, { propertyNames?: { not?: { enum?: unknown } } }>;
  const names = defs[key]?.propertyNames?.not?.enum;
  return Array.isArray(names) ? names.filter((n): n is string => typeof n === 'string') : [];
}

export function pythonRequests(
  model: CanonicalModel,
  lenient: Annotation,
  sides: readonly (SideDecl | null)[],
  rolesConstant: string,
) {
  const names = pythonNames();
  const kit = declarations(model, names);
  const ownRecords = new Set(model.types.filter((t) => t.kind === 'record').map((t) => t.name));
  const roots = sides.flatMap((d) => (d === null ? [] : [d.form === 'alias' ? d.target : d.field.type]));
  const reach = requestReach(kit.decls, roots, ownRecords);
  const twinned: Decl[] = [...reach.records, ...(reach.attributes ? [reach.attributes] : []), ...reach.unions];
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
  const field = (f: FieldDecl) => ({
    name: f.name,
    key: f.key,
    alias: f.name !== f.key,
    required: f.required,
    annotation: f.required ? strict(f.type) : `Annotated[${strict(f.type)} | None, _NOT_NULL]`,
    deprecated: f.deprecated ? pyLiteral(f.deprecated.message) : null,
    doc: f.deprecated ? `${f.doc} ${f.deprecated.message}`.trim() : f.doc,
  });
  const classes = twinned.flatMap((d) => {
    if (d.kind !== 'record' && d.kind !== 'attributes') return [];
    const refused = d.kind === 'attributes' ? refusedAttributeNames(model, d.key) : [];
    return [
      {
        name: twins.get(d.name) as string,
        doc: `${d.doc} ${STRICT_NOTE}`,
        // The attributes stay open to names they do not reserve, each any JSON value.
        open: d.kind === 'attributes',
        fields: (d.kind === 'record' ? d.fields : d.reserved).map(field),
        refused: refused.length ? { names: pyLiteral(refused), message: `may not be among the ${d.name}` } : null,
      },
    ];
  });
  const unions = twinned.flatMap((d) => {
    if (d.kind !== 'union') return [];
    for (const m of d.members) uses.models.add(m.type);
    return [
      {
        name: twins.get(d.name) as string,
        members: d.members,
        kind: `_${names.member(d.key)}_kind`,
        doc: `${d.doc} As a request holds it: a block of a kind this version does not define is refused.`,
      },
    ];
  });
  // What operations.py imports and declares for the strict side, once every request side's annotation is made.
  const finish = () => {
    const optional = classes.some((c) => c.fields.some((f) => !f.required));
    const role = uses.role ? (kit.roles?.name ?? null) : null;
    const models = new Set(uses.models);
    if (role) models.add(role);
    return {
      view: {
        classes,
        unions,
        role: role ? { type: role, byValue: `_${rolesConstant}_BY_VALUE` } : null,
        pydantic: [
          ...(role ? ['BeforeValidator'] : []),
          ...(unions.length ? ['Discriminator', 'Tag'] : []),
          ...(classes.some((c) => c.open || c.fields.some((f) => !f.required || f.alias || f.deprecated)) ? ['Field'] : []),
          ...(classes.some((c) => c.open) ? ['JsonValue'] : []),
          ...(classes.some((c) => c.refused) ? ['model_validator'] : []),
        ],
        typing: [...(optional || role || unions.length ? ['Annotated'] : []), ...(unions.length ? ['Union'] : [])],
      },
      /** The model's names the strict side needs from models.py, public and private. */
      models: [...models],
      privates: [
        ...(optional ? ['_NOT_NULL', '_absent'] : []),
        ...(role ? [`_${rolesConstant}_BY_VALUE`] : []),
        ...unions.map((u) => u.kind),
      ],
    };
  };
  // The answer taken whole is the strict answer schema, whose root's role is fixed (kit/answer-schema.ts).
  const rootField = kit.answer?.fields.find((f) => f.key === model.tree.root);
  const roleField = kit.node?.fields.find((f) => f.key === model.tree.role);
  const rootRole = (name: string) =>
    name === kit.answer?.name && rootField && roleField && kit.roles
      ? {
          root: rootField.name,
          role: roleField.name,
          type: kit.roles.name,
          case: kit.roles.root.name,
          message: pyLiteral(`the root's ${model.tree.role} must be ${JSON.stringify(kit.roles.root.value)}`),
        }
      : null;
  return { annotation: strict, twinOf: (name: string) => twins.get(name), rootRole, finish };
}
