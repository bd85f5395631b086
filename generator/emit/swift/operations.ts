import type { CanonicalModel } from '../../model/types.js';
import type { TypeView } from '../kit/decl-types.js';
import { operationDecls, type SideDecl, sideDoc } from '../kit/operations.js';
import type { Names } from '../kit/naming.js';
import { bindingTools } from '../shared/binding-tools.js';
import { schemaText } from '../shared/tools.js';
import { docLines } from './decls.js';
import { bare, stringLiteral } from './naming.js';

/**
 * The view of Operations.swift and OperationsTests.swift (templates/swift/): each operation's request and
 * response types, the `Operations` protocol a provider implements, and `ToolDefinition.all`, the operations as MCP
 * tool definitions with their schemas as JSON text (generated/schema/tools.json).
 */

/** The binding's own types, which no model type may be named. */
export const OPERATION_TYPES = ['Operations', 'ToolDefinition'];

/** A raw multi-line string literal holding the text as it is: enough `#`s that nothing in it ends or escapes it. */
export function rawText(text: string, indent: string): string {
  let hashes = '#';
  while (text.includes(`"${hashes}`) || text.includes(`\\${hashes}`)) hashes += '#';
  return `${hashes}"""\n${text
    .split('\n')
    .map((l) => (l ? `${indent}${l}` : l))
    .join('\n')}\n${indent}"""${hashes}`;
}

export function swiftOperations(model: CanonicalModel, names: Names, typeOf: (t: TypeView) => string) {
  const { operations, clashes } = operationDecls(model, names, OPERATION_TYPES);
  const side = (operation: string, part: 'request' | 'response', d: SideDecl | null) => {
    if (d === null) return null;
    const doc = docLines(sideDoc(operation, part, d));
    if (d.form === 'alias') return { isAlias: true, name: d.name, doc, type: typeOf(d.target) };
    const { field } = d;
    return {
      isAlias: false,
      name: d.name,
      doc,
      field: {
        name: field.name,
        type: typeOf(field.type),
        doc: docLines(`The ${d.notation} ${operation} ${part === 'request' ? 'takes' : 'returns'}.`),
        codingCase: bare(field.name) === field.key ? field.name : `${field.name} = ${stringLiteral(field.key)}`,
        parameter: bare(field.name),
        key: field.key,
      },
    };
  };
  const views = operations.map((o) => ({
    key: o.key,
    method: o.method,
    doc: docLines(o.doc),
    request: side(o.key, 'request', o.request),
    response: side(o.key, 'response', o.response),
  }));
  const sides = views.flatMap((o) => [o.request, o.response]).filter((s) => s !== null);
  const tools = bindingTools(model).map((t) => ({
    name: stringLiteral(t.name),
    description: stringLiteral(t.description),
    inputSchema: rawText(schemaText(t.inputSchema), '                '),
    outputSchema: t.outputSchema === undefined ? null : rawText(schemaText(t.outputSchema), '                '),
  }));
  // A test decodes each request or response of one string from the tool's arguments.
  const samples = sides.flatMap((s) =>
    !s.isAlias && s.field?.type === 'String'
      ? [{ name: s.name, property: s.field.parameter, json: stringLiteral(JSON.stringify({ [s.field.key]: 'x' })) }]
      : [],
  );
  // The provider is called through the protocol on an operation that takes nothing.
  const plain = views.find((o) => o.request === null);
  const call = plain ? `${plain.response ? '_ = ' : ''}try await provider.${plain.method}()` : null;
  return {
    view: { operations: views, sides, tools, names: views.map((o) => stringLiteral(o.key)).join(', '), samples, call },
    clashes,
  };
}
