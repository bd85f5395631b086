import { RULES } from '../diagnostics/codes.js';
import type { Diagnostics, Place } from '../diagnostics/report.js';
import type { FieldDefault, TypeRef } from './cell-types.js';
import type { Cell } from './tables.js';

/** A value read from the spec, with the place it was read from. */
export interface Located<T> {
  value: T;
  place: Place;
}

/** Cells that mean "nothing here". */
const ABSENT = new Set(['—', '–', '-', 'None', 'none']);

export const isAbsent = (cell: Cell): boolean => ABSENT.has(cell.plain);

/** The cell's text, or a diagnostic when it is empty. */
export function required(cell: Cell, column: string, diagnostics: Diagnostics): string | null {
  if (cell.plain === '') {
    diagnostics.error('empty-cell', cell.place, `The ${column} cell is empty`);
    return null;
  }
  return cell.plain;
}

/** A name written as code (`id`), as the guide asks; plain text is accepted when there is no code span. */
export function name(cell: Cell, column: string, diagnostics: Diagnostics): string | null {
  const text = required(cell, column, diagnostics);
  if (text === null) return null;
  const code = cell.codes[0];
  return code ?? text;
}

const IDENTIFIER = /^[A-Za-z][A-Za-z0-9_]*$/;

/**
 * A name that becomes an identifier in every binding (a type, field, role, state or attribute): letters, digits
 * and underscores, starting with a letter. Anything else could not be named in every binding alike.
 */
export function identifier(cell: Cell, column: string, diagnostics: Diagnostics): string | null {
  const text = name(cell, column, diagnostics);
  if (text === null) return null;
  // The cell holds the name alone: other words beside it are a slip (a dropped pipe joins two cells).
  if (!IDENTIFIER.test(text) || cell.plain !== text) {
    diagnostics.error(
      'bad-cell',
      cell.place,
      `The ${column} cell must hold one name of letters and digits, starting with a letter, and nothing else`,
      cell.plain,
    );
    return null;
  }
  return text;
}

/** Names written in one cell (a role list), each checked as an identifier. */
/** Where a name written as code in the cell stands; the cell's start for one written without backticks. */
export function placeOfName(cell: Cell, name: string): Place {
  return cell.codePlaces[cell.codes.indexOf(name)] ?? cell.place;
}

export function identifiers(names: readonly string[], cell: Cell, column: string, diagnostics: Diagnostics): string[] {
  return names.filter((n) => {
    if (IDENTIFIER.test(n)) return true;
    diagnostics.error(
      'bad-cell',
      placeOfName(cell, n),
      `The ${column} must be names of letters and digits, each starting with a letter`,
      n,
    );
    return false;
  });
}

export function yesNo(cell: Cell, column: string, diagnostics: Diagnostics): boolean | null {
  const text = required(cell, column, diagnostics);
  if (text === null) return null;
  const word = text.toLowerCase().split(/[\s:;,.]/)[0];
  if (word === 'yes') return true;
  if (word === 'no') return false;
  diagnostics.error('bad-cell', cell.place, `The ${column} cell must start with yes or no`, text);
  return null;
}

const TYPE_NOTATION = /^([A-Za-z][A-Za-z0-9]*)((?:\[\])*)$/;
/** The type notation's primitive names; the language server offers them too. */
export const PRIMITIVES: ReadonlySet<string> = new Set(['string', 'boolean', 'number']);

/** `string`, `Element`, `ContentBlock[]`: the type notation of the guide. Names are resolved later. */
export function typeRef(notation: string): TypeRef | null {
  const match = TYPE_NOTATION.exec(notation);
  if (!match?.[1]) return null;
  let ref: TypeRef = PRIMITIVES.has(match[1])
    ? { kind: 'primitive', name: match[1] as 'string' | 'boolean' | 'number' }
    : { kind: 'named', name: match[1] };
  for (let depth = (match[2] ?? '').length / 2; depth > 0; depth--) ref = { kind: 'array', items: ref };
  return ref;
}

/** A type cell as read: its notation, the type it names (null when it is in no notation), and where it stands. */
export interface TypeCell {
  notation: string;
  type: TypeRef | null;
  place: Place;
}

/** What joins two types into a choice ("`string` or `string[]`", "string | number"): the model has no unions. */
const CHOICE = /\bor\b|\||,|\//;

/**
 * A Type, Takes or Returns cell read whole: one type in the guide's notation, as code or as a bare word, and
 * nothing else. A second type or words beside the type are `type-cell` errors at the cell, never dropped (taking
 * the first code span read "`string` or `string[]`" as `string` without a word). A refused cell keeps its row.
 */
export function typeCell(cell: Cell, column: string, diagnostics: Diagnostics): TypeCell | null {
  const text = required(cell, column, diagnostics);
  if (text === null) return null;
  const refuse = (message: string, hint: string) => {
    diagnostics.error('type-cell', cell.place, `The ${column} cell ${message}`, text, hint);
    // The error stops the build; the first type the cell names stands in, so the checks after it (the tree, the
    // examples) do not fail for this cell as well.
    const first = (cell.codes[0] ?? text).split(CHOICE)[0]?.trim() ?? '';
    const type = typeRef(first);
    return { notation: type ? first : text, type, place: cell.place };
  };
  /** What to write instead: one type, or a record holding each (an operation takes or returns one value). */
  const choice = (types: string) => {
    if (column === 'Type')
      return `A field or attribute has one type; the model cannot express a choice between ${types}. Pick one, or define a record with a field for each.`;
    const verb = column === 'Takes' ? 'take' : 'return';
    return `An operation ${verb}s one value: ${column} names one type, or —. To ${verb} ${types}, define a record with a field for each and name it here.`;
  };
  const { codes } = cell;
  const notation = codes[0] ?? text;
  if (codes.length > 1)
    return refuse(`holds ${codes.length} types, not one`, choice(codes.map((c) => `\`${c}\``).join(' and ')));
  if (codes.length === 1 && text !== notation.replace(/\s+/g, ' ').trim())
    return refuse('holds words beside its type', `Write \`${notation}\` alone, as code; say the rest in the Meaning.`);
  if (CHOICE.test(notation))
    return refuse(
      'holds a choice of types, not one',
      choice(
        notation
          .split(CHOICE)
          .map((t) => `\`${t.trim()}\``)
          .filter((t) => t !== '``')
          .join(' and '),
      ),
    );
  if (/\s/.test(notation)) return refuse('holds words, not one type', RULES['type-cell'].hint);
  const type = typeRef(notation);
  if (!type) diagnostics.error('unknown-type', cell.place, 'The type is not in the type notation', notation);
  return { notation, type, place: cell.place };
}

/**
 * The default a Meaning states: "Absent means false", "Absent means true", or "Absent means the parent's
 * value; the root is <field>" (or "is not <field>"). Undefined when the Meaning states none.
 */
export function defaultOf(meaning: Cell, field: string, diagnostics: Diagnostics): FieldDefault | null | undefined {
  const at = meaning.plain.indexOf('Absent means');
  if (at < 0) return null;
  const rest = meaning.plain.slice(at + 'Absent means'.length).trim();
  const literal = /^(false|true)\b/.exec(rest);
  if (literal) return { kind: 'value', value: literal[1] === 'true' };
  const inherit = /^the parent's value(?:;\s*the root is (not )?(\S+?))?\.?$/.exec(rest);
  if (inherit && (inherit[2] === undefined || inherit[2] === field)) {
    return { kind: 'inherit', root: inherit[1] === undefined };
  }
  diagnostics.error('bad-default', meaning.place, 'The default is not in a form the toolchain reads', rest);
  return undefined;
}
