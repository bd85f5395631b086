import type { CanonicalModel } from '../../model/types.js';
import { stableJson } from '../../util/json.js';
import { operationDecls, type SideDecl, sideDoc } from '../kit/operations.js';
import { bindingTools } from '../shared/binding-tools.js';
import { schemaText } from '../shared/tools.js';
import { rustType } from './type-names.js';
import { rustRequests } from './requests.js';
import type { Decl } from '../kit/decl-types.js';
import { docComment, rustNames, rustString } from './naming.js';

/**
 * The view of operations.rs and tests/operations.rs (templates/rust/): each operation's request and response
 * types, the `Operations` trait a provider implements, and `TOOL_DEFINITIONS`, the operations as MCP tool
 * definitions with their schemas as JSON text (generated/schema/tools.json, which the crate's test bundles).
 */

/** The binding's own types, which no model type may be named. */
export const OPERATION_TYPES = ['Operations', 'ToolDefinition'];

/** A raw string holding JSON text, with as many `#`s as the text needs. */
export function rawString(text: string): string {
  let hashes = '#';
  while (text.includes(`"${hashes}`)) hashes += '#';
  return `r${hashes}"${text}"${hashes}`;
}

/** What a `use` names: one item, or several in braces. */
const useList = (items: string[]) => (items.length === 1 ? (items[0] ?? '') : `{${items.join(', ')}}`);

/** A response: an alias of the record it is, or a struct of its one field (as the tool's result names it). */
function response(d: SideDecl, doc: string, fieldDoc: string): string {
  if (d.form === 'alias') return `${doc}\npub type ${d.name} = ${rustType(d.target)};`;
  const bare = d.field.name.replace(/^r#/, '');
  const rename = bare === d.field.key ? '' : `    #[serde(rename = ${rustString(d.field.key)})]\n`;
  return [
    doc,
    '#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]',
    '#[serde(deny_unknown_fields)]',
    `pub struct ${d.name} {`,
    `${fieldDoc}\n${rename}    pub ${d.field.name}: ${rustType(d.field.type)},`,
    '}',
  ].join('\n');
}

/** The `use` lines of operations.rs: what its code names, the outside crates' first, then the crate's own. */
function useLines(source: string, decls: readonly Decl[]): string {
  // The code alone, its comments and string literals left out, says which names it uses.
  const code = source.replace(/^\s*\/\/.*$/gm, '').replace(/"(?:[^"\\]|\\.)*"/g, '""');
  const named = new Set(code.match(/\b[A-Za-z_]\w*\b/g) ?? []);
  const uses = (path: string, candidates: readonly string[]) => {
    const used = candidates.filter((n) => named.has(n));
    return used.length ? [`use ${path}::${useList(used)};`] : [];
  };
  const outside = [
    ...uses('serde', ['Deserialize', 'Deserializer', 'Serialize', 'de']),
    ...uses('serde_json', ['Map', 'Number', 'Value']),
  ];
  const own = [
    ...uses('crate::fields', ['DecodeError', 'members', 'optional', 'required']),
    ...uses('crate::json', ['Node']),
    ...uses('crate::model', decls.map((d) => d.name).sort()),
    ...uses('crate::request', ['Want', 'WantAttributes', 'WantField', 'WantRecord', 'WantSet', 'check']),
  ];
  return [outside, own].flatMap((group) => (group.length ? [group.join('\n')] : [])).join('\n\n');
}

export function rustOperations(model: CanonicalModel, decls: readonly Decl[]) {
  const names = rustNames();
  const { operations, clashes } = operationDecls(model, names, OPERATION_TYPES);
  const requests = rustRequests(
    model,
    names,
    decls,
    operations.flatMap((o) => (o.request ? [{ key: o.key, decl: o.request }] : [])),
  );
  const sideSource = (operation: string, part: 'request' | 'response', d: SideDecl | null) => {
    if (d === null) return null;
    if (part === 'request') return requests.types.get(d.name) ?? null;
    const doc = docComment(sideDoc(operation, part, d), 0).trimEnd();
    const fieldDoc = docComment(`The ${d.notation} ${operation} returns.`, 4).trimEnd();
    return response(d, doc, fieldDoc);
  };
  const views = operations.map((o) => ({
    key: o.key,
    method: o.method,
    doc: docComment(`${o.doc} Since ${o.since}.`, 4).trimEnd(),
    request: o.request ? { name: o.request.name } : null,
    response: o.response ? { name: o.response.name } : null,
    sources: [sideSource(o.key, 'request', o.request), sideSource(o.key, 'response', o.response)],
  }));
  const sides = views.flatMap((o) => o.sources).filter((s): s is string => s !== null);
  const tools = bindingTools(model);
  const toolViews = tools.map((t) => ({
    name: rustString(t.name),
    description: rustString(t.description),
    inputSchema: rawString(schemaText(t.inputSchema)),
    outputSchema: t.outputSchema === undefined ? null : rawString(schemaText(t.outputSchema)),
  }));
  // A round trip through JSON for each side of one string field: what the tool's arguments or result look like.
  const samples = operations
    .flatMap((o) => [o.request, o.response])
    .flatMap((s) =>
      s?.form === 'wrapper' && s.field.type.kind === 'string'
        ? [
            {
              name: s.name,
              test: s.name.replace(/[A-Z]/g, (c, i: number) => `${i ? '_' : ''}${c.toLowerCase()}`),
              property: s.field.name,
              json: rustString(JSON.stringify({ [s.field.key]: 'x' })),
            },
          ]
        : [],
    );
  const uses = useLines([requests.statics, ...sides].join('\n'), decls);
  return {
    view: {
      operations: views,
      uses,
      statics: requests.statics,
      sides,
      tools: toolViews,
      names: views.map((o) => rustString(o.key)).join(', '),
      requests: views.filter((o) => o.request !== null).map((o) => ({ key: rustString(o.key), name: o.request?.name })),
      samples,
      unsupported: rustString('unsupported'),
      call: views.find((o) => o.request === null)?.method ?? null,
    },
    toolsJson: stableJson(tools),
    clashes,
  };
}
