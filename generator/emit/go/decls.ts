import type { Decl, EnumDecl, FieldDecl, RecordDecl, RolesDecl, TypeView, UnionDecl } from '../kit/declarations.js';
import { goDoc, goLiteral } from './naming.js';

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

export function goDecls(decls: readonly Decl[]): GoDecls {
  const out: string[] = [];
  const nested: string[] = [];
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
        return { type: `[]${item.type}`, decode: `arrayOf(${item.decode})`, encode: (x) => `encodeSlice(${x}, func(x ${item.type}) Value { return ${item.encode('x')} })`, nilable: true };
      }
      case 'ref':
        if (t.declares === 'union') return { type: t.name, decode: `decode${t.name}`, encode: (x) => `${x}.toValue()`, nilable: true };
        if (t.declares === 'roles' || t.declares === 'enum' || t.declares === 'alias') return { type: t.name, decode: `decode${t.name}`, encode: (x) => `string(${x})`, nilable: false };
        return { type: t.name, decode: `decode${t.name}`, encode: (x) => `${x}.toValue()`, nilable: false };
      case 'literal': {
        const name = `${owner}${field}`;
        nested.push(`${goDoc(`${name} is one of ${t.values.map((v) => JSON.stringify(v)).join(', ')}.`)}type ${name} string\n\nvar decode${name} = decodeLiteral[${name}](${t.values.map(goLiteral).join(', ')})\n`);
        return { type: name, decode: `decode${name}`, encode: (x) => `string(${x})`, nilable: false };
      }
      case 'union': {
        const name = `${owner}${field}`;
        const members = t.members.map((m) => (m.kind === 'ref' ? m.name : 'Value'));
        const decoders = members.map((m) => `decode${m}`);
        nested.push(
          `${goDoc(`${name} holds one of ${members.join(', ')}: the one set.`)}type ${name} struct {\n${members.map((m) => `\t${m} *${m}\n`).join('')}}\n\n` +
            `func decode${name}(v Value, at *location) (${name}, error) {\n\tvar firstErr error\n` +
            members.map((m, i) => `\tif x, err := ${decoders[i]}(v, at); err == nil {\n\t\treturn ${name}{${m}: &x}, nil\n\t} else if firstErr == nil {\n\t\tfirstErr = err\n\t}\n`).join('') +
            `\treturn ${name}{}, firstErr\n}\n\n` +
            `func (x ${name}) toValue() Value {\n${members.map((m) => `\tif x.${m} != nil {\n\t\treturn x.${m}.toValue()\n\t}\n`).join('')}\treturn nil\n}\n`,
        );
        return { type: name, decode: `decode${name}`, encode: (x) => `${x}.toValue()`, nilable: false };
      }
    }
  };

  const record = (d: { name: string; doc: string; fields: FieldDecl[]; exclusive: RecordDecl['exclusive'] }, union: UnionDecl | null) => {
    const fields = d.fields.map((f) => {
      const t = typeOf(f.type, d.name, f.name);
      const pointer = !f.required && !t.nilable;
      return { f, t, pointer, goType: pointer ? `*${t.type}` : t.type };
    });
    const stored = fields.filter((x) => x.f.constant === null);
    const lines = [goDoc(d.doc), `type ${d.name} struct {\n`];
    for (const x of stored) {
      // Go's tools (gopls, staticcheck) know a deprecated name by a paragraph of its doc that starts "Deprecated: ".
      const deprecated = x.f.deprecated ? `${x.f.doc ? '\t//\n' : ''}${goDoc(goDeprecated(x.f.deprecated.message), '\t')}` : '';
      lines.push(goDoc(x.f.doc, '\t'), deprecated, `\t${x.f.name} ${x.goType}\n`);
    }
    lines.push('\t// Extra keeps the fields this version does not know, in the order they came, so nothing is lost.\n\tExtra []Member\n}\n\n');
    // The decoder.
    lines.push(`func decode${d.name}(v Value, at *location) (${d.name}, error) {\n\tvar x ${d.name}\n\to, err := asObject(v, at)\n\tif err != nil {\n\t\treturn x, err\n\t}\n`);
    for (const e of d.exclusive) {
      const keys = e.keys.map(goLiteral).join(', ');
      lines.push(`\tif held, ok := o.Get(${goLiteral(e.key)}); ok {\n\t\tif h, ok := held.(*Object); ok {\n\t\t\tn := 0\n\t\t\tfor _, k := range []string{${keys}} {\n\t\t\t\tif h.Has(k) {\n\t\t\t\t\tn++\n\t\t\t\t}\n\t\t\t}\n\t\t\tif n > 1 {\n\t\t\t\treturn x, &DecodeError{at.field(${goLiteral(e.key)}).String(), ${goLiteral(`the keys of more than one of ${e.members.join(', ')}`)}}\n\t\t\t}\n\t\t}\n\t}\n`);
    }
    lines.push('\tfor _, m := range o.Members {\n\t\tswitch m.Key {\n');
    for (const x of fields) {
      const at = `at.field(${goLiteral(x.f.key)})`;
      lines.push(`\t\tcase ${goLiteral(x.f.key)}:\n`);
      if (x.f.constant !== null) {
        lines.push(`\t\t\tif m.Value != ${goLiteral(x.f.constant)} {\n\t\t\t\treturn x, &DecodeError{${at}.String(), ${goLiteral(`not ${JSON.stringify(x.f.constant)}`)}}\n\t\t\t}\n`);
      } else if (x.pointer) lines.push(`\t\t\tx.${x.f.name}, err = optional(m.Value, ${at}, ${x.t.decode})\n`);
      else if (!x.f.required) lines.push(`\t\t\tif m.Value == nil {\n\t\t\t\treturn x, &DecodeError{${at}.String(), "null; an optional field is left out instead"}\n\t\t\t}\n\t\t\tx.${x.f.name}, err = ${x.t.decode}(m.Value, ${at})\n`);
      else lines.push(`\t\t\tx.${x.f.name}, err = ${x.t.decode}(m.Value, ${at})\n`);
    }
    lines.push('\t\tdefault:\n\t\t\tx.Extra = append(x.Extra, m)\n\t\t}\n\t\tif err != nil {\n\t\t\treturn x, err\n\t\t}\n\t}\n');
    for (const x of fields.filter((y) => y.f.required)) lines.push(`\tif !o.Has(${goLiteral(x.f.key)}) {\n\t\treturn x, missingField(at, ${goLiteral(x.f.key)})\n\t}\n`);
    lines.push('\treturn x, nil\n}\n\n');
    // The encoder.
    lines.push(`func (x *${d.name}) toValue() Value {\n\to := &Object{Members: make([]Member, 0, ${fields.length}+len(x.Extra))}\n`);
    for (const x of fields) {
      if (x.f.constant !== null) lines.push(`\to.Set(${goLiteral(x.f.key)}, ${goLiteral(x.f.constant)})\n`);
      else if (x.f.required) lines.push(`\to.Set(${goLiteral(x.f.key)}, ${x.t.encode(`x.${x.f.name}`)})\n`);
      else if (x.pointer) lines.push(`\tif x.${x.f.name} != nil {\n\t\to.Set(${goLiteral(x.f.key)}, ${x.t.encode(`(*x.${x.f.name})`)})\n\t}\n`);
      else lines.push(`\tif x.${x.f.name} != nil {\n\t\to.Set(${goLiteral(x.f.key)}, ${x.t.encode(`x.${x.f.name}`)})\n\t}\n`);
    }
    lines.push('\tfor _, m := range x.Extra {\n\t\to.Set(m.Key, m.Value)\n\t}\n\treturn o\n}\n\n');
    lines.push(`// MarshalJSON writes the ${d.name} as JSON, the fields it does not know included.\nfunc (x ${d.name}) MarshalJSON() ([]byte, error) {\n\treturn []byte(MarshalValue(x.toValue())), nil\n}\n\n`);
    lines.push(`// UnmarshalJSON reads a ${d.name} from JSON, as the package's reader reads it.\nfunc (x *${d.name}) UnmarshalJSON(data []byte) error {\n\tv, err := ParseJSON(string(data))\n\tif err != nil {\n\t\treturn err\n\t}\n\t*x, err = decode${d.name}(v, nil)\n\treturn err\n}\n`);
    if (union) {
      const tag = d.fields.find((f) => f.key === union.discriminator.key)?.constant ?? '';
      lines.push(`\n// Kind is the block's ${goLiteral(union.discriminator.key)}: ${goLiteral(tag)}.\nfunc (x *${d.name}) Kind() string { return ${goLiteral(tag)} }\n\nfunc (x *${d.name}) is${union.name}() {}\n`);
    }
    out.push(lines.join(''));
  };

  const unions = decls.filter((d): d is UnionDecl => d.kind === 'union');
  const unionOf = (name: string) => unions.find((u) => u.members.some((m) => m.type === name)) ?? null;

  for (const d of decls) {
    if (d.kind === 'record') record(d, unionOf(d.name));
    else if (d.kind === 'attributes') record({ name: d.name, doc: d.doc, fields: d.reserved, exclusive: [] }, null);
    else if (d.kind === 'alias') {
      const values = d.type.kind === 'literal' ? d.type.values : [];
      out.push(`${goDoc(d.doc)}type ${d.name} string\n\nvar decode${d.name} = decodeLiteral[${d.name}](${values.map(goLiteral).join(', ')})\n`);
    } else if (d.kind === 'roles') out.push(roles(d));
    else if (d.kind === 'enum') out.push(enumType(d));
    else out.push(union(d));
  }
  return { source: [...out, ...nested].join('\n') };
}

/** A deprecation as Go's tools read it: a paragraph that starts "Deprecated: " ("Deprecated: since 0.2.1; use Text."). */
const goDeprecated = (message: string) => `Deprecated: ${message.replace(/^Deprecated /, '')}`;

function roles(d: RolesDecl): string {
  const consts = d.cases.map((c) => `${goDoc(c.deprecated ? goDeprecated(c.deprecated.message) : '', '\t')}\t${d.name}${c.name} ${d.name} = ${goLiteral(c.value)}\n`).join('');
  // A removed role's old name: a deprecated constant that is the role it reads as now, as the reader reads it.
  const aliases = d.aliases.map((a) => `${goDoc(goDeprecated(a.message), '\t')}\t${d.name}${a.name} = ${d.name}${a.target.name}\n`).join('');
  return (
    `${goDoc(d.doc)}//\n// The role language is open: a role this version does not know is kept as its string.\ntype ${d.name} string\n\n// The roles of this version.\nconst (\n${consts}${aliases})\n\n` +
    `var known${d.name}s = map[${d.name}]bool{${d.cases.map((c) => `${d.name}${c.name}: true`).join(', ')}}\n\n` +
    `// Known reports whether the role is a word of this version's role language.\nfunc (r ${d.name}) Known() bool { return known${d.name}s[r] }\n\n` +
    `func decode${d.name}(v Value, at *location) (${d.name}, error) {\n\ts, err := decodeString(v, at)\n\treturn ${d.name}(s), err\n}\n`
  );
}

/** An enum: a string type with a constant per value; a value this version does not know is kept as its string. */
function enumType(d: EnumDecl): string {
  const consts = d.cases.map((c) => `${goDoc(c.doc, '\t')}\t${d.name}${c.name} ${d.name} = ${goLiteral(c.value)}\n`).join('');
  return (
    `${goDoc(d.doc)}//\n// A value this version does not know is kept as its string (a checker warns of it).\ntype ${d.name} string\n\n// The values of ${d.name} in this version.\nconst (\n${consts})\n\n` +
    `var known${d.name}s = map[${d.name}]bool{${d.cases.map((c) => `${d.name}${c.name}: true`).join(', ')}}\n\n` +
    `// Known reports whether the value is one of this version's values of ${d.name}.\nfunc (x ${d.name}) Known() bool { return known${d.name}s[x] }\n\n` +
    `func decode${d.name}(v Value, at *location) (${d.name}, error) {\n\ts, err := decodeString(v, at)\n\treturn ${d.name}(s), err\n}\n`
  );
}

function union(d: UnionDecl): string {
  const cases = d.members.map((m) => `\tcase ${goLiteral(m.tag)}:\n\t\tx, err := decode${m.type}(v, at)\n\t\treturn &x, err\n`).join('');
  const tag = goLiteral(d.discriminator.key);
  return (
    `${goDoc(d.doc)}//\n// It is sealed: its members are ${d.members.map((m) => `*${m.type}`).join(', ')} and *${d.unknown.name}.\ntype ${d.name} interface {\n\t// Kind is the block's ${tag}.\n\tKind() string\n\ttoValue() Value\n\tis${d.name}()\n}\n\n` +
    `${goDoc(d.unknown.doc)}type ${d.unknown.name} struct {\n\t// Raw is the block as it came.\n\tRaw *Object\n}\n\n` +
    `// Kind is the block's ${tag}.\nfunc (x *${d.unknown.name}) Kind() string {\n\ttag, _ := x.Raw.Get(${tag})\n\ts, _ := tag.(string)\n\treturn s\n}\n\nfunc (x *${d.unknown.name}) toValue() Value { return x.Raw }\n\nfunc (x *${d.unknown.name}) is${d.name}() {}\n\n` +
    `func decode${d.name}(v Value, at *location) (${d.name}, error) {\n\to, err := asObject(v, at)\n\tif err != nil {\n\t\treturn nil, err\n\t}\n\traw, _ := o.Get(${tag})\n\ttag, ok := raw.(string)\n\tif !ok {\n\t\treturn nil, wrongType(raw, at.field(${tag}), "a string")\n\t}\n\tswitch tag {\n${cases}\t}\n\treturn &${d.unknown.name}{Raw: o}, nil\n}\n`
  );
}
