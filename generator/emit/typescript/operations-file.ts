import type { Diagnostic } from '../../diagnostics/report.js';
import type { CanonicalModel } from '../../model/types.js';
import { emitterDiagnostic } from '../core/report.js';
import type { TypeView } from '../kit/decl-types.js';
import type { Names } from '../kit/naming.js';
import { operationDecls, type SideDecl, sideDoc } from '../kit/operations.js';
import { bindingTools } from '../shared/binding-tools.js';
import type { ModelFiles } from './model-statements.js';
import { OWN, typescriptNames } from './naming.js';
import { requestTypes } from './request-types.js';

/**
 * src/operations.ts, with its JavaScript and declarations: each operation's request and response types, the
 * `Operations` interface a provider implements, `Requests` (each request type by its operation's name, for
 * runtime/typescript/request.ts's `readRequest`), and `TOOL_DEFINITIONS`, the operations as MCP tools (the JSON of
 * generated/schema/tools.json). The types are only types, so dist/operations.js holds the constant alone. A response
 * is lenient as the answer's types are; a request is strict (request-types.ts).
 */

function tsType(t: TypeView): string {
  switch (t.kind) {
    case 'array': {
      const items = tsType(t.items);
      return items.includes(' ') ? `(${items})[]` : `${items}[]`;
    }
    case 'ref': {
      // An open role takes any string too.
      return t.declares === 'roles' || t.declares === 'enum' ? `${t.name} | (string & {})` : t.name;
    }
    case 'string':
    case 'boolean':
    case 'number':
      return t.kind;
    default:
      return 'unknown';
  }
}

const propertyKey = (key: string): string => (/^[A-Za-z_$][\w$]*$/.test(key) ? key : JSON.stringify(key));

const refs = (t: TypeView): string[] => (t.kind === 'array' ? refs(t.items) : t.kind === 'ref' ? [t.name] : []);

const docBlock = (lines: string[], indent = ''): string =>
  lines.length === 1
    ? `${indent}/** ${lines[0]} */\n`
    : `${indent}/**\n${lines.map((l) => `${indent} *${l ? ` ${l}` : ''}`).join('\n')}\n${indent} */\n`;

const TOOL_TYPE = `/** An MCP tool definition, as MCP's \`Tool\` has it: a provider registers each (\`tools/list\`). */
export interface ${OWN.toolDefinition} {
  /** The operation's name. */
  name: string;
  /** What the operation does: its Meaning in the spec. */
  description: string;
  /** What it takes: an object (an operation that takes nothing takes an empty one). */
  inputSchema: { type: 'object'; properties?: Record<string, object>; required?: string[]; [key: string]: unknown; };
  /** What it returns, an object; absent for an operation that returns nothing. */
  outputSchema?: { type: 'object'; properties?: Record<string, object>; required?: string[]; [key: string]: unknown; };
}`;

export function operationsFiles(
  model: CanonicalModel,
  header: string,
  names: Names = typescriptNames(model),
): ModelFiles {
  // An operation whose type would meet another type's name is left out here; operationClashes reports it.
  const { operations } = operationDecls(model, names, [OWN.operations, OWN.toolDefinition, OWN.requests]);
  const strict = requestTypes(model, names, operations);
  const types: string[] = [...strict.declarations];
  const imported = new Set<string>();
  const side = (o: { key: string }, part: 'request' | 'response', d: SideDecl): void => {
    const doc = docBlock([sideDoc(o.key, part, d)]);
    const typeOf = part === 'request' ? strict.typeOf : tsType;
    const type = d.form === 'alias' ? d.target : d.field.type;
    if (part === 'response') for (const r of refs(type)) imported.add(r);
    if (d.form === 'alias') types.push(`${doc}export type ${d.name} = ${typeOf(d.target)};`);
    else types.push(`${doc}export interface ${d.name} {\n  ${propertyKey(d.field.key)}: ${typeOf(d.field.type)};\n}`);
  };
  const methods: string[] = [];
  for (const o of operations) {
    if (o.request) side(o, 'request', o.request);
    if (o.response) side(o, 'response', o.response);
    const parameter = o.request ? `request: ${o.request.name}` : '';
    methods.push(
      `${docBlock([o.doc, '', `@since ${o.since}`], '  ')}  ${o.key}(${parameter}): Promise<${o.response ? o.response.name : 'void'}>;`,
    );
  }
  const operationsType = `/** Every operation, as a provider implements it: what each takes and what it answers. */\nexport interface ${OWN.operations} {\n${methods.join('\n')}\n}`;
  // An operation that takes nothing takes the empty object, which readRequest holds it to as well.
  const requests = operations.map(
    (o) => `  ${propertyKey(o.key)}: ${o.request ? o.request.name : 'Record<string, never>'};`,
  );
  const requestsType = `/** Each operation's request type, by the operation's name: what \`readRequest\` reads a tool call's arguments as. */\nexport interface ${OWN.requests} {\n${requests.join('\n')}${requests.length ? '\n' : ''}}`;
  const literal = JSON.stringify(bindingTools(model), null, 2);
  const constDoc = "/** The operations as MCP tool definitions, in the spec's order: generated/schema/tools.json. */";
  for (const r of strict.uses) imported.add(r);
  const imports = imported.size ? `import type { ${[...imported].sort().join(', ')} } from './model.js';\n\n` : '';
  const head = header.trimEnd();
  const body = [...types, operationsType, requestsType, TOOL_TYPE].join('\n\n');
  return {
    ts: `${head}\n${imports}${body}\n\n${constDoc}\nexport const ${OWN.toolDefinitions}: readonly ${OWN.toolDefinition}[] = ${literal};\n`,
    js: `${head}\n${constDoc}\nexport const ${OWN.toolDefinitions} = ${literal};\n`,
    dts: `${head}\n${imports}${body}\n\n${constDoc}\nexport declare const ${OWN.toolDefinitions}: readonly ${OWN.toolDefinition}[];\n`,
  };
}

/** The operations left out of operations.ts for a name another type has: each an `emitter` error at its row. */
export function operationClashes(model: CanonicalModel, names: Names = typescriptNames(model)): Diagnostic[] {
  return operationDecls(model, names, [OWN.operations, OWN.toolDefinition, OWN.requests]).clashes.map((c) =>
    emitterDiagnostic(c.source, c.message),
  );
}
