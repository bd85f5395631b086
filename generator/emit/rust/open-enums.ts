import type { EnumDecl, RolesDecl } from '../kit/decl-types.js';
import type { Lines } from '../core/lines.js';
import { FROM_JSON, implFn, SERIALIZE, type Write } from './impls.js';
import { rustDoc, rustString } from './naming.js';

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

/** The enum, its ALL, as_str, from_raw and is_known, and how serde and the crate's JSON read and write it. */
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
export function enumType(w: Lines, d: EnumDecl): void {
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

/** The role language, with each removed role's old name a deprecated constant of the role that replaced it. */
export function roles(w: Lines, d: RolesDecl): void {
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
