import type { CanonicalModel } from '../../model/types.js';
import type { Decl, FieldDecl, RecordDecl, TypeView } from '../kit/decl-types.js';
import type { Names } from '../kit/naming.js';
import { operationDecls, type SideDecl, sideDoc } from '../kit/operations.js';
import { requestReach } from '../kit/request-reach.js';
import { bindingTools } from '../shared/binding-tools.js';
import { schemaText } from '../shared/tools.js';
import { goDecls } from './decls.js';
import { goDoc } from './layout.js';
import { goLiteral } from './naming.js';
import { goRequestShapes } from './requests.js';

/**
 * The view of operations.go and operations_test.go (templates/go/): each operation's request and response types,
 * the `Operations` interface a provider implements, and `ToolDefinitions`, the operations as MCP tool definitions
 * with their schemas as JSON text (generated/schema/tools.json, of which testdata/tools.json is a copy).
 */

/** The binding's own types, which no model type may be named. */
export const OPERATION_TYPES = ['Operations', 'ToolDefinition'];

/** JSON text as a Go raw string, a backquote (which a raw string cannot hold) joined in as `"\`"`. */
const jsonLiteral = (text: string): string => `\`${text.split('`').join('` + "`" + `')}\``;

/** A Go type for a type view, as types.go declares it (a record by value, a list as a slice). */
function goType(t: TypeView): string {
  switch (t.kind) {
    case 'string':
      return 'string';
    case 'boolean':
      return 'bool';
    case 'number':
    case 'integer':
      return 'Number';
    case 'array':
      return `[]${goType(t.items)}`;
    case 'ref':
      return t.name;
    default:
      return 'Value';
  }
}

export function goOperations(model: CanonicalModel, names: Names, decls: readonly Decl[]) {
  const { operations, clashes } = operationDecls(model, names, OPERATION_TYPES);
  const verb = (part: 'request' | 'response') => (part === 'request' ? 'takes' : 'returns');
  // A wrapped side is a record of one required field, a record request a record of the record's fields: types.go's
  // decoder, encoder and JSON methods serve them. A request is closed: it keeps no Extra and is checked before it is
  // decoded against what it must be, by the record's name or (a wrapped request) its own (requests.ts).
  const wrappers: RecordDecl[] = [];
  const closed = new Map<string, string>();
  // The shape a record request is checked against: its record's, or the taken answer's (which fixes the root's role).
  const reach = requestReach(model);
  const taken = new Map(reach.requests.flatMap((r) => (r.shape ? [[r.operation, r.shape]] : [])));
  const side = (operation: string, part: 'request' | 'response', d: SideDecl | null) => {
    if (d === null) return null;
    const doc = `${d.name} is ${sideDoc(operation, part, d).replace(/^What/, 'what')}`;
    const strict = part === 'request' ? " Reading it refuses what the tool's inputSchema refuses." : '';
    if (d.form === 'alias') {
      const record = decls.find(
        (x): x is RecordDecl => x.kind === 'record' && d.target.kind === 'ref' && x.name === d.target.name,
      );
      if (part === 'response' || !record)
        return { name: d.name, alias: `${goDoc(doc)}type ${d.name} = ${goType(d.target)}\n` };
      wrappers.push({ ...record, name: d.name, doc: `${doc}${strict}`, source: null });
      closed.set(d.name, taken.get(operation) ?? record.key);
      return { name: d.name, alias: null, field: null, key: null, type: null };
    }
    const field: FieldDecl = {
      key: d.field.key,
      name: d.field.name,
      type: d.field.type,
      required: true,
      doc: `${d.field.name} is the ${d.notation} ${operation} ${verb(part)}.`,
      default: null,
      constant: null,
    };
    if (part === 'request') closed.set(d.name, d.name);
    wrappers.push({
      kind: 'record',
      key: d.name,
      name: d.name,
      doc: `${doc}${strict}`,
      fields: [field],
      source: null,
      exclusive: [],
    });
    return { name: d.name, alias: null, field: field.name, key: d.field.key, type: goType(d.field.type) };
  };
  const views = operations.map((o) => ({
    key: o.key,
    keyLiteral: goLiteral(o.key),
    method: o.method,
    doc: goDoc(`${o.method} is ${o.key}: ${o.doc.charAt(0).toLowerCase()}${o.doc.slice(1)} Since ${o.since}.`, 1),
    request: side(o.key, 'request', o.request),
    response: side(o.key, 'response', o.response),
  }));
  const aliases = views.flatMap((o) => [o.request, o.response]).flatMap((s) => (s?.alias ? [s.alias] : []));
  const tools = bindingTools(model).map((t) => ({
    name: goLiteral(t.name),
    description: goLiteral(t.description),
    inputSchema: jsonLiteral(schemaText(t.inputSchema)),
    outputSchema: t.outputSchema === undefined ? null : jsonLiteral(schemaText(t.outputSchema)),
  }));
  // A round trip through JSON for each wrapped side whose one field a string literal can fill.
  const samples = views
    .flatMap((o) => [o.request, o.response])
    .flatMap((s) =>
      s && !s.alias && s.type === 'string'
        ? [{ name: s.name, field: s.field, json: goLiteral(JSON.stringify({ [s.key ?? '']: 'x' })) }]
        : [],
    );
  const plain = views.find((o) => o.request === null);
  return {
    view: {
      operations: views,
      declarations: [...aliases, goDecls(wrappers, closed).source].filter((s) => s.length > 0).join('\n'),
      shapes: goRequestShapes(
        reach,
        new Map(operations.flatMap((o) => (o.request?.form === 'wrapper' ? [[o.key, o.request.name]] : []))),
      ),
      requests: views.flatMap((o) => (o.request ? [{ key: o.keyLiteral, name: o.request.name }] : [])),
      tools,
      names: `[]string{${views.map((o) => o.keyLiteral).join(', ')}}`,
      samples,
      call: plain ? { method: plain.method, returns: plain.response !== null } : null,
    },
    clashes,
  };
}
