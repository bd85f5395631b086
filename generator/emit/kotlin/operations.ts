import type { CanonicalModel } from '../../model/types.js';
import type { TypeView } from '../kit/decl-types.js';
import type { Names } from '../kit/naming.js';
import { operationDecls, type SideDecl, sideDoc } from '../kit/operations.js';
import { bindingTools } from '../shared/binding-tools.js';
import { schemaText } from '../shared/tools.js';
import type { Decl } from '../kit/decl-types.js';
import { kdoc, STRICT_SERIALIZERS, stringLiteral } from './naming.js';
import { fixedRootRole, requestReach } from '../kit/request-reach.js';
import { refusalFunctions, type TakenAnswer, takenAnswerRefusal } from './requests.js';

/**
 * The view of Operations.kt and OperationsTest.kt (templates/kotlin/): each operation's request and response
 * types, the `Operations` interface a provider implements, and `TOOL_DEFINITIONS`, the operations as MCP tool
 * definitions with their schemas as JSON text (generated/schema/tools.json). A request decodes strictly, as the
 * tool's inputSchema (strict) says, a response leniently, as the answer does: a request of a record wraps the lenient
 * record and refuses what its schema refuses (requests.ts), a request of any other type refuses a member besides its
 * one; both through RequestSerializer (runtime/kotlin/RequestRefusal.kt), so kotlinx's default Json refuses them too.
 */

/** What a request type's doc says of its decoding, beyond the side's own line. */
const STRICT_DOC =
  "Decoding refuses what the tool's inputSchema refuses: a member the request or a record in it does not define, a " +
  'role outside the language, a value outside its enum, as well as a missing member or a value of the wrong type.';

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

export function kotlinOperations(
  model: CanonicalModel,
  names: Names,
  typeOf: (t: TypeView, strict: boolean) => string,
  decls: readonly Decl[],
  unknownContent: string,
  takenAnswer: TakenAnswer,
) {
  const { operations, clashes } = operationDecls(model, names, OPERATION_TYPES);
  const reach = requestReach(model);
  const { functions, refusalOf } = refusalFunctions(reach, decls, unknownContent, model);
  const side = (operation: string, part: 'request' | 'response', d: SideDecl | null) => {
    if (d === null) return null;
    const request = part === 'request';
    const doc = kdoc(request ? [sideDoc(operation, part, d), STRICT_DOC] : [sideDoc(operation, part, d)]);
    const base = { name: d.name, doc, nameLiteral: stringLiteral(d.name), serializer: `${d.name}Serializer` };
    if (d.form === 'alias') {
      const type = typeOf(d.target, false);
      // A response is the record itself; a request wraps it, to decode it strictly.
      if (!request) return { ...base, isAlias: true, isRecord: false, isRequest: false, type };
      const whole = fixedRootRole(reach, operation) !== null;
      const answer = whole ? takenAnswerRefusal(takenAnswer) : null;
      const check = [refusalOf(d.target, 'it', false), answer].filter((c) => c !== null).join(' ?: ') || 'null';
      return { ...base, isAlias: false, isRecord: true, isRequest: true, type, check, record: d.notation };
    }
    const { field } = d;
    // A request's JSON primitives are read strictly (StrictPrimitives.kt), as a record's required fields are.
    const type = typeOf(field.type, request);
    const strict = request ? (STRICT_SERIALIZERS[type] ?? null) : null;
    const refusal = refusalOf(field.type, `it.${field.name}`, false);
    return {
      ...base,
      isAlias: false,
      isRecord: false,
      isRequest: request,
      check: refusal === null ? 'null' : `${refusal}?.below(${stringLiteral(field.key)})`,
      field: {
        name: field.name,
        key: stringLiteral(field.key),
        rawKey: field.key,
        type,
        strict,
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
  // The shared request vectors (requests.json) are decoded as their operation's request type.
  const requests = views.flatMap((o) => (o.request ? [{ key: stringLiteral(o.key), type: o.request.name }] : []));
  const tools = bindingTools(model).map((t) => ({
    name: stringLiteral(t.name),
    description: stringLiteral(t.description),
    inputSchema: rawJson(schemaText(t.inputSchema), '            '),
    outputSchema: t.outputSchema === undefined ? null : rawJson(schemaText(t.outputSchema), '            '),
  }));
  const samples = sides.flatMap((s) =>
    'field' in s && s.field.type === 'String'
      ? [{ name: s.name, property: s.field.name, json: stringLiteral(JSON.stringify({ [s.field.rawKey]: 'x' })) }]
      : [],
  );
  const plain = views.find((o) => o.request === null);
  return {
    view: {
      operations: views,
      sides,
      refusals: functions,
      requests,
      keepsSerializer: sides.some((s) => s.isRequest && !s.isRecord),
      tools,
      names: views.map((o) => stringLiteral(o.key)).join(', '),
      samples,
      call: plain?.method ?? null,
    },
    clashes,
  };
}
