import type { EnumDecl, RolesDecl } from '../kit/decl-types.js';
import type { Lines } from '../core/lines.js';
import { goComment } from './layout.js';
import { goLiteral } from './naming.js';
import { goDeprecated, type Write } from './snippets.js';

/** What an open string type says of itself, and its constants. */
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

/** The role language: a constant per role, and each removed role's old name a deprecated constant of its role. */
export function roles(w: Lines, d: RolesDecl): void {
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
export function enumType(w: Lines, d: EnumDecl): void {
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
