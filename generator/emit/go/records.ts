import type { FieldDecl, RecordDecl, UnionDecl } from '../kit/decl-types.js';
import type { Lines } from '../core/lines.js';
import type { GoType } from './field-types.js';
import { goComment } from './layout.js';
import { goLiteral } from './naming.js';
import { goDeprecated, ifErr } from './snippets.js';

/** A record's fields with their Go types: a pointer where the field is optional and its zero value is a value. */
export interface GoField {
  f: FieldDecl;
  t: GoType;
  pointer: boolean;
  goType: string;
}

/**
 * A record, or the attributes type read as one: its name, doc, fields, and the fields that hold one of several.
 * `closed`, for a request type, names what its JSON is checked against (runtime/go/request.go's wantedRecords):
 * it keeps no Extra and refuses what the tool's inputSchema refuses.
 */
export type RecordShape = {
  name: string;
  doc: string;
  fields: FieldDecl[];
  exclusive: RecordDecl['exclusive'];
  closed?: string | null;
};

/** A struct that keeps the fields it does not know, its decoder, encoder and JSON methods; a content block's Kind. */
export function record(w: Lines, d: RecordShape, fields: GoField[], union: UnionDecl | null): void {
  const closed = d.closed ?? null;
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
        if (closed === null)
          b.line(
            '// Extra keeps the fields this version does not know, in the order they came, so nothing is lost.',
          ).row('Extra', '[]Member');
      }),
    '}',
  ).blank();
  decoder(w, d, fields, closed !== null);
  w.blank();
  encoder(w, d.name, fields, closed !== null);
  w.blank().line(
    `// MarshalJSON writes the ${d.name} as JSON${closed === null ? ', the fields it does not know included' : ''}.`,
  );
  w.block(
    `func (x ${d.name}) MarshalJSON() ([]byte, error) {`,
    (b) => b.line('return []byte(MarshalValue(x.toValue())), nil'),
    '}',
  ).blank();
  w.line(
    closed === null
      ? `// UnmarshalJSON reads a ${d.name} from JSON, as the package's reader reads it.`
      : `// UnmarshalJSON reads a ${d.name} from JSON, refusing what its tool's inputSchema refuses.`,
  );
  w.block(
    `func (x *${d.name}) UnmarshalJSON(data []byte) error {`,
    (b) => {
      b.line('v, err := ParseJSON(string(data))');
      ifErr(b, 'return err');
      if (closed !== null)
        b.block(`if err = checkRequest(v, ${goLiteral(closed)}); err != nil {`, (c) => c.line('return err'), '}');
      b.line(`*x, err = decode${d.name}(v, nil)`).line('return err');
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

/** The decoder: refuses a value holding the keys of two of a field's records, reads each member, checks the required. */
function decoder(w: Lines, d: RecordShape, fields: GoField[], closed: boolean): void {
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
            .indent((c) => c.line(closed ? 'return x, unknownMember(at, m.Key)' : 'x.Extra = append(x.Extra, m)'))
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

/** The encoder: each field present, then the ones this version does not know, in the order they came. */
function encoder(w: Lines, name: string, fields: GoField[], closed: boolean): void {
  w.block(
    `func (x *${name}) toValue() Value {`,
    (b) => {
      b.line(`o := &Object{Members: make([]Member, 0, ${fields.length}${closed ? '' : '+len(x.Extra)'})}`);
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
      if (!closed) b.block('for _, m := range x.Extra {', (c) => c.line('o.Set(m.Key, m.Value)'), '}');
      b.line('return o');
    },
    '}',
  );
}
