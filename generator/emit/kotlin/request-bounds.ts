import type { CanonicalModel } from '../../model/types.js';
import type { Decl, UnionDecl } from '../kit/decl-types.js';
import { type BoundedField, anchoredPattern, externalBounds } from '../kit/request-bounds.js';
import { stringLiteral } from './naming.js';

/**
 * The `requestRefusal()` functions that hold a content block of a request to MCP's own bounds and patterns
 * (kit/request-bounds.ts): the content union's, which refuses a kind it does not define and asks each member that
 * holds something checked, and each MCP record's that does. Patterns are read by java.util.regex, rewritten to read
 * as ECMAScript's.
 */

/** A bound as a Kotlin Double literal: JavaScript's text of the number, with a point where it has none. */
const doubleLiteral = (n: number) => (/[.eE]/.test(String(n)) ? String(n) : `${String(n)}.0`);

const below = (value: string, key: string) => `${value}?.let { return it.below(${stringLiteral(key)}) }`;

/** The statements that check one field's value. */
function fieldChecks({ field, bounds, holds }: BoundedField): string[] {
  const out: string[] = [];
  const kind = field.type.kind;
  if (bounds !== null && (kind === 'number' || kind === 'integer')) {
    const args = (['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'] as const).flatMap((k) => {
      const bound = bounds[k];
      return bound === null ? [] : [`${k} = ${doubleLiteral(bound)}`];
    });
    if (args.length > 0) out.push(below(`outOfBounds(${field.name}, ${args.join(', ')})`, field.key));
  }
  if (bounds?.pattern != null && kind === 'string')
    out.push(below(`unmatched(${field.name}, ${stringLiteral(anchoredPattern(bounds.pattern))})`, field.key));
  if (holds) out.push(below(`${field.name}${field.required ? '.' : '?.'}requestRefusal()`, field.key));
  return out;
}

export function contentFunctions(
  model: CanonicalModel,
  decls: readonly Decl[],
  content: UnionDecl,
  unknownContent: string,
): { type: string; body: string[] }[] {
  const bounded = externalBounds(model, decls, content);
  const records = bounded.records.map(({ decl, fields }) => ({
    type: decl.name,
    body: [...fields.flatMap(fieldChecks), 'return null'],
  }));
  const checked = new Set(bounded.records.map((r) => r.decl.name));
  const members = content.members.filter((m) => checked.has(m.type));
  const refused = `RequestRefusal("not a kind of block ${content.key} defines").below(${stringLiteral(content.discriminator.key)})`;
  // Each branch's `block` is cast smart to its member, whose own function is then the one called; -Werror refuses an
  // `else` that can never run, so there is one only when some member has nothing checked.
  const all = members.length === content.members.length;
  const body = [
    'return when (val block = this) {',
    `    is ${unknownContent} -> ${refused}`,
    ...members.map((m) => `    is ${m.type} -> block.requestRefusal()`),
    ...(all ? [] : ['    else -> null']),
    '}',
  ];
  return [...records, { type: content.name, body }];
}
