import { contentAlternatives } from '../kit/spec-data.js';
import { minimalInstance, withTwoAlternatives } from './answers.js';
import type { Obj, VectorKit } from './vector-kit.js';

/** Content blocks: one of each kind the external type defines, and one that is none of them. */
export function contentVectors({ model, b, t, req, finding, add, root, childPath }: VectorKit): void {
  if (!t.content) return;
  for (const ext of model.external) {
    for (const member of (ext.schema.anyOf ?? []) as Obj[]) {
      const block = minimalInstance(member, ext.definitions) as Obj;
      add({
        name: `content-${String(block.type).replace(/_/g, '-')}`,
        description: `A ${String(block.type)} content block with only its required fields.`,
        input: b.answer(root([b.element('e-1', b.otherRole(), { [t.content]: [block] } as never)])) as never,
        decodes: true,
        strictValid: true,
        findings: [],
      });
    }
  }
  // A kind a later MCP version may add: kept whole with its own fields, flagged by the rule the spec names for it
  // (and not flagged at all by a spec that names none), never refused.
  const kindRequirement = req('content-kind');
  add({
    name: 'content-unknown-type',
    description: 'A content block whose type is not a content kind of this MCP version: kept, with a warning.',
    covers: [kindRequirement],
    input: b.answer(
      root([b.element('e-1', b.otherRole(), { [t.content]: [{ type: 'hologram', depth: 3, frames: [{ at: 0 }] }] })]),
    ) as never,
    decodes: true,
    strictValid: false,
    findings: kindRequirement ? [finding('content-kind', 'warning', `${childPath(0)}/${t.content}/0/type`, 'e-1')] : [],
  });
  // A property that is one of several shapes, each known by a key only it has: a value with two such keys is
  // neither, and is refused rather than read as one of them with the other's data dropped.
  for (const kind of contentAlternatives(model)) {
    for (const alt of kind.alternatives) {
      const [first, second] = alt.members;
      const ext = model.external.find((e) => e.name === kind.external);
      const block = ext && withTwoAlternatives(kind.name, alt, ext.definitions);
      if (!first || !second || !block) continue;
      add({
        name: `content-${String(block.type).replace(/_/g, '-')}-${alt.property}-ambiguous`,
        description: `A ${String(block.type)} content block whose ${alt.property} has both ${first.key} and ${second.key}: it is one of ${alt.members.map((m) => m.name).join(' or ')}, not both.`,
        input: b.answer(root([b.element('e-1', b.otherRole(), { [t.content]: [block] } as never)])) as never,
        decodes: false,
        strictValid: false,
        findings: [finding('structure', 'error', `${childPath(0)}/${t.content}/0/${alt.property}`, 'e-1', null)],
      });
      // A member is told by its key, whatever the key holds: the first's key with a value of no JSON type it
      // could have still makes the value two members, where a oneOf on the schemas would take it as the second.
      add({
        name: `content-${String(block.type).replace(/_/g, '-')}-${alt.property}-ambiguous-mistyped`,
        description: `A ${String(block.type)} content block whose ${alt.property} has ${second.key} and a ${first.key} that is not a string: still both keys, so neither ${first.name} nor ${second.name}.`,
        input: b.answer(
          root([
            b.element('e-1', b.otherRole(), {
              [t.content]: [{ ...block, [alt.property]: { ...(block[alt.property] as Obj), [first.key]: -1 } }],
            } as never),
          ]),
        ) as never,
        decodes: false,
        strictValid: false,
        findings: [finding('structure', 'error', `${childPath(0)}/${t.content}/0/${alt.property}`, 'e-1', null)],
      });
    }
  }
}
