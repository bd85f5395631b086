import type { CanonicalModel } from '../../model/types.js';
import type { OperationDecl } from '../kit/operations.js';
import type { FieldDecl, TypeView } from '../kit/decl-types.js';
import { declarations } from '../kit/declarations.js';
import type { Names } from '../kit/naming.js';
import { inDeclarationOrder, reachedDecls, requestReach } from '../kit/request-reach.js';

/**
 * The request types' strict side in src/operations.ts. The answer's types are lenient (a role or enum field takes any
 * string, the answer keeps members it does not know); a request is what the tool's inputSchema accepts, so each of
 * the spec's records a request reaches has a strict twin, `Strict<Record>`: the same members, a role from the language
 * only, an enum's values only, no index signature, and its records' twins in place of the records. The attributes
 * type stays open, as the schema has it. `readRequest` (runtime/typescript/request.ts) is what holds a call's
 * arguments to the schema; these types say what it returns.
 */

/** A model type's twin's name: `Strict` and the type's name, with `Type` after it while another type has it. */
function twinName(names: Names, name: string, taken: ReadonlySet<string>): string {
  let n = names.type(`Strict ${name}`);
  while (taken.has(n)) n = `${n}Type`;
  return n;
}

export interface RequestTypes {
  /** A type as a request holds it. */
  typeOf: (t: TypeView) => string;
  /** The twins' declarations, each with its doc. */
  declarations: string[];
  /** The model's types the twins and `typeOf`'s results name (so far): what operations.ts imports for them. */
  uses: ReadonlySet<string>;
}

const docBlock = (lines: string[], indent = ''): string =>
  lines.length === 1
    ? `${indent}/** ${lines[0]} */\n`
    : `${indent}/**\n${lines.map((l) => `${indent} *${l ? ` ${l}` : ''}`).join('\n')}\n${indent} */\n`;

const propertyName = (key: string): string => (/^[A-Za-z_$][\w$]*$/.test(key) ? key : JSON.stringify(key));

export function requestTypes(model: CanonicalModel, names: Names, operations: readonly OperationDecl[]): RequestTypes {
  const kit = declarations(model, names);
  const account = requestReach(model);
  const reach = reachedDecls(account, kit.decls);
  const records = reach.records.map((r) => r.decl);
  const twinned = [...inDeclarationOrder(kit.decls, records), ...(reach.attributes ? [reach.attributes.decl] : [])];
  const taken = new Set([
    ...model.types.map((t) => names.type(t.name)),
    ...operations.flatMap((o) => [o.request?.name, o.response?.name].filter((n) => n !== undefined)),
  ]);
  const twins = new Map(twinned.map((d) => [d.name, twinName(names, d.key, taken)]));
  const uses = new Set<string>();
  const aliases = (kit.roles?.aliases ?? []).map((a) => JSON.stringify(a.value));
  const typeOf = (t: TypeView): string => {
    if (t.kind === 'array') {
      const items = typeOf(t.items);
      return items.includes(' ') ? `(${items})[]` : `${items}[]`;
    }
    // A deprecated alias of a role is still one the strict schema accepts, as it was sent.
    if (t.kind === 'ref' && t.declares === 'roles' && aliases.length) {
      uses.add(t.name);
      return [t.name, ...aliases].join(' | ');
    }
    if (t.kind === 'ref') {
      const twin = twins.get(t.name);
      if (twin === undefined) uses.add(t.name);
      return twin ?? t.name;
    }
    if (t.kind === 'string' || t.kind === 'boolean' || t.kind === 'number') return t.kind;
    if (t.kind === 'integer') return 'number';
    if (t.kind === 'literal') return t.values.map((v) => JSON.stringify(v)).join(' | ');
    if (t.kind === 'union') return t.members.map(typeOf).join(' | ');
    return 'unknown';
  };
  // The answer taken whole keeps its root's role fixed, as the strict schema does there (kit/request-reach.ts).
  const { tree } = model;
  const rootRole = account.requests.find((r) => r.rootRole !== null)?.rootRole ?? null;
  const rootFixed = (record: string, f: FieldDecl) =>
    rootRole !== null && record === tree.answer && f.key === tree.root
      ? ` & { ${propertyName(tree.role)}: ${JSON.stringify(rootRole)} }`
      : '';
  const member = (f: FieldDecl, optional: boolean, record = ''): string => {
    const doc = [f.doc, ...(f.deprecated ? [`@deprecated ${f.deprecated.message}`] : [])].filter((l) => l !== '');
    const type = `${typeOf(f.type)}${rootFixed(record, f)}`;
    return `${doc.length ? docBlock(doc, '  ') : ''}  ${propertyName(f.key)}${optional ? '?' : ''}: ${type};`;
  };
  const strictDoc = (doc: string) => [
    doc,
    '',
    "As a request holds it (what its tool's inputSchema accepts): no member it does not define, a role only from the language, an enum value only from its set.",
  ];
  const decls = twinned.map((d) => {
    const name = twins.get(d.name) as string;
    const body =
      d.kind === 'attributes'
        ? [
            '  [name: string]: unknown;',
            ...d.reserved.map((f) => member(f, true)),
            // A name the schema refuses here (a state's) holds nothing.
            ...(reach.attributes?.refused ?? []).map(
              (n) =>
                `${docBlock(['Not among them: the schema refuses this name here.'], '  ')}  ${propertyName(n)}?: never;`,
            ),
          ]
        : d.fields.map((f) => member(f, !f.required, d.key));
    return `${docBlock(strictDoc(d.doc))}export interface ${name} {\n${body.join('\n')}\n}`;
  });
  return { typeOf, declarations: decls, uses };
}
