import type { CanonicalModel } from '../../model/types.js';
import type { TypeView } from '../kit/decl-types.js';
import { operationDecls, type SideDecl, sideDoc } from '../kit/operations.js';
import type { Names } from '../kit/naming.js';
import { bindingTools } from '../shared/binding-tools.js';
import { schemaText } from '../shared/tools.js';
import { docLines } from './decls.js';
import { bare, stringLiteral } from './naming.js';
import { fixedRootRole, requestReach } from '../kit/request-reach.js';
import { type RequestNames, requestConformances, takenAnswerCheck } from './requests.js';

/**
 * The view of Operations.swift and OperationsTests.swift (templates/swift/): each operation's request and
 * response types, the `Operations` protocol a provider implements, and `ToolDefinition.all`, the operations as MCP
 * tool definitions with their schemas as JSON text (generated/schema/tools.json). A request decodes strictly, as
 * the tool's inputSchema (strict) says, a response leniently, as the answer does: a request of a record wraps the
 * lenient record and refuses what its schema refuses (requests.ts), a request of any other type refuses a member
 * besides its one.
 */

/** The binding's own types, which no model type may be named. */
export const OPERATION_TYPES = ['Operations', 'ToolDefinition'];

/** What a request type's doc says of its decoding, beyond the side's own line. */
const STRICT_DOC =
  "Decoding refuses what the tool's inputSchema refuses: a member the request or a record in it does not define, a " +
  'role outside the language, a value outside its enum, as well as a missing member or a value of the wrong type.';

/** A raw multi-line string literal holding the text as it is: enough `#`s that nothing in it ends or escapes it. */
export function rawText(text: string, indent: string): string {
  let hashes = '#';
  while (text.includes(`"${hashes}`) || text.includes(`\\${hashes}`)) hashes += '#';
  return `${hashes}"""\n${text
    .split('\n')
    .map((l) => (l ? `${indent}${l}` : l))
    .join('\n')}\n${indent}"""${hashes}`;
}

export function swiftOperations(
  model: CanonicalModel,
  names: Names,
  typeOf: (t: TypeView) => string,
  requestNames: RequestNames,
) {
  const { operations, clashes } = operationDecls(model, names, OPERATION_TYPES);
  const reach = requestReach(model);
  const { conformances, checked } = requestConformances(reach, requestNames, model);
  const side = (operation: string, part: 'request' | 'response', d: SideDecl | null) => {
    if (d === null) return null;
    const request = part === 'request';
    const doc = docLines(sideDoc(operation, part, d));
    const strict = docLines(STRICT_DOC);
    if (d.form === 'alias') {
      const type = typeOf(d.target);
      // A response is the record itself; a request wraps it, to decode it strictly.
      if (!request) return { isAlias: true, isRecord: false, name: d.name, doc, type };
      const whole = fixedRootRole(reach, operation) !== null;
      const answerCheck = whole ? takenAnswerCheck(requestNames) : [];
      return { isAlias: false, isRecord: true, name: d.name, doc, strict, type, record: d.notation, answerCheck };
    }
    const { field } = d;
    return {
      isAlias: false,
      isRecord: false,
      name: d.name,
      doc,
      nameLiteral: stringLiteral(d.name),
      strict: request ? strict : null,
      check: request && checked(field.type) ? field.name : null,
      field: {
        name: field.name,
        type: typeOf(field.type),
        doc: docLines(`The ${d.notation} ${operation} ${part === 'request' ? 'takes' : 'returns'}.`),
        codingCase: bare(field.name) === field.key ? field.name : `${field.name} = ${stringLiteral(field.key)}`,
        parameter: bare(field.name),
        key: field.key,
        keyLiteral: stringLiteral(field.key),
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
  // The shared request vectors (requests.json) are decoded as their operation's request type.
  const requests = views.flatMap((o) => (o.request ? [{ key: stringLiteral(o.key), type: o.request.name }] : []));
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
    view: {
      operations: views,
      sides,
      conformances,
      requests,
      tools,
      names: views.map((o) => stringLiteral(o.key)).join(', '),
      samples,
      call,
    },
    clashes,
  };
}
