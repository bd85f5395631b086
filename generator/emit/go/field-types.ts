import type { TypeView } from '../kit/decl-types.js';
import type { Lines } from '../core/lines.js';
import { goComment } from './layout.js';
import { goLiteral } from './naming.js';
import type { Write } from './snippets.js';

/** A field's type as Go holds, decodes and encodes it. */
export interface GoType {
  /** The Go type of a present value. */
  type: string;
  /** A Go expression of type func(Value, *location) (type, error). */
  decode: string;
  /** Go code turning `x` (of `type`) into a Value. */
  encode: (x: string) => string;
  /** Whether the zero value already stands for absence (no pointer needed for an optional field). */
  nilable: boolean;
}

/** A type its literal values name, with their decoder; a value outside them is refused. */
export function literalType(w: Lines, name: string, doc: string, values: readonly string[]): void {
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
export function goTypes(nested: Write[]) {
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
