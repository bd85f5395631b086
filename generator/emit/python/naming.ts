import { declaredNames, matchesOf, specDataTypeNames } from '../kit/declared-names.js';
import { type NamingConfig, Names } from '../kit/naming.js';
import { readerTypeNames } from '../kit/vocabulary.js';

/** Python's keywords and soft keywords (3.10+): none can be a name, and the soft ones read badly as one. */
const KEYWORDS: ReadonlySet<string> = new Set([
  'False',
  'None',
  'True',
  'and',
  'as',
  'assert',
  'async',
  'await',
  'break',
  'class',
  'continue',
  'def',
  'del',
  'elif',
  'else',
  'except',
  'finally',
  'for',
  'from',
  'global',
  'if',
  'import',
  'in',
  'is',
  'lambda',
  'nonlocal',
  'not',
  'or',
  'pass',
  'raise',
  'return',
  'try',
  'while',
  'with',
  'yield',
  'match',
  'case',
  '_',
]);

/** A class, or a module-level name bound to a type (`FindingId = Literal[...]`, `Slot: TypeAlias = ...`), in a Python source. */
const PYTHON_DECLARATION = /^class\s+(\w+)|^([A-Z]\w*)\s*(?::\s*TypeAlias\s*)?=/gm;

/**
 * Builtin and typing names a class must not shadow, and the names the package declares itself (its templates' and
 * runtime's, read from their sources, the spec data's and the reader's).
 */
const RESERVED_TYPES: ReadonlySet<string> = new Set([
  'Bool',
  'Dict',
  'List',
  'Set',
  'Tuple',
  'Type',
  'Object',
  'Exception',
  'Enum',
  'BaseModel',
  'ConfigDict',
  'Field',
  'JsonValue',
  'Tag',
  'Discriminator',
  'Literal',
  'Union',
  'Annotated',
  'TypeAlias',
  ...declaredNames('python', matchesOf(PYTHON_DECLARATION)),
  ...specDataTypeNames(),
  ...readerTypeNames('UpperCamel'),
]);

/** What pydantic's BaseModel declares (its deprecated v1 methods included): a field of that name would shadow it. */
const RESERVED_MEMBERS: ReadonlySet<string> = new Set([
  'copy',
  'dict',
  'json',
  'schema',
  'schema_json',
  'construct',
  'validate',
  'parse_obj',
  'parse_raw',
  'parse_file',
  'from_orm',
  'update_forward_refs',
  'fields',
  'model_config',
  'model_fields',
  'model_extra',
  'model_dump',
  'model_dump_json',
  'model_validate',
  'model_copy',
  'model_construct',
]);

export const PYTHON_NAMING: NamingConfig = {
  keywords: KEYWORDS,
  reservedTypes: RESERVED_TYPES,
  reservedMembers: RESERVED_MEMBERS,
  types: 'UpperCamel',
  members: 'snake_case',
  constants: 'SCREAMING_SNAKE',
  enumCases: 'SCREAMING_SNAKE',
  // PEP 8: a trailing underscore, as in `class_`.
  escapeType: (name) => `${name}_`,
  escapeMember: (name) => `${name}_`,
};

export const pythonNames = (): Names => new Names(PYTHON_NAMING);

/** A Python literal for a JSON-like value: JSON's string escapes are Python's too. */
export function pyLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'number' || typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value))
    return value.length === 1 ? `(${pyLiteral(value[0])},)` : `(${value.map(pyLiteral).join(', ')})`;
  return `{${Object.entries(value as Record<string, unknown>)
    .map(([k, v]) => `${JSON.stringify(k)}: ${pyLiteral(v)}`)
    .join(', ')}}`;
}

/** A docstring indented by `indent` spaces: one line when it fits in 100 columns, else wrapped (PEP 257). */
export function docstring(text: string, indent: number): string {
  const body = text.replace(/\\/g, '\\\\').replace(/"""/g, '\\"\\"\\"').replace(/"$/, '" ');
  const pad = ' '.repeat(indent);
  if (indent + body.length + 6 <= 100) return `"""${body}"""`;
  const lines: string[] = [];
  let line = '';
  for (const word of body.split(' ')) {
    const width = lines.length === 0 ? indent + 3 : indent;
    if (line && width + line.length + 1 + word.length > 100) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  lines.push(line);
  return `"""${lines.join(`\n${pad}`)}\n${pad}"""`;
}
