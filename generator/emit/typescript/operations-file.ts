import type { CanonicalModel } from '../../model/types.js';
import type { TypeView } from '../kit/declarations.js';
import { inCase, Names } from '../kit/naming.js';
import { operationDecls, type SideDecl, sideDoc } from '../kit/operations.js';
import { bindingTools } from '../shared/binding-tools.js';
import type { ModelFiles } from './model-file.js';

/**
 * src/operations.ts, with its JavaScript and declarations: each operation's request and response types, the
 * `Operations` interface a provider implements, and `TOOL_DEFINITIONS`, the operations as MCP tools (the JSON of
 * generated/schema/tools.json). The types are only types, so dist/operations.js holds the constant alone.
 */

/** The kit's names for TypeScript; a type keeps the model's name (src/model.ts declares it so), see `modelName`. */
const TS_NAMES = new Names({
  keywords: new Set(['delete', 'default', 'function', 'class', 'new', 'in', 'void', 'this', 'typeof', 'var', 'with']),
  reservedTypes: new Set(),
  reservedMembers: new Set(),
  types: 'UpperCamelKeeping',
  members: 'lowerCamelKeeping',
  constants: 'SCREAMING_SNAKE',
  enumCases: 'UpperCamelKeeping',
  escapeType: (name) => `${name}Type`,
  escapeMember: (name) => `${name}_`,
});

/** The model's name of a type the kit named in TypeScript's case. */
const modelName = (name: string, model: CanonicalModel): string => model.types.find((m) => inCase(m.name, 'UpperCamelKeeping') === name)?.name ?? name;

function tsType(t: TypeView, model: CanonicalModel): string {
  switch (t.kind) {
    case 'array': {
      const items = tsType(t.items, model);
      return items.includes(' ') ? `(${items})[]` : `${items}[]`;
    }
    case 'ref': {
      // An open role takes any string too.
      const name = modelName(t.name, model);
      return t.declares === 'roles' || t.declares === 'enum' ? `${name} | (string & {})` : name;
    }
    case 'string':
    case 'boolean':
    case 'number':
      return t.kind;
    default:
      return 'unknown';
  }
}

const refs = (t: TypeView): string[] => (t.kind === 'array' ? refs(t.items) : t.kind === 'ref' ? [t.name] : []);

const docBlock = (lines: string[], indent = ''): string =>
  lines.length === 1 ? `${indent}/** ${lines[0]} */\n` : `${indent}/**\n${lines.map((l) => `${indent} *${l ? ` ${l}` : ''}`).join('\n')}\n${indent} */\n`;

const TOOL_TYPE = `/** An MCP tool definition, as MCP's \`Tool\` has it: a provider registers each (\`tools/list\`). */
export interface ToolDefinition {
  /** The operation's name. */
  name: string;
  /** What the operation does: its Meaning in the spec. */
  description: string;
  /** What it takes: an object (an operation that takes nothing takes an empty one). */
  inputSchema: { type: 'object'; properties?: Record<string, object>; required?: string[]; [key: string]: unknown; };
  /** What it returns, an object; absent for an operation that returns nothing. */
  outputSchema?: { type: 'object'; properties?: Record<string, object>; required?: string[]; [key: string]: unknown; };
}`;

export function operationsFiles(model: CanonicalModel, header: string): ModelFiles {
  const { operations, clashes } = operationDecls(model, TS_NAMES, ['Operations', 'ToolDefinition']);
  // This target returns files alone: the runner reports what it throws as an `emitter` diagnostic naming it.
  if (clashes.length > 0) throw new Error(clashes.map((c) => `${c.source.file}:${c.source.line}: ${c.message}`).join('; '));
  const types: string[] = [];
  const imported = new Set<string>();
  const side = (o: { key: string }, part: 'request' | 'response', d: SideDecl): void => {
    const doc = docBlock([sideDoc(o.key, part, d)]);
    if (d.form === 'alias') {
      types.push(`${doc}export type ${d.name} = ${tsType(d.target, model)};`);
      for (const r of refs(d.target)) imported.add(modelName(r, model));
    } else {
      types.push(`${doc}export interface ${d.name} {\n  ${/^[A-Za-z_$][\w$]*$/.test(d.field.key) ? d.field.key : JSON.stringify(d.field.key)}: ${tsType(d.field.type, model)};\n}`);
      for (const r of refs(d.field.type)) imported.add(modelName(r, model));
    }
  };
  const methods: string[] = [];
  for (const o of operations) {
    if (o.request) side(o, 'request', o.request);
    if (o.response) side(o, 'response', o.response);
    const parameter = o.request ? `request: ${o.request.name}` : '';
    methods.push(`${docBlock([o.doc, '', `@since ${o.since}`], '  ')}  ${o.key}(${parameter}): Promise<${o.response ? o.response.name : 'void'}>;`);
  }
  const operationsType = `/** Every operation, as a provider implements it: what each takes and what it answers. */\nexport interface Operations {\n${methods.join('\n')}\n}`;
  const literal = JSON.stringify(bindingTools(model), null, 2);
  const constDoc = '/** The operations as MCP tool definitions, in the spec\'s order: generated/schema/tools.json. */';
  const imports = imported.size ? `import type { ${[...imported].sort().join(', ')} } from './model.js';\n\n` : '';
  const head = header.trimEnd();
  const body = [...types, operationsType, TOOL_TYPE].join('\n\n');
  return {
    ts: `${head}\n${imports}${body}\n\n${constDoc}\nexport const TOOL_DEFINITIONS: readonly ToolDefinition[] = ${literal};\n`,
    js: `${head}\n${constDoc}\nexport const TOOL_DEFINITIONS = ${literal};\n`,
    dts: `${head}\n${imports}${body}\n\n${constDoc}\nexport declare const TOOL_DEFINITIONS: readonly ToolDefinition[];\n`,
  };
}
