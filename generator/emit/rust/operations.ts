import type { CanonicalModel } from '../../model/types.js';
import { stableJson } from '../../util/json.js';
import { operationDecls, type SideDecl, sideDoc } from '../kit/operations.js';
import { bindingTools } from '../shared/binding-tools.js';
import { schemaText } from '../shared/tools.js';
import { rustType } from './type-names.js';
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

export function rustOperations(model: CanonicalModel) {
  const { operations, clashes } = operationDecls(model, rustNames(), OPERATION_TYPES);
  const side = (operation: string, part: 'request' | 'response', d: SideDecl | null) => {
    if (d === null) return null;
    const doc = docComment(sideDoc(operation, part, d), 0).trimEnd();
    if (d.form === 'alias') return { isAlias: true, name: d.name, doc, type: rustType(d.target) };
    const { field } = d;
    const bare = field.name.replace(/^r#/, '');
    return {
      isAlias: false,
      name: d.name,
      doc,
      field: {
        name: field.name,
        rename: bare === field.key ? null : rustString(field.key),
        type: rustType(field.type),
        doc: docComment(`The ${d.notation} ${operation} ${part === 'request' ? 'takes' : 'returns'}.`, 4).trimEnd(),
        isString: field.type.kind === 'string',
      },
    };
  };
  const views = operations.map((o) => ({
    key: o.key,
    method: o.method,
    doc: docComment(`${o.doc} Since ${o.since}.`, 4).trimEnd(),
    request: side(o.key, 'request', o.request),
    response: side(o.key, 'response', o.response),
  }));
  const sides = views.flatMap((o) => [o.request, o.response]).filter((s) => s !== null);
  const tools = bindingTools(model);
  const toolViews = tools.map((t) => ({
    name: rustString(t.name),
    description: rustString(t.description),
    inputSchema: rawString(schemaText(t.inputSchema)),
    outputSchema: t.outputSchema === undefined ? null : rawString(schemaText(t.outputSchema)),
  }));
  // A round trip through JSON for each side of one string field: what the tool's arguments or result look like.
  const samples = sides.flatMap((s) =>
    !s.isAlias && s.field?.isString
      ? [
          {
            name: s.name,
            test: s.name.replace(/[A-Z]/g, (c, i: number) => `${i ? '_' : ''}${c.toLowerCase()}`),
            property: s.field.name,
            json: rustString(
              JSON.stringify({ [s.field.rename ? (JSON.parse(s.field.rename) as string) : s.field.name]: 'x' }),
            ),
          },
        ]
      : [],
  );
  const modelTypes = [
    ...new Set(
      sides
        .flatMap((s) => (s.isAlias ? [s.type] : [s.field?.type ?? '']))
        .join(' ')
        .match(/[A-Za-z]+/g) ?? [],
    ),
  ];
  const serdeTypes = ['Map', 'Number', 'Value'].filter((t) => modelTypes.includes(t));
  const crateTypes = modelTypes.filter((t) => !['Map', 'Number', 'Value', 'String', 'Vec', 'bool'].includes(t)).sort();
  return {
    view: {
      operations: views,
      sides,
      wrappers: sides.some((s) => !s.isAlias),
      tools: toolViews,
      names: views.map((o) => rustString(o.key)).join(', '),
      samples,
      serdeTypes: useList(serdeTypes),
      crateTypes: useList(crateTypes),
      unsupported: rustString('unsupported'),
      call: views.find((o) => o.request === null)?.method ?? null,
      hasCrateTypes: crateTypes.length > 0,
      hasSerdeTypes: serdeTypes.length > 0,
    },
    toolsJson: stableJson(tools),
    clashes,
  };
}
