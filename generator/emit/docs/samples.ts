import type { CanonicalModel } from '../../model/types.js';
import type { Vector } from '../kit/vector.js';

type Json = Record<string, unknown>;

/** An element of a sample answer, with where the answer comes from, said for a reader. */
export interface SampleElement {
  element: Json;
  from: string;
}

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Every element of the answers a page may quote, in order: the spec's own examples first, then the conformance
 * vectors that pass the strict schema (answers a provider may send), each tree in pre-order.
 */
export function* sampleElements(model: CanonicalModel, vectors: readonly Vector[]): Generator<SampleElement> {
  const t = model.tree;
  const answers = [
    ...model.examples.map((ex) => ({
      value: ex.value,
      from: `the example of ${ex.source.document}${ex.source.section ? ` §${ex.source.section}` : ''}`,
    })),
    ...vectors
      .filter((v) => v.strictValid)
      .map((v) => ({ value: v.input, from: `the conformance vector \`${v.name}\`` })),
  ];
  for (const answer of answers) {
    const stack: unknown[] = [isObject(answer.value) ? answer.value[t.root] : undefined];
    while (stack.length) {
      const e = stack.pop();
      if (!isObject(e)) continue;
      yield { element: e, from: answer.from };
      const kids = e[t.children];
      if (Array.isArray(kids)) stack.push(...[...kids].reverse());
    }
  }
}

/** A value shown in a fenced JSON block, with where it is from. */
export interface Sample {
  json: string;
  from: string;
}

/** The first element with the role, without its children. */
export function roleSample(model: CanonicalModel, vectors: readonly Vector[], role: string): Sample | null {
  for (const { element, from } of sampleElements(model, vectors)) {
    if (element[model.tree.role] !== role) continue;
    const shown = Object.fromEntries(Object.entries(element).filter(([k]) => k !== model.tree.children));
    return { json: JSON.stringify(shown, null, 2), from };
  }
  return null;
}

/** The first element's use of the attribute, as the element's attributes field holding it alone. */
export function attributeSample(model: CanonicalModel, vectors: readonly Vector[], name: string): Sample | null {
  const field = model.tree.attributes;
  if (!field) return null;
  for (const { element, from } of sampleElements(model, vectors)) {
    const attributes = element[field];
    if (isObject(attributes) && name in attributes)
      return { json: JSON.stringify({ [field]: { [name]: attributes[name] } }, null, 2), from };
  }
  return null;
}

/** The first content block whose discriminating property (`property`) is `kind`. */
export function contentSample(
  model: CanonicalModel,
  vectors: readonly Vector[],
  property: string,
  kind: string,
): Sample | null {
  const field = model.tree.content;
  if (!field) return null;
  for (const { element, from } of sampleElements(model, vectors)) {
    const blocks = element[field];
    const block = Array.isArray(blocks) ? blocks.find((b) => isObject(b) && b[property] === kind) : undefined;
    if (block) return { json: JSON.stringify(block, null, 2), from };
  }
  return null;
}
