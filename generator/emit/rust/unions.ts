import type { Decl, TypeView, UnionDecl } from '../kit/decl-types.js';
import type { Lines } from '../core/lines.js';
import { deserialize, FROM_JSON, implFn, SERIALIZE } from './impls.js';
import { rustDoc, rustString } from './naming.js';
import { unionName } from './type-names.js';

/** A union told apart by shape: its name, its members, and the keys only one member has (null: none do). */
type ShapeUnion = { name: string; members: string[]; keys: string[] | null };

/** The unions told apart by shape that the declarations use, each once, with the keys that tell them apart. */
export function shapeUnions(decls: Decl[]): ShapeUnion[] {
  const out = new Map<string, ShapeUnion>();
  const exclusive = decls.flatMap((d) => (d.kind === 'record' ? d.exclusive : []));
  const visit = (t: TypeView): void => {
    if (t.kind === 'array') return visit(t.items);
    if (t.kind !== 'union') return;
    const members = t.members.map((m) => (m.kind === 'ref' ? m.name : 'Value'));
    const name = unionName(t.members);
    const keys = exclusive.find((x) => x.members.join() === members.join())?.keys ?? null;
    if (!out.has(name)) out.set(name, { name, members, keys });
  };
  for (const d of decls) if (d.kind === 'record') d.fields.forEach((f) => visit(f.type));
  return [...out.values()];
}

/** The content union: a variant per kind by its tag, and `Unknown(Value)` for any other kind, kept whole. */
export function content(w: Lines, d: UnionDecl): void {
  const variant = (type: string) => type.replace(/Content$/, '') || type;
  const key = d.discriminator.key;
  rustDoc(w, d.doc).line('#[derive(Debug, Clone, PartialEq)]');
  w.block(
    `pub enum ${d.name} {`,
    (b) => {
      for (const m of d.members) b.line(`/// A \`${m.tag}\` block.`).line(`${variant(m.type)}(${m.type}),`);
      b.line(`/// ${d.unknown.doc}`).line('Unknown(Value),');
    },
    '}',
  ).blank();
  implFn(w, `impl Serialize for ${d.name}`, SERIALIZE, (b) =>
    b.block(
      'match self {',
      (m) => {
        for (const x of d.members) m.line(`${d.name}::${variant(x.type)}(block) => block.serialize(serializer),`);
        m.line(`${d.name}::Unknown(block) => block.serialize(serializer),`);
      },
      '}',
    ),
  ).blank();
  implFn(
    w,
    `impl FromJson for ${d.name}`,
    FROM_JSON,
    (b) => {
      b.block(
        `let Some(tag) = value.get(${rustString(key)}).and_then(Node::as_str) else {`,
        (c) =>
          c.line(
            `return Err(DecodeError::refused("a content block: an object with a string ${key.replace(/"/g, '')}", value));`,
          ),
        '};',
      );
      b.block(
        'match tag {',
        (m) => {
          for (const x of d.members)
            m.line(`${rustString(x.tag)} => ${x.type}::from_json(value).map(${d.name}::${variant(x.type)}),`);
          m.line(`_ => Ok(${d.name}::Unknown(value.into_value())),`);
        },
        '}',
      );
    },
    'A block of a kind this version knows, as its type; any other kind kept whole.',
  ).blank();
  deserialize(w, d.name);
}

/** How a union told apart by shape picks its member: by the keys only one has, else the first that decodes. */
function pick(w: Lines, u: ShapeUnion): void {
  const none = `Err(DecodeError { message: "none of ${u.members.join(', ')}".to_owned() })`;
  if (u.keys === null) {
    for (const m of u.members)
      w.block(
        `if let Ok(member) = ${m}::from_json(value.clone()) {`,
        (b) => b.line(`return Ok(${u.name}::${m}(member));`),
        '}',
      );
    w.line(none);
    return;
  }
  w.line(
    `let present: Vec<usize> = [${u.keys.map(rustString).join(', ')}].iter().enumerate().filter(|(_, k)| value.get(k).is_some()).map(|(i, _)| i).collect();`,
  );
  w.block(
    'if present.len() > 1 {',
    (b) =>
      b.line(
        `return Err(DecodeError { message: "a value with the keys of more than one of ${u.members.join(', ')}".to_owned() });`,
      ),
    '}',
  );
  w.block(
    'match present.first() {',
    (b) => {
      u.members.forEach((m, i) => b.line(`Some(${i}) => ${m}::from_json(value).map(${u.name}::${m}),`));
      b.line(`_ => ${none},`);
    },
    '}',
  );
}

/** A union told apart by shape: an enum of its members that refuses a value holding the keys of two. */
export function shapeUnion(w: Lines, u: ShapeUnion): void {
  w.line(`/// One of ${u.members.join(', ')}, told apart by the keys each alone has.`).line(
    '#[derive(Debug, Clone, PartialEq)]',
  );
  w.block(
    `pub enum ${u.name} {`,
    (b) => u.members.forEach((m) => b.line(`/// ${m}.`).line(`${m}(${m}),`)),
    '}',
  ).blank();
  implFn(w, `impl Serialize for ${u.name}`, SERIALIZE, (b) =>
    b.block(
      'match self {',
      (m) => u.members.forEach((x) => m.line(`${u.name}::${x}(value) => value.serialize(serializer),`)),
      '}',
    ),
  ).blank();
  implFn(w, `impl FromJson for ${u.name}`, FROM_JSON, (b) => pick(b, u)).blank();
  deserialize(w, u.name);
}
