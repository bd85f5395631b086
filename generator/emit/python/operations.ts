import type { CanonicalModel } from '../../model/types.js';
import { sortKeys } from '../../util/json.js';
import { operationDecls, sideDoc, type SideDecl } from '../kit/operations.js';
import { bindingTools } from '../shared/binding-tools.js';
import type { TypeView } from '../kit/decl-types.js';
import { pyLiteral, pythonNames } from './naming.js';
import { pythonRequests } from './requests.js';

/**
 * The view of operations.py (templates/python/operations.py.hbs): each operation's request and response types,
 * the `Operations` protocol a provider implements, and `TOOL_DEFINITIONS`, the operations as MCP tool definitions
 * (generated/schema/tools.json as a Python literal, its lists as tuples).
 */

/** A JSON value as a Python literal over several lines, as black would lay it out. */
export function pyBlock(value: unknown, indent = 0): string {
  const pad = ' '.repeat(indent + 4);
  const end = ' '.repeat(indent);
  if (Array.isArray(value)) {
    if (value.length === 0) return '()';
    return `(\n${value.map((v) => `${pad}${pyBlock(v, indent + 4)},\n`).join('')}${end})`;
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length === 0) return '{}';
    return `{\n${entries.map(([k, v]) => `${pad}${JSON.stringify(k)}: ${pyBlock(v, indent + 4)},\n`).join('')}${end}}`;
  }
  return pyLiteral(value);
}

type Annotation = (t: TypeView) => string;

/** One side's view; a request's types are the strict ones (requests.ts), and a record request subclasses its twin. */
const sideView = (
  annotation: Annotation,
  operation: string,
  part: 'request' | 'response',
  d: SideDecl | null,
  strict: Pick<ReturnType<typeof pythonRequests>, 'twinOf' | 'rootRole'>,
) => {
  if (d === null) return null;
  const doc = sideDoc(operation, part, d);
  if (d.form === 'alias') {
    const base = part === 'request' && d.target.kind === 'ref' ? strict.twinOf(d.target.name) : undefined;
    if (base !== undefined && d.target.kind === 'ref') {
      const rootRole = strict.rootRole(operation);
      return {
        isAlias: false,
        isSubclass: true,
        name: d.name,
        doc,
        base,
        rootRole,
        models: rootRole ? [rootRole.type] : [],
      };
    }
    return {
      isAlias: true,
      name: d.name,
      doc,
      annotation: annotation(d.target),
      models: d.target.kind === 'ref' ? [d.target.name] : [],
    };
  }
  const t = d.field.type;
  const models =
    part === 'request'
      ? []
      : t.kind === 'ref'
        ? [t.name]
        : t.kind === 'array' && t.items.kind === 'ref'
          ? [t.items.name]
          : [];
  return {
    isAlias: false,
    name: d.name,
    doc,
    field: {
      name: d.field.name,
      key: d.field.key,
      alias: d.field.name !== d.field.key,
      annotation: annotation(t),
      doc: `The ${d.notation} ${operation} ${part === 'request' ? 'takes' : 'returns'}.`,
    },
    models,
  };
};

/** What operations.py imports from pydantic, classes before functions as isort orders them. */
function pydanticImports(
  wrappers: boolean,
  aliases: boolean,
  requests: { classes: unknown[]; pydantic: string[] },
  validates: boolean,
) {
  const names = new Set(requests.pydantic);
  if (validates) names.add('model_validator');
  if (wrappers || requests.classes.length) names.add('BaseModel').add('ConfigDict');
  if (aliases) names.add('Field');
  const upper = (n: string) => /^[A-Z]/.test(n);
  return [...[...names].filter(upper).sort(), ...[...names].filter((n) => !upper(n)).sort()].join(', ');
}

/**
 * What operations.py is made from, and the names it exports; `clashes` are operations left without a type.
 * `annotation` is the emitter's, which prints a type as models.py does.
 */
export function pythonOperations(model: CanonicalModel, annotation: Annotation, rolesConstant: string) {
  const { operations, clashes } = operationDecls(model, pythonNames());
  const strict = pythonRequests(model, annotation, rolesConstant);
  const views = operations.map((o) => ({
    key: o.key,
    method: o.method,
    doc: o.doc,
    request: sideView(strict.annotation, o.key, 'request', o.request, strict),
    response: sideView(annotation, o.key, 'response', o.response, strict),
  }));
  const sides = views.flatMap((o) => [o.request, o.response]).filter((s) => s !== null);
  const requests = strict.finish();
  const models = [...new Set([...sides.flatMap((s) => s.models), ...requests.models])].sort();
  // Constants first, then types, as isort orders them.
  const exports = ['TOOL_DEFINITIONS', ...['Operations', 'ToolDefinition', ...sides.map((s) => s.name)].sort()];
  const tools = pyBlock(sortKeys(bindingTools(model)));
  // A test for each side of one field whose value a literal can give.
  const sampleOf: Record<string, string> = { string: '"x"', number: '1', integer: '1', boolean: 'True' };
  const samples = operations.flatMap((o) =>
    (['request', 'response'] as const).flatMap((part) => {
      const d = part === 'request' ? o.request : o.response;
      const value = d?.form === 'wrapper' ? sampleOf[d.field.type.kind] : undefined;
      if (d?.form !== 'wrapper' || value === undefined) return [];
      return [
        {
          test: `${o.method}_${part}`,
          operation: o.key,
          schema: part === 'request' ? 'inputSchema' : 'outputSchema',
          name: d.name,
          key: d.field.key,
          field: d.field.name,
          value,
          object: `{${JSON.stringify(d.field.key)}: ${value}}`,
          extra: `{${JSON.stringify(d.field.key)}: ${value}, "not-a-property": 1}`,
        },
      ];
    }),
  );
  const imports = [...sides.map((s) => s.name)].sort();
  const wrappers = sides.filter((s) => !s.isAlias && !('isSubclass' in s));
  const aliases = wrappers.some((s) => s.field?.alias === true);
  return {
    view: {
      operations: views,
      sides,
      models,
      privates: requests.privates,
      requests: requests.view,
      tools,
      exports,
      wrappers: wrappers.length > 0,
      aliases,
      pydantic: pydanticImports(
        wrappers.length > 0,
        aliases,
        requests.view,
        sides.some((s) => 'rootRole' in s && s.rootRole),
      ),
      typing: ['Final', 'Protocol', 'TypeAlias', 'TypedDict', ...requests.view.typing].sort(),
      modelImports: [...models, ...requests.privates].join(', '),
      samples,
      imports,
      methods: views.map((o) => o.method),
      requestTypes: views.flatMap((o) => (o.request ? [{ operation: o.key, name: o.request.name }] : [])),
    },
    exports,
    clashes,
  };
}
