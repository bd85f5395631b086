import type { CanonicalModel } from '../../model/types.js';
import type { Decl, UnionDecl } from '../kit/decl-types.js';
import { type BoundedField, anchoredPattern, externalBounds } from '../kit/request-bounds.js';
import type { SwiftDecls } from './decls.js';
import { stringLiteral } from './naming.js';

/** What the conformances need of the package (requests.ts RequestNames has these). */
interface ContentNames {
  decls: readonly Decl[];
  swift: SwiftDecls;
  /** The content union's case that keeps a block of a kind it does not define. */
  unknownContent: string | null;
}

/**
 * The conformances that hold a content block of a request to MCP's own bounds and patterns (kit/request-bounds.ts):
 * the content union's, which refuses a kind it does not define and asks each member that holds something checked,
 * and each MCP record's that does. Patterns are read by NSRegularExpression (ICU), rewritten to read as ECMAScript's.
 */

const below = (value: string, key: string) =>
  `if let refusal = ${value} { return refusal.below(${stringLiteral(key)}) }`;

/** The statements that check one field's value, read through `property`. */
function fieldChecks({ field, bounds, holds }: BoundedField, property: string): string[] {
  const out: string[] = [];
  const kind = field.type.kind;
  if (bounds !== null && (kind === 'number' || kind === 'integer')) {
    const args = (['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'] as const).flatMap((k) =>
      bounds[k] === null ? [] : [`${k}: ${String(bounds[k])}`],
    );
    if (args.length > 0) out.push(below(`RequestRefusal.outOfBounds(${property}, ${args.join(', ')})`, field.key));
  }
  if (bounds?.pattern != null && kind === 'string')
    out.push(
      below(
        `RequestRefusal.unmatched(${property}, pattern: ${stringLiteral(anchoredPattern(bounds.pattern))})`,
        field.key,
      ),
    );
  if (holds) out.push(below(`${property}.requestRefusal`, field.key));
  return out;
}

export function contentConformances(
  model: CanonicalModel,
  content: UnionDecl,
  names: ContentNames,
): { type: string; body: string[] }[] {
  const bounded = externalBounds(model, names.decls, content);
  const records = bounded.records.map(({ decl, fields }) => {
    const storage = new Map(names.swift.record(decl).properties.map((p) => [p.name, p.storage]));
    return {
      type: decl.name,
      body: [...fields.flatMap((f) => fieldChecks(f, storage.get(f.field.name) ?? f.field.name)), 'return nil'],
    };
  });
  const union = names.swift.union(content);
  const checked = new Set(bounded.records.map((r) => r.decl.name));
  const members = union.cases.filter((c) => checked.has(c.type));
  const refused = `RequestRefusal("not a kind of block ${content.key} defines").below(${stringLiteral(content.discriminator.key)})`;
  const cases = [
    ...(names.unknownContent ? [`case .${names.unknownContent}:`, `    return ${refused}`] : []),
    ...members.flatMap((c) => [`case .${c.name}(let block):`, '    return block.requestRefusal']),
  ];
  if (cases.length === 0) return records;
  // Every case listed needs no default; Swift warns of one that can never run.
  const all = members.length === union.cases.length && names.unknownContent !== null;
  const body = ['switch self {', ...cases, ...(all ? [] : ['default:', '    return nil']), '}'];
  return [...records, { type: content.name, body }];
}
