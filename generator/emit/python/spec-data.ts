import { type DataField, type DataType, type Declaration, declarationsOf } from '../kit/data-shape.js';
import { type Doc, type LiteralSyntax, layout, literalOf } from '../kit/data-literal.js';
import { inCase } from '../kit/naming.js';
import { type SpecData, SpecDataSchema } from '../kit/spec-shape.js';
import { PYTHON_NAMING, docstring, pyLiteral } from './naming.js';

/**
 * The spec data in Python, from its one declaration (kit/spec-shape.ts): a frozen, keyword-only dataclass per
 * record; a tagged union as one dataclass with its tag and every member's fields (the checker switches on the
 * tag), a member's field another member lacks defaulting to its empty value; a named enum as a `Literal` alias;
 * lists as tuples, maps as dicts, an optional value `None` by default.
 */

const { root, declarations } = declarationsOf(SpecDataSchema);

const fieldName = (name: string) => {
  const snake = inCase(name, 'snake_case');
  return PYTHON_NAMING.keywords.has(snake) ? PYTHON_NAMING.escapeMember(snake) : snake;
};

function pyType(type: DataType): string {
  switch (type.kind) {
    case 'string':
      return type.values ? `Literal[${type.values.map((v) => JSON.stringify(v)).join(', ')}]` : 'str';
    case 'boolean':
      return 'bool';
    case 'number':
      return 'float';
    case 'optional':
      return `${pyType(type.of)} | None`;
    case 'list':
      return `tuple[${pyType(type.of)}, ...]`;
    case 'map':
      return `dict[str, ${pyType(type.of)}]`;
    case 'named':
      return type.name;
  }
}

/** A union's fields: each member's once, in the members' order, with the empty value of its type where a member lacks it. */
function unionFields(decl: Extract<Declaration, { kind: 'union' }>): { field: DataField; empty: string | null }[] {
  const out: { field: DataField; empty: string | null }[] = [];
  for (const member of decl.members)
    for (const f of member.fields) {
      const seen = out.find((o) => o.field.name === f.name);
      if (seen) {
        // Two members' fields of one name and different strings (an enum's and any text) are any text.
        if (JSON.stringify(seen.field.type) !== JSON.stringify(f.type) && seen.field.type.kind === 'string')
          seen.field = { ...seen.field, type: { kind: 'string' } };
        continue;
      }
      const everywhere = decl.members.every((m) => m.fields.some((g) => g.name === f.name));
      const empty = everywhere
        ? null
        : f.type.kind === 'string'
          ? '""'
          : f.type.kind === 'boolean'
            ? 'False'
            : f.type.kind === 'number'
              ? '0'
              : 'None';
      out.push({
        field:
          empty === 'None' && f.type.kind !== 'optional'
            ? { ...f, type: { kind: 'optional', of: f.type, nullable: false } }
            : f,
        empty,
      });
    }
  return out;
}

const attributeDoc = (text: string | null) => (text ? `    ${docstring(text, 4)}\n` : '');

function dataclass(
  name: string,
  doc: string,
  fields: { field: DataField; empty: string | null }[],
  tag?: { name: string; values: string[] },
): string {
  const lines = [
    ...(tag ? [`    ${fieldName(tag.name)}: Literal[${tag.values.map((v) => JSON.stringify(v)).join(', ')}]\n`] : []),
    ...fields.map(({ field, empty }) => {
      const fallback = empty ?? (field.type.kind === 'optional' ? 'None' : null);
      return `    ${fieldName(field.name)}: ${pyType(field.type)}${fallback === null ? '' : ` = ${fallback}`}\n${attributeDoc(field.doc)}`;
    }),
  ];
  return `@dataclass(frozen=True, kw_only=True)\nclass ${name}:\n    ${docstring(doc, 4)}\n\n${lines.join('')}`;
}

function declaration(decl: Declaration): string {
  switch (decl.kind) {
    case 'record':
      return dataclass(
        decl.name,
        decl.doc,
        decl.fields.map((field) => ({ field, empty: null })),
      );
    case 'union':
      return dataclass(decl.name, decl.doc, unionFields(decl), {
        name: decl.tag,
        values: decl.members.map((m) => m.tag),
      });
    case 'enum':
      return `${decl.name} = Literal[${decl.values.map((v) => JSON.stringify(v)).join(', ')}]\n${docstring(decl.doc, 0)}\n`;
  }
}

/** The Python declarations of every type the spec data holds, enums first (an alias is a value, read where it stands). */
export function pythonSpecDeclarations(): string {
  const ordered = [...declarations.filter((d) => d.kind === 'enum'), ...declarations.filter((d) => d.kind !== 'enum')];
  return ordered.map(declaration).join('\n\n');
}

/** The names a module imports from the spec data. */
export const pythonSpecTypeNames = (): string[] => declarations.map((d) => d.name);

const call = (open: string, fields: { name: string; value: Doc }[]): Doc => ({
  open: `${open}(`,
  close: ')',
  items: fields.map(({ name, value }) => ({ prefix: `${fieldName(name)}=`, doc: value })),
});

const PYTHON_SYNTAX: LiteralSyntax = {
  width: 120,
  indent: '    ',
  string: (text) => pyLiteral(text),
  number: (n) => String(n),
  boolean: (b) => (b ? 'True' : 'False'),
  absent: null,
  list: (_of, items) => ({ open: '(', close: ')', singleComma: true, items: items.map((d) => ({ doc: d })) }),
  map: (_of, entries) => ({
    open: '{',
    close: '}',
    items: entries.map((e) => ({ prefix: `${pyLiteral(e.key)}: `, doc: e.value })),
  }),
  record: (decl, fields) =>
    call(
      decl.name,
      fields.map(({ field, value }) => ({ name: field.name, value })),
    ),
  member: (decl, member, fields) =>
    call(decl.name, [
      { name: decl.tag, value: pyLiteral(member.tag) },
      ...fields.map(({ field, value }) => ({ name: field.name, value })),
    ]),
  enumValue: (_decl, value) => pyLiteral(value),
};

/** The spec data of one version as a Python expression. */
export function pythonSpecLiteral(data: SpecData): string {
  return layout(literalOf(data, root, declarations, PYTHON_SYNTAX), PYTHON_SYNTAX, 0, 0);
}
