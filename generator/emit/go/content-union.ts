import type { UnionDecl } from '../kit/decl-types.js';
import type { Lines } from '../core/lines.js';
import { goComment } from './layout.js';
import { goLiteral } from './naming.js';
import { ifErr } from './snippets.js';

/** The content union: a sealed interface, a struct that keeps a block of another kind whole, and the decoder by tag. */
export function union(w: Lines, d: UnionDecl): void {
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
