import type { Decl } from '../kit/decl-types.js';
import { type Lines, linesOf } from '../core/lines.js';
import { rustDoc } from './naming.js';
import { enumType, roles } from './open-enums.js';
import { record, type TreeLink } from './records.js';
import { rustType } from './type-names.js';
import { content, shapeUnion, shapeUnions } from './unions.js';

/**
 * The kit's declarations in Rust: records as serde structs that keep the fields they do not declare, the role
 * language as an enum with `Other(String)`, the content union as an enum with `Unknown(Value)`, and a union told
 * apart by shape as an enum that refuses a value holding the keys of two members.
 */

/** One declaration as Rust source. */
function declaration(w: Lines, d: Decl, link: TreeLink): void {
  switch (d.kind) {
    case 'record':
      return record(w, d, d.fields, 'Debug, Clone, PartialEq, Serialize', link);
    case 'attributes': // the attributes kind: a record of the reserved names, the rest kept
      return record(
        w,
        { ...d, kind: 'record', fields: d.reserved, source: null, exclusive: [] },
        d.reserved,
        'Debug, Clone, Default, PartialEq, Serialize',
        null,
      );
    case 'alias': {
      const values = d.type.kind === 'literal' ? ` One of ${d.type.values.map((v) => `"${v}"`).join(', ')}.` : '';
      rustDoc(w, `${d.doc}${values}`.trim()).line(`pub type ${d.name} = ${rustType(d.type)};`);
      return;
    }
    case 'roles':
      return roles(w, d);
    case 'enum':
      return enumType(w, d);
    case 'union':
      return content(w, d);
  }
}

/** Every declaration as Rust source, in the kit's order, the unions told apart by shape last. */
export function rustDecls(decls: Decl[], link: TreeLink): string[] {
  const unit = '    ';
  return [
    ...decls.map((d) => linesOf((w) => declaration(w, d, link), unit)),
    ...shapeUnions(decls).map((u) => linesOf((w) => shapeUnion(w, u), unit)),
  ];
}
