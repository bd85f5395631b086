import { Lines } from '../core/lines.js';
import { type DataField, type DataType, type Declaration, type UnionMember, declarationNamed } from './data-shape.js';

/**
 * A value of a data schema (./data-shape.ts) as a language's literal: the language says how each kind of value is
 * written (`LiteralSyntax`) and `layout` lays the result out as a careful engineer would, on one line where it fits
 * and one item a line where it does not.
 */

/** Text, or a bracketed group of items that may be laid out on one line or one item a line. */
export type Doc = string | Group;

export interface Group {
  open: string;
  close: string;
  items: { prefix?: string; doc: Doc }[];
  /** Whether the last item takes a comma too when the group is one item a line (a trailing comma); yes unless said. */
  trailing?: boolean;
  /** One item on one line still takes a comma (Python's one-item tuple). */
  singleComma?: boolean;
  /** On one line, a space inside each bracket (Rust's `Name { a: 1 }`). */
  padded?: boolean;
}

export interface LiteralSyntax {
  /** Columns a line may take, and one level of indentation. */
  width: number;
  indent: string;
  string: (text: string) => string;
  number: (n: number) => string;
  boolean: (b: boolean) => string;
  /**
   * How an optional value that is absent (undefined or null) is written; `null` leaves the field out of its record
   * (the language's declaration gives it a default).
   */
  absent: string | null;
  /** A present optional value, where the language marks it (Rust's `Some`); otherwise the value as it is. */
  present?: (of: DataType, value: Doc) => Doc;
  list: (of: DataType, items: Doc[]) => Doc;
  map: (of: DataType, entries: { key: string; value: Doc }[]) => Doc;
  record: (decl: Extract<Declaration, { kind: 'record' }>, fields: { field: DataField; value: Doc }[]) => Doc;
  member: (
    decl: Extract<Declaration, { kind: 'union' }>,
    member: UnionMember,
    fields: { field: DataField; value: Doc }[],
  ) => Doc;
  enumValue: (decl: Extract<Declaration, { kind: 'enum' }>, value: string) => Doc;
  /**
   * Whether a one-line item of a group laid out one item a line, written after `prefix` (`Name: `), lines up with
   * its neighbours' values, as gofmt aligns a composite literal's; no item does unless said.
   */
  aligns?: (prefix: string) => boolean;
}

const isAbsent = (value: unknown) => value === undefined || value === null;

/** The literal of `value`, a value of `type`. */
export function literalOf(
  value: unknown,
  type: DataType,
  declarations: readonly Declaration[],
  syntax: LiteralSyntax,
): Doc {
  const fieldsOf = (fields: DataField[], record: Record<string, unknown>) =>
    fields.flatMap((field) => {
      const v = record[field.name];
      if (isAbsent(v) && field.type.kind === 'optional' && syntax.absent === null) return [];
      return [{ field, value: literalOf(v, field.type, declarations, syntax) }];
    });
  switch (type.kind) {
    case 'string':
      return syntax.string(String(value));
    case 'boolean':
      return syntax.boolean(value === true);
    case 'number':
      return syntax.number(Number(value));
    case 'optional':
      if (isAbsent(value)) return syntax.absent ?? '';
      return syntax.present
        ? syntax.present(type.of, literalOf(value, type.of, declarations, syntax))
        : literalOf(value, type.of, declarations, syntax);
    case 'list':
      return syntax.list(
        type.of,
        (value as unknown[]).map((item) => literalOf(item, type.of, declarations, syntax)),
      );
    case 'map':
      return syntax.map(
        type.of,
        Object.entries(value as Record<string, unknown>).map(([key, v]) => ({
          key,
          value: literalOf(v, type.of, declarations, syntax),
        })),
      );
    case 'named': {
      const decl = declarationNamed(declarations, type.name);
      if (decl.kind === 'enum') return syntax.enumValue(decl, String(value));
      const record = value as Record<string, unknown>;
      if (decl.kind === 'record') return syntax.record(decl, fieldsOf(decl.fields, record));
      const member = decl.members.find((m) => m.tag === record[decl.tag]);
      if (!member) throw new Error(`data-literal: ${String(record[decl.tag])} is no member of ${decl.name}`);
      return syntax.member(decl, member, fieldsOf(member.fields, record));
    }
  }
}

/** The doc on one line, as it would be if it fit. */
function flat(doc: Doc): string {
  if (typeof doc === 'string') return doc;
  const items = doc.items.map((i) => `${i.prefix ?? ''}${flat(i.doc)}`);
  const pad = doc.padded && items.length > 0 ? ' ' : '';
  return `${doc.open}${pad}${items.join(', ')}${doc.singleComma && items.length === 1 ? ',' : ''}${pad}${doc.close}`;
}

/** Whether a group is written on one line: when it is empty or fits in the width. */
const fits = (group: Group, column: number, width: number): boolean =>
  group.items.length === 0 || column + flat(group).length <= width;

/** The doc laid out starting at `column` of a line indented `level` times. */
export function layout(
  doc: Doc,
  syntax: Pick<LiteralSyntax, 'width' | 'indent' | 'aligns'>,
  level = 0,
  column = 0,
): string {
  if (typeof doc === 'string' || fits(doc, column, syntax.width)) return flat(doc);
  const w = new Lines(syntax.indent, level);
  layoutInto(w, doc, syntax, level, column, '', '');
  // The writer indents the first line as the others; the doc starts where the caller's line is.
  return w.toString().slice(syntax.indent.length * level, -1);
}

/** The doc written as an item of its group: `prefix`, the doc, then `comma`, on one line or one item a line. */
function layoutInto(
  w: Lines,
  doc: Doc,
  syntax: Pick<LiteralSyntax, 'width' | 'indent' | 'aligns'>,
  level: number,
  column: number,
  prefix: string,
  comma: string,
): void {
  if (typeof doc === 'string' || fits(doc, column, syntax.width)) {
    const one = flat(doc);
    if (prefix && syntax.aligns?.(prefix)) w.row(prefix.trimEnd(), `${one}${comma}`);
    else w.line(`${prefix}${one}${comma}`);
    return;
  }
  const inner = syntax.indent.repeat(level + 1).length;
  const last = doc.items.length - 1;
  w.line(`${prefix}${doc.open}`);
  w.indent(() =>
    w.aligned(() =>
      doc.items.forEach((item, i) => {
        const itemPrefix = item.prefix ?? '';
        layoutInto(
          w,
          item.doc,
          syntax,
          level + 1,
          inner + itemPrefix.length,
          itemPrefix,
          i < last || doc.trailing !== false ? ',' : '',
        );
      }),
    ),
  );
  w.line(`${doc.close}${comma}`);
}
