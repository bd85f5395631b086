import type { Decl, UnionDecl } from '../kit/decl-types.js';
import { Lines } from '../core/lines.js';
import { union } from './content-union.js';
import { goTypes, literalType } from './field-types.js';
import { enumType, roles } from './open-strings.js';
import { type GoField, type RecordShape, record } from './records.js';
import type { Write } from './snippets.js';

/**
 * The kit's declarations as Go prints them: a record is a struct that keeps the fields it does not know
 * (`Extra`), with a decoder from the package's JSON values and an encoder back; the role type an open string
 * type with a constant per role; the content union a sealed interface with a struct per kind and one that keeps
 * a block of any other kind whole; a field holding one of several records a struct with one pointer per record.
 */

export interface GoDecls {
  /** The Go source of every declaration, in the kit's order. */
  source: string;
}

/**
 * Every declaration as Go source, in the kit's order, then the types their fields nest. `closed` names the request
 * types, each with what its JSON is checked against (records.ts).
 */
export function goDecls(decls: readonly Decl[], closed: ReadonlyMap<string, string> = new Map()): GoDecls {
  const nested: Write[] = [];
  const typeOf = goTypes(nested);
  const unions = decls.filter((d): d is UnionDecl => d.kind === 'union');
  const unionOf = (name: string) => unions.find((u) => u.members.some((m) => m.type === name)) ?? null;
  const recordOf = (d: RecordShape): GoField[] =>
    d.fields.map((f) => {
      const t = typeOf(f.type, d.name, f.name);
      const pointer = !f.required && !t.nilable;
      return { f, t, pointer, goType: pointer ? `*${t.type}` : t.type };
    });

  // Each declaration's fields are typed first, so the types they nest come after every declaration.
  const pieces: Write[] = decls.map((d): Write => {
    if (d.kind === 'record') {
      const fields = recordOf(d);
      return (w) => record(w, { ...d, closed: closed.get(d.name) ?? null }, fields, unionOf(d.name));
    }
    if (d.kind === 'attributes') {
      const shape = { name: d.name, doc: d.doc, fields: d.reserved, exclusive: [] };
      const fields = recordOf(shape);
      return (w) => record(w, shape, fields, null);
    }
    if (d.kind === 'alias') return (w) => literalType(w, d.name, d.doc, d.type.kind === 'literal' ? d.type.values : []);
    if (d.kind === 'roles') return (w) => roles(w, d);
    if (d.kind === 'enum') return (w) => enumType(w, d);
    return (w) => union(w, d);
  });
  const w = new Lines();
  [...pieces, ...nested].forEach((write, i) => {
    if (i > 0) w.blank();
    write(w);
  });
  return { source: w.toString() };
}
