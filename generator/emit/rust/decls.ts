import type { Decl, EnumDecl, FieldDecl, RecordDecl, RolesDecl, TypeView, UnionDecl } from '../kit/declarations.js';
import { docComment, REST_FIELD, rustString } from './naming.js';

/**
 * The kit's declarations in Rust: records as serde structs that keep the fields they do not declare, the role
 * language as an enum with `Other(String)`, the content union as an enum with `Unknown(Value)`, and a union told
 * apart by shape as an enum that refuses a value holding the keys of two members.
 */

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

function field(f: FieldDecl, pad = '    '): string {
  const doc = f.deprecated ? `${f.doc} ${f.deprecated.message}`.trim() : f.doc;
  const bare = f.name.replace(/^r#/, '');
  const rename = bare === f.key ? [] : [`rename = ${rustString(f.key)}`];
  const type = rustType(f.type);
  const attrs = f.required ? rename : [...rename, 'skip_serializing_if = "Option::is_none"'];
  const attr = attrs.length ? `${pad}#[serde(${attrs.join(', ')})]\n` : '';
  const deprecated = f.deprecated ? `${pad}#[deprecated(note = ${rustString(f.deprecated.message)})]\n` : '';
  return `${docComment(doc, pad.length)}${deprecated}${attr}${pad}pub ${f.name}: ${f.required ? type : `Option<${type}>`},\n`;
}

const REST = `    /// The fields this version does not declare, kept as they came.\n    #[serde(flatten)]\n    pub ${REST_FIELD}: Map<String, Value>,\n`;

/** serde's Deserialize for a type, through its FromJson (which moves each value into its field). */
const deserialize = (name: string) => `impl<'de> Deserialize<'de> for ${name} {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Self::from_json(Node::from_value(Value::deserialize(deserializer)?)).map_err(de::Error::custom)
    }
}
`;

/** The node record's children: the tree's builder (reader.rs) decodes them, level by level, not this record. */
export interface TreeLink {
  node: string;
  children: string;
}

function record(d: RecordDecl, fields: FieldDecl[], derive: string, link: TreeLink | null): string {
  const isNode = link !== null && link.node === d.name;
  const take = (f: FieldDecl) => {
    if (isNode && f.key === link.children) {
      // Arrays were taken out by the builder; anything left under the key is not an array of elements.
      return `            ${f.name}: match members.take(${rustString(f.key)}) {\n                None => None,\n                Some(other) => return Err(DecodeError::refused("an array of elements", other).in_field(${rustString(f.key)})),\n            },\n`;
    }
    return f.required
      ? `            ${f.name}: required(&mut members, ${rustString(f.key)}, ${rustString(d.key)})?,\n`
      : `            ${f.name}: optional(&mut members, ${rustString(f.key)})?,\n`;
  };
  const build = `        let mut members = members(value, ${rustString(d.key)})?;\n        Ok(${d.name} {\n${fields.map(take).join('')}            ${REST_FIELD}: members.rest(),\n        })\n`;
  const decode = isNode
    ? `impl ${d.name} {
    /// One element from its members, its children left out: the tree's builder (\`decode_answer\`) decodes them.
    pub(crate) fn without_children(value: Node<'_>) -> Result<Self, DecodeError> {
${build}    }
}

impl FromJson for ${d.name} {
    /// An element and everything below it, level by level, so a tree of any depth decodes without recursion.
    fn from_json(value: Node<'_>) -> Result<Self, DecodeError> {
        crate::reader::build_tree(value)
    }
}
`
    : `impl FromJson for ${d.name} {
    fn from_json(value: Node<'_>) -> Result<Self, DecodeError> {
${build}    }
}
`;
  return `${docComment(d.doc, 0)}#[derive(${derive})]\npub struct ${d.name} {\n${fields.map((f) => field(f)).join('')}${REST}}\n\n${decode}\n${deserialize(d.name)}`;
}

/** How a type read from any string (the roles, an enum) is written, read by serde, and read from the crate's JSON. */
const stringCoding = (name: string) => `impl Serialize for ${name} {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for ${name} {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        String::deserialize(deserializer).map(|raw| ${name}::from_raw(&raw))
    }
}

impl FromJson for ${name} {
    fn from_json(value: Node<'_>) -> Result<Self, DecodeError> {
        crate::fields::text(value).map(|raw| ${name}::from_raw(&raw))
    }
}
`;

/** An enum of the spec: a case per value, and one that keeps a value this version does not know, as the role type does. */
function enumType(d: EnumDecl): string {
  const cases = d.cases.map((c) => `${docComment(c.doc || `${c.value}.`, 4)}    ${c.name},
`).join('');
  const other = `    /// A value this version does not know, kept as it came.
    ${d.unknown}(String),
`;
  const str = d.cases.map((c) => `            ${d.name}::${c.name} => ${rustString(c.value)},
`).join('');
  const from = d.cases.map((c) => `            ${rustString(c.value)} => ${d.name}::${c.name},
`).join('');
  return `${docComment(d.doc, 0)}#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum ${d.name} {
${cases}${other}}

impl ${d.name} {
    /// Every value of this version, in the spec's order.
    pub const ALL: &'static [${d.name}] = &[${d.cases.map((c) => `${d.name}::${c.name}`).join(', ')}];

    /// The value's string, as an answer writes it.
    pub fn as_str(&self) -> &str {
        match self {
${str}            ${d.name}::${d.unknown}(raw) => raw,
        }
    }

    /// The value a string names: one of this version's, or \`${d.unknown}\` keeping the string.
    pub fn from_raw(raw: &str) -> ${d.name} {
        match raw {
${from}            other => ${d.name}::${d.unknown}(other.to_owned()),
        }
    }

    /// Whether the value is one of this version's.
    pub fn is_known(&self) -> bool {
        !matches!(self, ${d.name}::${d.unknown}(_))
    }
}

${stringCoding(d.name)}`;
}

function roles(d: RolesDecl): string {
  const cases = d.cases
    .map((c) => `${docComment(`${c.value}${c.kind ? ` (${c.kind})` : ''}.`, 4)}${c.deprecated ? `    #[deprecated(note = ${rustString(c.deprecated.message)})]\n` : ''}    ${c.name},\n`)
    .join('');
  const other = `    /// A role outside the language, kept as it came; a receiver reads it as ${d.unknown.value}.\n    Other(String),\n`;
  const str = d.cases.map((c) => `            ${d.name}::${c.name} => ${rustString(c.value)},\n`).join('');
  const from = d.cases.map((c) => `            ${rustString(c.value)} => ${d.name}::${c.name},\n`).join('');
  // A removed role's old name is a deprecated constant of the role that replaced it; an answer's own string is kept
  // as it came (Other), and the reader reads it as that role (read_role, from the spec data's aliases).
  const aliases = d.aliases
    .map((a) => `\n    /// ${a.value}, an old name of ${a.target.value}.\n    #[deprecated(note = ${rustString(a.message)})]\n    #[allow(non_upper_case_globals)]\n    pub const ${a.name}: ${d.name} = ${d.name}::${a.target.name};\n`)
    .join('');
  const all = d.cases.map((c) => `${d.name}::${c.name}`).join(', ');
  return `${docComment(d.doc, 0)}#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum ${d.name} {
${cases}${other}}

impl ${d.name} {
    /// Every role of the language, in the spec's order.
    pub const ALL: &'static [${d.name}] = &[${all}];
${aliases}
    /// The role's string, as an answer writes it.
    pub fn as_str(&self) -> &str {
        match self {
${str}            ${d.name}::Other(raw) => raw,
        }
    }

    /// The role a string names: a word of the language, or \`Other\` keeping the string.
    pub fn from_raw(raw: &str) -> ${d.name} {
        match raw {
${from}            other => ${d.name}::Other(other.to_owned()),
        }
    }

    /// Whether the role is a word of the language.
    pub fn is_known(&self) -> bool {
        !matches!(self, ${d.name}::Other(_))
    }
}

${stringCoding(d.name)}`;
}

function content(d: UnionDecl): string {
  const variant = (type: string) => type.replace(/Content$/, '') || type;
  const cases = d.members.map((m) => `    /// A \`${m.tag}\` block.\n    ${variant(m.type)}(${m.type}),\n`).join('');
  const ser = d.members.map((m) => `            ${d.name}::${variant(m.type)}(block) => block.serialize(serializer),\n`).join('');
  const de = d.members
    .map((m) => `            ${rustString(m.tag)} => ${m.type}::from_json(value).map(${d.name}::${variant(m.type)}),\n`)
    .join('');
  return `${docComment(d.doc, 0)}#[derive(Debug, Clone, PartialEq)]
pub enum ${d.name} {
${cases}    /// ${d.unknown.doc}
    Unknown(Value),
}

impl Serialize for ${d.name} {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
${ser}            ${d.name}::Unknown(block) => block.serialize(serializer),
        }
    }
}

impl FromJson for ${d.name} {
    /// A block of a kind this version knows, as its type; any other kind kept whole.
    fn from_json(value: Node<'_>) -> Result<Self, DecodeError> {
        let Some(tag) = value.get(${rustString(d.discriminator.key)}).and_then(Node::as_str) else {
            return Err(DecodeError::refused("a content block: an object with a string ${d.discriminator.key.replace(/"/g, '')}", value));
        };
        match tag {
${de}            _ => Ok(${d.name}::Unknown(value.into_value())),
        }
    }
}

${deserialize(d.name)}`;
}

function shapeUnion(u: { name: string; members: string[]; keys: string[] | null }): string {
  const cases = u.members.map((m) => `    /// ${m}.\n    ${m}(${m}),\n`).join('');
  const ser = u.members.map((m) => `            ${u.name}::${m}(value) => value.serialize(serializer),\n`).join('');
  const keys = u.keys ? `[${u.keys.map(rustString).join(', ')}]` : null;
  const pick = keys
    ? `        let present: Vec<usize> = ${keys}.iter().enumerate().filter(|(_, k)| value.get(k).is_some()).map(|(i, _)| i).collect();
        if present.len() > 1 {
            return Err(DecodeError { message: "a value with the keys of more than one of ${u.members.join(', ')}".to_owned() });
        }
        match present.first() {
${u.members.map((m, i) => `            Some(${i}) => ${m}::from_json(value).map(${u.name}::${m}),\n`).join('')}            _ => Err(DecodeError { message: "none of ${u.members.join(', ')}".to_owned() }),
        }\n`
    : `${u.members.map((m) => `        if let Ok(member) = ${m}::from_json(value.clone()) {\n            return Ok(${u.name}::${m}(member));\n        }\n`).join('')}        Err(DecodeError { message: "none of ${u.members.join(', ')}".to_owned() })\n`;
  return `/// One of ${u.members.join(', ')}, told apart by the keys each alone has.
#[derive(Debug, Clone, PartialEq)]
pub enum ${u.name} {
${cases}}

impl Serialize for ${u.name} {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
${ser}        }
    }
}

impl FromJson for ${u.name} {
    fn from_json(value: Node<'_>) -> Result<Self, DecodeError> {
${pick}    }
}

${deserialize(u.name)}`;
}

/** Every declaration as Rust source, in the kit's order, the unions told apart by shape last. */
export function rustDecls(decls: Decl[], link: TreeLink): string[] {
  const out = decls.map((d) => {
    switch (d.kind) {
      case 'record':
        return record(d, d.fields, 'Debug, Clone, PartialEq, Serialize', link);
      case 'attributes': // the attributes kind: a record of the reserved names, the rest kept
        return record({ ...d, kind: 'record', fields: d.reserved, source: null, exclusive: [] }, d.reserved, 'Debug, Clone, Default, PartialEq, Serialize', null);
      case 'alias':
        return `${docComment(`${d.doc}${d.type.kind === 'literal' ? ` One of ${d.type.values.map((v) => `"${v}"`).join(', ')}.` : ''}`.trim(), 0)}pub type ${d.name} = ${rustType(d.type)};\n`;
      case 'roles':
        return roles(d);
      case 'enum':
        return enumType(d);
      case 'union':
        return content(d);
    }
  });
  return [...out, ...shapeUnions(decls).map(shapeUnion)];
}
