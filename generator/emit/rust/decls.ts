import type { Decl, EnumDecl, FieldDecl, RecordDecl, RolesDecl, TypeView, UnionDecl } from '../kit/decl-types.js';
import { type Lines, linesOf } from '../core/lines.js';
import { REST_FIELD, rustDoc, rustString } from './naming.js';

/**
 * The kit's declarations in Rust: records as serde structs that keep the fields they do not declare, the role
 * language as an enum with `Other(String)`, the content union as an enum with `Unknown(Value)`, and a union told
 * apart by shape as an enum that refuses a value holding the keys of two members.
 */

type Write = (w: Lines) => void;

/** A union told apart by shape, named for its members (`TextResourceContentsOrBlobResourceContents`). */
const unionName = (members: TypeView[]) => members.map((m) => (m.kind === 'ref' ? m.name : 'Value')).join('Or');

export function rustType(t: TypeView): string {
  switch (t.kind) {
    case 'string':
    case 'literal':
      return 'String';
    case 'boolean':
      return 'bool';
    case 'number':
    case 'integer':
      return 'Number';
    case 'json':
      return 'Value';
    case 'jsonObject':
      return 'Map<String, Value>';
    case 'array':
      return `Vec<${rustType(t.items)}>`;
    case 'ref':
      return t.name;
    case 'union':
      return unionName(t.members);
  }
}

/** The unions told apart by shape that the declarations use, each once, with the keys that tell them apart. */
function shapeUnions(decls: Decl[]): { name: string; members: string[]; keys: string[] | null }[] {
  const out = new Map<string, { name: string; members: string[]; keys: string[] | null }>();
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

/** `head { fn signature { body } }`: an impl of one function, with the function's doc where it has one. */
function implFn(w: Lines, head: string, signature: string, body: Write, doc?: string): Lines {
  return w.block(
    `${head} {`,
    (b) => {
      if (doc) b.line(`/// ${doc}`);
      b.block(`${signature} {`, body, '}');
    },
    '}',
  );
}

/** serde's Deserialize for a type, through its FromJson (which moves each value into its field). */
const deserialize = (w: Lines, name: string) =>
  implFn(
    w,
    `impl<'de> Deserialize<'de> for ${name}`,
    "fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error>",
    (b) => b.line('Self::from_json(Node::from_value(Value::deserialize(deserializer)?)).map_err(de::Error::custom)'),
  );

const FROM_JSON = "fn from_json(value: Node<'_>) -> Result<Self, DecodeError>";
const SERIALIZE = 'fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error>';

function field(w: Lines, f: FieldDecl): void {
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

function record(w: Lines, d: RecordDecl, fields: FieldDecl[], derive: string, link: TreeLink | null): void {
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

/** A string-valued enum that keeps a value this version does not know: the role language, or an enum of the spec. */
interface OpenEnum {
  name: string;
  doc: string;
  cases: { name: string; value: string; doc: string; deprecated: string | null }[];
  /** The case that keeps any other string, and its doc. */
  other: { name: string; doc: string };
  /** What the docs of `ALL`, `as_str`, `from_raw` and `is_known` call the values. */
  docs: { all: string; asStr: string; fromRaw: string; isKnown: string };
  /** Constants declared after `ALL` (a removed role's old name). */
  constants: Write;
}

function openEnum(w: Lines, e: OpenEnum): void {
  rustDoc(w, e.doc).line('#[derive(Debug, Clone, PartialEq, Eq, Hash)]');
  w.block(
    `pub enum ${e.name} {`,
    (b) => {
      for (const c of e.cases) {
        rustDoc(b, c.doc);
        if (c.deprecated !== null) b.line(`#[deprecated(note = ${rustString(c.deprecated)})]`);
        b.line(`${c.name},`);
      }
      b.line(`/// ${e.other.doc}`).line(`${e.other.name}(String),`);
    },
    '}',
  ).blank();
  w.block(
    `impl ${e.name} {`,
    (b) => {
      b.line(`/// ${e.docs.all}`).line(
        `pub const ALL: &'static [${e.name}] = &[${e.cases.map((c) => `${e.name}::${c.name}`).join(', ')}];`,
      );
      e.constants(b);
      b.blank().line(`/// ${e.docs.asStr}`);
      b.block(
        'pub fn as_str(&self) -> &str {',
        (f) =>
          f.block(
            'match self {',
            (m) => {
              for (const c of e.cases) m.line(`${e.name}::${c.name} => ${rustString(c.value)},`);
              m.line(`${e.name}::${e.other.name}(raw) => raw,`);
            },
            '}',
          ),
        '}',
      ).blank();
      b.line(`/// ${e.docs.fromRaw}`);
      b.block(
        `pub fn from_raw(raw: &str) -> ${e.name} {`,
        (f) =>
          f.block(
            'match raw {',
            (m) => {
              for (const c of e.cases) m.line(`${rustString(c.value)} => ${e.name}::${c.name},`);
              m.line(`other => ${e.name}::${e.other.name}(other.to_owned()),`);
            },
            '}',
          ),
        '}',
      ).blank();
      b.line(`/// ${e.docs.isKnown}`).block(
        'pub fn is_known(&self) -> bool {',
        (f) => f.line(`!matches!(self, ${e.name}::${e.other.name}(_))`),
        '}',
      );
    },
    '}',
  ).blank();
  // How it is written, read by serde, and read from the crate's JSON: as any string.
  implFn(w, `impl Serialize for ${e.name}`, SERIALIZE, (b) =>
    b.line('serializer.serialize_str(self.as_str())'),
  ).blank();
  implFn(
    w,
    `impl<'de> Deserialize<'de> for ${e.name}`,
    "fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error>",
    (b) => b.line(`String::deserialize(deserializer).map(|raw| ${e.name}::from_raw(&raw))`),
  ).blank();
  implFn(w, `impl FromJson for ${e.name}`, FROM_JSON, (b) =>
    b.line(`crate::fields::text(value).map(|raw| ${e.name}::from_raw(&raw))`),
  );
}

/** An enum of the spec: a case per value, and one that keeps a value this version does not know, as the role type does. */
function enumType(w: Lines, d: EnumDecl): void {
  openEnum(w, {
    name: d.name,
    doc: d.doc,
    cases: d.cases.map((c) => ({ name: c.name, value: c.value, doc: c.doc || `${c.value}.`, deprecated: null })),
    other: { name: d.unknown, doc: 'A value this version does not know, kept as it came.' },
    docs: {
      all: "Every value of this version, in the spec's order.",
      asStr: "The value's string, as an answer writes it.",
      fromRaw: `The value a string names: one of this version's, or \`${d.unknown}\` keeping the string.`,
      isKnown: "Whether the value is one of this version's.",
    },
    constants: () => {},
  });
}

function roles(w: Lines, d: RolesDecl): void {
  openEnum(w, {
    name: d.name,
    doc: d.doc,
    cases: d.cases.map((c) => ({
      name: c.name,
      value: c.value,
      doc: `${c.value}${c.kind ? ` (${c.kind})` : ''}.`,
      deprecated: c.deprecated?.message ?? null,
    })),
    other: {
      name: 'Other',
      doc: `A role outside the language, kept as it came; a receiver reads it as ${d.unknown.value}.`,
    },
    docs: {
      all: "Every role of the language, in the spec's order.",
      asStr: "The role's string, as an answer writes it.",
      fromRaw: 'The role a string names: a word of the language, or `Other` keeping the string.',
      isKnown: 'Whether the role is a word of the language.',
    },
    // A removed role's old name is a deprecated constant of the role that replaced it; an answer's own string is
    // kept as it came (Other), and the reader reads it as that role (read_role, from the spec data's aliases).
    constants: (b) => {
      for (const a of d.aliases) {
        b.blank()
          .line(`/// ${a.value}, an old name of ${a.target.value}.`)
          .line(`#[deprecated(note = ${rustString(a.message)})]`);
        b.line('#[allow(non_upper_case_globals)]').line(
          `pub const ${a.name}: ${d.name} = ${d.name}::${a.target.name};`,
        );
      }
    },
  });
}

function content(w: Lines, d: UnionDecl): void {
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
function pick(w: Lines, u: { name: string; members: string[]; keys: string[] | null }): void {
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

function shapeUnion(w: Lines, u: { name: string; members: string[]; keys: string[] | null }): void {
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
