import type { Decl, EnumDecl, FieldDecl, RecordDecl, RolesDecl, TypeView, UnionDecl } from '../kit/decl-types.js';
import { Lines } from '../core/lines.js';
import { goComment } from './layout.js';
import { goLiteral } from './naming.js';

/**
 * The kit's declarations as Go prints them: a record is a struct that keeps the fields it does not know
 * (`Extra`), with a decoder from the package's JSON values and an encoder back; the role type an open string
 * type with a constant per role; the content union a sealed interface with a struct per kind and one that keeps
 * a block of any other kind whole; a field holding one of several records a struct with one pointer per record.
 */

interface GoType {
  /** The Go type of a present value. */
  type: string;
  /** A Go expression of type func(Value, *location) (type, error). */
  decode: string;
  /** Go code turning `x` (of `type`) into a Value. */
  encode: (x: string) => string;
  /** Whether the zero value already stands for absence (no pointer needed for an optional field). */
  nilable: boolean;
}

export interface GoDecls {
  /** The Go source of every declaration, in the kit's order. */
  source: string;
}

type Write = (w: Lines) => void;

/** A record's fields with their Go types: a pointer where the field is optional and its zero value is a value. */
interface GoField {
  f: FieldDecl;
  t: GoType;
  pointer: boolean;
  goType: string;
}

const ifErr = (w: Lines, returns: string) => w.block('if err != nil {', (b) => b.line(returns), '}');

/** A type its literal values name, with their decoder; a value outside them is refused. */
function literalType(w: Lines, name: string, doc: string, values: readonly string[]): void {
  goComment(w, doc)
    .line(`type ${name} string`)
    .blank()
    .line(`var decode${name} = decodeLiteral[${name}](${values.map(goLiteral).join(', ')})`);
}

/** A field that holds one of several types: a struct with a pointer per member, the one set the one read. */
function oneOf(w: Lines, name: string, members: readonly string[]): void {
  goComment(w, `${name} holds one of ${members.join(', ')}: the one set.`);
  w.block(`type ${name} struct {`, (b) => b.aligned(() => members.forEach((m) => b.row(m, `*${m}`))), '}').blank();
  w.block(
    `func decode${name}(v Value, at *location) (${name}, error) {`,
    (b) => {
      b.line('var firstErr error');
      for (const m of members)
        b.block(
          `if x, err := decode${m}(v, at); err == nil {`,
          (c) => c.line(`return ${name}{${m}: &x}, nil`),
          '} else if firstErr == nil {',
        )
          .indent((c) => c.line('firstErr = err'))
          .line('}');
      b.line(`return ${name}{}, firstErr`);
    },
    '}',
  ).blank();
  w.block(
    `func (x ${name}) toValue() Value {`,
    (b) => {
      for (const m of members) b.block(`if x.${m} != nil {`, (c) => c.line(`return x.${m}.toValue()`), '}');
      b.line('return nil');
    },
    '}',
  );
}

/**
 * The Go type of a field's type view. A literal or a union of the field's own is a type named after its owner and
 * field, written by `nested` after every declaration.
 */
function goTypes(nested: Write[]) {
  const typeOf = (t: TypeView, owner: string, field: string): GoType => {
    switch (t.kind) {
      case 'string':
        return { type: 'string', decode: 'decodeString', encode: (x) => x, nilable: false };
      case 'boolean':
        return { type: 'bool', decode: 'decodeBool', encode: (x) => x, nilable: false };
      case 'number':
      case 'integer':
        return { type: 'Number', decode: 'decodeNumber', encode: (x) => x, nilable: false };
      case 'json':
        return { type: 'Value', decode: 'decodeValue', encode: (x) => x, nilable: true };
      case 'jsonObject':
        return { type: '*Object', decode: 'decodeObject', encode: (x) => x, nilable: true };
      case 'array': {
        const item = typeOf(t.items, owner, field);
        return {
          type: `[]${item.type}`,
          decode: `arrayOf(${item.decode})`,
          encode: (x) => `encodeSlice(${x}, func(x ${item.type}) Value { return ${item.encode('x')} })`,
          nilable: true,
        };
      }
      case 'ref':
        if (t.declares === 'union')
          return { type: t.name, decode: `decode${t.name}`, encode: (x) => `${x}.toValue()`, nilable: true };
        if (t.declares === 'roles' || t.declares === 'enum' || t.declares === 'alias')
          return { type: t.name, decode: `decode${t.name}`, encode: (x) => `string(${x})`, nilable: false };
        return { type: t.name, decode: `decode${t.name}`, encode: (x) => `${x}.toValue()`, nilable: false };
      case 'literal': {
        const name = `${owner}${field}`;
        const values = t.values;
        nested.push((w) =>
          literalType(w, name, `${name} is one of ${values.map((v) => JSON.stringify(v)).join(', ')}.`, values),
        );
        return { type: name, decode: `decode${name}`, encode: (x) => `string(${x})`, nilable: false };
      }
      case 'union': {
        const name = `${owner}${field}`;
        const members = t.members.map((m) => (m.kind === 'ref' ? m.name : 'Value'));
        nested.push((w) => oneOf(w, name, members));
        return { type: name, decode: `decode${name}`, encode: (x) => `${x}.toValue()`, nilable: false };
      }
    }
  };
  return typeOf;
}

export function goDecls(decls: readonly Decl[]): GoDecls {
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
      return (w) => record(w, d, fields, unionOf(d.name));
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

type RecordShape = { name: string; doc: string; fields: FieldDecl[]; exclusive: RecordDecl['exclusive'] };

/** A deprecation as Go's tools read it: a paragraph that starts "Deprecated: " ("Deprecated: since 0.2.1; use Text."). */
const goDeprecated = (message: string) => `Deprecated: ${message.replace(/^Deprecated /, '')}`;

function record(w: Lines, d: RecordShape, fields: GoField[], union: UnionDecl | null): void {
  goComment(w, d.doc);
  w.block(
    `type ${d.name} struct {`,
    (b) =>
      b.aligned(() => {
        for (const x of fields.filter((y) => y.f.constant === null)) {
          goComment(b, x.f.doc);
          // Go's tools (gopls, staticcheck) know a deprecated name by a paragraph of its doc that starts "Deprecated: ".
          if (x.f.deprecated) {
            if (x.f.doc) b.line('//');
            goComment(b, goDeprecated(x.f.deprecated.message));
          }
          b.row(x.f.name, x.goType);
        }
        b.line('// Extra keeps the fields this version does not know, in the order they came, so nothing is lost.').row(
          'Extra',
          '[]Member',
        );
      }),
    '}',
  ).blank();
  decoder(w, d, fields);
  w.blank();
  encoder(w, d.name, fields);
  w.blank().line(`// MarshalJSON writes the ${d.name} as JSON, the fields it does not know included.`);
  w.block(
    `func (x ${d.name}) MarshalJSON() ([]byte, error) {`,
    (b) => b.line('return []byte(MarshalValue(x.toValue())), nil'),
    '}',
  ).blank();
  w.line(`// UnmarshalJSON reads a ${d.name} from JSON, as the package's reader reads it.`);
  w.block(
    `func (x *${d.name}) UnmarshalJSON(data []byte) error {`,
    (b) => {
      b.line('v, err := ParseJSON(string(data))');
      ifErr(b, 'return err').line(`*x, err = decode${d.name}(v, nil)`).line('return err');
    },
    '}',
  );
  if (union) {
    const tag = goLiteral(d.fields.find((f) => f.key === union.discriminator.key)?.constant ?? '');
    w.blank()
      .line(`// Kind is the block's ${goLiteral(union.discriminator.key)}: ${tag}.`)
      .line(`func (x *${d.name}) Kind() string { return ${tag} }`);
    w.blank().line(`func (x *${d.name}) is${union.name}() {}`);
  }
}

/** A field's case of the decoder's switch: a constant checked, an optional one absent or a value, a required one. */
function decodeCase(w: Lines, x: GoField): void {
  const at = `at.field(${goLiteral(x.f.key)})`;
  const refuse = (why: string) => `return x, &DecodeError{${at}.String(), ${why}}`;
  w.line(`case ${goLiteral(x.f.key)}:`).indent((b) => {
    if (x.f.constant !== null)
      b.block(
        `if m.Value != ${goLiteral(x.f.constant)} {`,
        (c) => c.line(refuse(goLiteral(`not ${JSON.stringify(x.f.constant)}`))),
        '}',
      );
    else if (x.pointer) b.line(`x.${x.f.name}, err = optional(m.Value, ${at}, ${x.t.decode})`);
    else {
      if (!x.f.required)
        b.block('if m.Value == nil {', (c) => c.line(refuse('"null; an optional field is left out instead"')), '}');
      b.line(`x.${x.f.name}, err = ${x.t.decode}(m.Value, ${at})`);
    }
  });
}

function decoder(w: Lines, d: RecordShape, fields: GoField[]): void {
  w.block(
    `func decode${d.name}(v Value, at *location) (${d.name}, error) {`,
    (b) => {
      b.line(`var x ${d.name}`).line('o, err := asObject(v, at)');
      ifErr(b, 'return x, err');
      for (const e of d.exclusive) {
        const refuse = `return x, &DecodeError{at.field(${goLiteral(e.key)}).String(), ${goLiteral(`the keys of more than one of ${e.members.join(', ')}`)}}`;
        b.block(
          `if held, ok := o.Get(${goLiteral(e.key)}); ok {`,
          (c) =>
            c.block(
              'if h, ok := held.(*Object); ok {',
              (h) => {
                h.line('n := 0').block(
                  `for _, k := range []string{${e.keys.map(goLiteral).join(', ')}} {`,
                  (l) => l.block('if h.Has(k) {', (i) => i.line('n++'), '}'),
                  '}',
                );
                h.block('if n > 1 {', (i) => i.line(refuse), '}');
              },
              '}',
            ),
          '}',
        );
      }
      b.block(
        'for _, m := range o.Members {',
        (l) => {
          l.line('switch m.Key {');
          for (const x of fields) decodeCase(l, x);
          l.line('default:')
            .indent((c) => c.line('x.Extra = append(x.Extra, m)'))
            .line('}');
          ifErr(l, 'return x, err');
        },
        '}',
      );
      for (const x of fields.filter((y) => y.f.required))
        b.block(
          `if !o.Has(${goLiteral(x.f.key)}) {`,
          (c) => c.line(`return x, missingField(at, ${goLiteral(x.f.key)})`),
          '}',
        );
      b.line('return x, nil');
    },
    '}',
  );
}

function encoder(w: Lines, name: string, fields: GoField[]): void {
  w.block(
    `func (x *${name}) toValue() Value {`,
    (b) => {
      b.line(`o := &Object{Members: make([]Member, 0, ${fields.length}+len(x.Extra))}`);
      for (const x of fields) {
        const set = (value: string) => `o.Set(${goLiteral(x.f.key)}, ${value})`;
        if (x.f.constant !== null) b.line(set(goLiteral(x.f.constant)));
        else if (x.f.required) b.line(set(x.t.encode(`x.${x.f.name}`)));
        else
          b.block(
            `if x.${x.f.name} != nil {`,
            (c) => c.line(set(x.t.encode(x.pointer ? `(*x.${x.f.name})` : `x.${x.f.name}`))),
            '}',
          );
      }
      b.block('for _, m := range x.Extra {', (c) => c.line('o.Set(m.Key, m.Value)'), '}').line('return o');
    },
    '}',
  );
}

interface OpenStrings {
  /** The doc's last paragraph: what becomes of a value this version does not know. */
  open: string;
  /** The comment above the constants. */
  heading: string;
  /** The doc of `Known`, and its receiver's name. */
  known: string;
  receiver: string;
  constants: Write;
}

/** A string type with a constant per value, the set of them, `Known`, and a decoder that keeps any string. */
function openStrings(
  w: Lines,
  d: { name: string; doc: string; cases: readonly { name: string }[] },
  o: OpenStrings,
): void {
  const { name, cases } = d;
  goComment(w, d.doc).line('//').line(o.open).line(`type ${name} string`).blank().line(o.heading);
  w.block('const (', (b) => b.aligned(o.constants), ')').blank();
  w.line(`var known${name}s = map[${name}]bool{${cases.map((c) => `${name}${c.name}: true`).join(', ')}}`).blank();
  w.line(o.known).line(`func (${o.receiver} ${name}) Known() bool { return known${name}s[${o.receiver}] }`).blank();
  w.block(
    `func decode${name}(v Value, at *location) (${name}, error) {`,
    (b) => b.line('s, err := decodeString(v, at)').line(`return ${name}(s), err`),
    '}',
  );
}

function roles(w: Lines, d: RolesDecl): void {
  openStrings(w, d, {
    open: '// The role language is open: a role this version does not know is kept as its string.',
    heading: '// The roles of this version.',
    known: "// Known reports whether the role is a word of this version's role language.",
    receiver: 'r',
    constants: (b) => {
      for (const c of d.cases)
        goComment(b, c.deprecated ? goDeprecated(c.deprecated.message) : '').row(
          `${d.name}${c.name}`,
          `${d.name} = ${goLiteral(c.value)}`,
        );
      // A removed role's old name: a deprecated constant that is the role it reads as now, as the reader reads it.
      for (const a of d.aliases)
        goComment(b, goDeprecated(a.message)).row(`${d.name}${a.name}`, `= ${d.name}${a.target.name}`);
    },
  });
}

/** An enum: a string type with a constant per value; a value this version does not know is kept as its string. */
function enumType(w: Lines, d: EnumDecl): void {
  openStrings(w, d, {
    open: '// A value this version does not know is kept as its string (a checker warns of it).',
    heading: `// The values of ${d.name} in this version.`,
    known: `// Known reports whether the value is one of this version's values of ${d.name}.`,
    receiver: 'x',
    constants: (b) => {
      for (const c of d.cases) goComment(b, c.doc).row(`${d.name}${c.name}`, `${d.name} = ${goLiteral(c.value)}`);
    },
  });
}

/** The content union: a sealed interface, a struct that keeps a block of another kind whole, and the decoder by tag. */
function union(w: Lines, d: UnionDecl): void {
  const tag = goLiteral(d.discriminator.key);
  const unknown = d.unknown.name;
  goComment(w, d.doc)
    .line('//')
    .line(`// It is sealed: its members are ${d.members.map((m) => `*${m.type}`).join(', ')} and *${unknown}.`);
  w.block(
    `type ${d.name} interface {`,
    (b) => b.line(`// Kind is the block's ${tag}.`).line('Kind() string').line('toValue() Value').line(`is${d.name}()`),
    '}',
  ).blank();
  goComment(w, d.unknown.doc);
  w.block(
    `type ${unknown} struct {`,
    (b) => b.line('// Raw is the block as it came.').line('Raw *Object'),
    '}',
  ).blank();
  w.line(`// Kind is the block's ${tag}.`);
  w.block(
    `func (x *${unknown}) Kind() string {`,
    (b) => b.line(`tag, _ := x.Raw.Get(${tag})`).line('s, _ := tag.(string)').line('return s'),
    '}',
  ).blank();
  w.line(`func (x *${unknown}) toValue() Value { return x.Raw }`).blank();
  w.line(`func (x *${unknown}) is${d.name}() {}`).blank();
  w.block(
    `func decode${d.name}(v Value, at *location) (${d.name}, error) {`,
    (b) => {
      b.line('o, err := asObject(v, at)');
      ifErr(b, 'return nil, err').line(`raw, _ := o.Get(${tag})`).line('tag, ok := raw.(string)');
      b.block('if !ok {', (c) => c.line(`return nil, wrongType(raw, at.field(${tag}), "a string")`), '}');
      b.line('switch tag {');
      for (const m of d.members)
        b.line(`case ${goLiteral(m.tag)}:`).indent((c) =>
          c.line(`x, err := decode${m.type}(v, at)`).line('return &x, err'),
        );
      b.line('}').line(`return &${unknown}{Raw: o}, nil`);
    },
    '}',
  );
}
