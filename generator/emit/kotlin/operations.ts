import type { CanonicalModel } from '../../model/types.js';
import type { TypeView } from '../kit/decl-types.js';
import type { Names } from '../kit/naming.js';
import { operationDecls, type SideDecl, sideDoc } from '../kit/operations.js';
import { bindingTools } from '../shared/binding-tools.js';
import { schemaText } from '../shared/tools.js';
import { kdoc, stringLiteral } from './naming.js';

/**
 * The view of Operations.kt and OperationsTest.kt (templates/kotlin/): each operation's request and response
 * types, the `Operations` interface a provider implements, and `TOOL_DEFINITIONS`, the operations as MCP tool
 * definitions with their schemas as JSON text (generated/schema/tools.json).
 */

/** The binding's own types, which no model type may be named. */
export const OPERATION_TYPES = ['Operations', 'ToolDefinition'];

/** A raw string holding JSON text, indented; `$` is written `${'$'}`, since a raw string has no escapes. */
export function rawJson(text: string, indent: string): string {
  const body = text
    .replace(/\$/g, () => "${'$'}")
    .split('\n')
    .map((l) => (l ? `${indent}${l}` : l))
    .join('\n');
  return `"""\n${body}\n${indent}""".trimIndent()`;
}

export function kotlinOperations(model: CanonicalModel, names: Names, typeOf: (t: TypeView) => string) {
  const { operations, clashes } = operationDecls(model, names, OPERATION_TYPES);
  const side = (operation: string, part: 'request' | 'response', d: SideDecl | null) => {
    if (d === null) return null;
    const doc = kdoc([sideDoc(operation, part, d)]);
    if (d.form === 'alias') return { isAlias: true, name: d.name, doc, type: typeOf(d.target) };
    const { field } = d;
    return {
      isAlias: false,
      name: d.name,
      doc,
      field: {
        name: field.name,
        key: stringLiteral(field.key),
        rawKey: field.key,
        type: typeOf(field.type),
        doc: kdoc([`The ${d.notation} ${operation} ${part === 'request' ? 'takes' : 'returns'}.`], 4),
      },
    };
  };
  const views = operations.map((o) => ({
    key: o.key,
    method: o.method,
    doc: kdoc([o.doc, `Since ${o.since}.`], 4),
    request: side(o.key, 'request', o.request),
    response: side(o.key, 'response', o.response),
  }));
  const sides = views.flatMap((o) => [o.request, o.response]).filter((s) => s !== null);
  const tools = bindingTools(model).map((t) => ({
    name: stringLiteral(t.name),
    description: stringLiteral(t.description),
    inputSchema: rawJson(schemaText(t.inputSchema), '            '),
    outputSchema: t.outputSchema === undefined ? null : rawJson(schemaText(t.outputSchema), '            '),
  }));
  const samples = sides.flatMap((s) =>
    !s.isAlias && s.field?.type === 'String'
      ? [{ name: s.name, property: s.field.name, json: stringLiteral(JSON.stringify({ [s.field.rawKey]: 'x' })) }]
      : [],
  );
  const plain = views.find((o) => o.request === null);
  return {
    view: {
      operations: views,
      sides,
      tools,
      names: views.map((o) => stringLiteral(o.key)).join(', '),
      samples,
      call: plain?.method ?? null,
    },
    clashes,
  };
}
