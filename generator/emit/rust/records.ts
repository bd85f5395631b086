import type { FieldDecl, RecordDecl } from '../kit/decl-types.js';
import type { Lines } from '../core/lines.js';
import { deserialize, FROM_JSON, implFn } from './impls.js';
import { REST_FIELD, rustDoc, rustString } from './naming.js';
import { rustType } from './type-names.js';

/** A field of a record: its serde name where the member's differs, and Option where it is not required. */
export function field(w: Lines, f: FieldDecl): void {
  const bare = f.name.replace(/^r#/, '');
  const rename = bare === f.key ? [] : [`rename = ${rustString(f.key)}`];
  const type = rustType(f.type);
  const attrs = f.required ? rename : [...rename, 'skip_serializing_if = "Option::is_none"'];
  rustDoc(w, f.deprecated ? `${f.doc} ${f.deprecated.message}`.trim() : f.doc);
  if (f.deprecated) w.line(`#[deprecated(note = ${rustString(f.deprecated.message)})]`);
  if (attrs.length) w.line(`#[serde(${attrs.join(', ')})]`);
  w.line(`pub ${f.name}: ${f.required ? type : `Option<${type}>`},`);
}

/** The node record's children: the tree's builder (reader.rs) decodes them, level by level, not this record. */
export interface TreeLink {
  node: string;
  children: string;
}

/** The body that moves each member into its field, the node's children refused unless the builder took them. */
function build(w: Lines, d: RecordDecl, fields: FieldDecl[], children: string | null): void {
  w.line(`let mut members = members(value, ${rustString(d.key)})?;`);
  w.block(
    `Ok(${d.name} {`,
    (b) => {
      for (const f of fields) {
        const key = rustString(f.key);
        // Arrays were taken out by the builder; anything left under the key is not an array of elements.
        if (f.key === children)
          b.block(
            `${f.name}: match members.take(${key}) {`,
            (c) =>
              c
                .line('None => None,')
                .line(
                  `Some(other) => return Err(DecodeError::refused("an array of elements", other).in_field(${key})),`,
                ),
            '},',
          );
        else
          b.line(
            f.required
              ? `${f.name}: required(&mut members, ${key}, ${rustString(d.key)})?,`
              : `${f.name}: optional(&mut members, ${key})?,`,
          );
      }
      b.line(`${REST_FIELD}: members.rest(),`);
    },
    '})',
  );
}

/** A record as a struct that keeps the fields it does not declare; the node's children left to the tree's builder. */
export function record(w: Lines, d: RecordDecl, fields: FieldDecl[], derive: string, link: TreeLink | null): void {
  const isNode = link !== null && link.node === d.name;
  rustDoc(w, d.doc).line(`#[derive(${derive})]`);
  w.block(
    `pub struct ${d.name} {`,
    (b) => {
      for (const f of fields) field(b, f);
      b.line('/// The fields this version does not declare, kept as they came.')
        .line('#[serde(flatten)]')
        .line(`pub ${REST_FIELD}: Map<String, Value>,`);
    },
    '}',
  ).blank();
  if (isNode) {
    const doc =
      "One element from its members, its children left out: the tree's builder (`decode_answer`) decodes them.";
    implFn(
      w,
      `impl ${d.name}`,
      "pub(crate) fn without_children(value: Node<'_>) -> Result<Self, DecodeError>",
      (b) => build(b, d, fields, link.children),
      doc,
    ).blank();
    implFn(
      w,
      `impl FromJson for ${d.name}`,
      FROM_JSON,
      (b) => b.line('crate::reader::build_tree(value)'),
      'An element and everything below it, level by level, so a tree of any depth decodes without recursion.',
    );
  } else implFn(w, `impl FromJson for ${d.name}`, FROM_JSON, (b) => build(b, d, fields, null));
  deserialize(w.blank(), d.name);
}
