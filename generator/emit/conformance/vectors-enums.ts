import type { Field, RecordType, TypeRef } from '../../model/types.js';
import { requiredPlaceholders } from '../kit/placeholders.js';
import type { Json } from '../kit/vector.js';
import type { Obj, VectorKit } from './vector-kit.js';

/** One step from a record to a value inside it: a field (or a reserved attribute) and whether it holds a list. */
interface Step {
  key: string;
  list: boolean;
  /** The record the step leaves, or null for the attributes object (which needs no placeholders). */
  from: string | null;
}

/** Where a record stands in an answer: under the answer itself or under the first child element, by these steps. */
interface Route {
  record: RecordType;
  under: 'answer' | 'element';
  steps: Step[];
}

const itemOf = (type: TypeRef) =>
  type.kind === 'array' ? { ref: type.items, list: true } : { ref: type, list: false };

/**
 * Every record an answer can hold, each by its first route (breadth first): the answer, the element, and the records
 * reached from them through fields and reserved attributes. The element is reached as the answer's first child, so
 * its fields are routed from there and the answer's route does not enter its root.
 */
function routes({ model, t }: VectorKit): Route[] {
  const recordNamed = (name: string) => {
    const def = model.types.find((x) => x.name === name);
    return def?.kind === 'record' ? def : undefined;
  };
  const found: Route[] = [];
  const queue: Route[] = [];
  const visit = (route: Route) => {
    if (found.some((r) => r.record.name === route.record.name)) return;
    found.push(route);
    queue.push(route);
  };
  const answer = recordNamed(t.answer);
  const node = recordNamed(t.node);
  if (answer) visit({ record: answer, under: 'answer', steps: [] });
  if (node) visit({ record: node, under: 'element', steps: [] });
  while (queue.length > 0) {
    const { record, under, steps } = queue.shift() as Route;
    for (const f of record.fields) {
      const { ref, list } = itemOf(f.type);
      if (ref.kind !== 'named') continue;
      const next = recordNamed(ref.name);
      if (next) visit({ record: next, under, steps: [...steps, { key: f.name, list, from: record.name }] });
      else if (model.types.find((x) => x.name === ref.name)?.kind === 'attributes' && !list)
        for (const a of model.attributes) {
          const inner = itemOf(a.type);
          const held = inner.ref.kind === 'named' ? recordNamed(inner.ref.name) : undefined;
          const step = { key: f.name, list: false, from: record.name };
          if (held)
            visit({ record: held, under, steps: [...steps, step, { key: a.name, list: inner.list, from: null }] });
        }
    }
  }
  return found;
}

/** An answer holding `value` at `field` of the route's record, with its path and the element it stands in. */
function placed(k: VectorKit, route: Route, field: Field, value: Json) {
  const { b, root, childPath, model, t } = k;
  // The outermost record is the answer or the element, whose required fields the answer builder gives.
  const own = (record: string | null, key: string, outermost: boolean) =>
    record && !outermost ? requiredPlaceholders(model, record, [key]) : {};
  let inner: Json = { ...own(route.record.name, field.name, route.steps.length === 0), [field.name]: value };
  let path = `/${field.name}`;
  for (const [i, step] of [...route.steps].reverse().entries()) {
    inner = { ...own(step.from, step.key, i === route.steps.length - 1), [step.key]: step.list ? [inner] : inner };
    path = `/${step.key}${step.list ? '/0' : ''}${path}`;
  }
  if (route.under === 'answer') return { input: b.answer(root(), inner as never), path, elementId: null };
  const extra = inner as Obj;
  // The element's own fields go on the child itself; its id and role stay the builder's.
  const { [t.id]: _id, [t.role]: _role, ...fields } = extra;
  return {
    input: b.answer(root([b.element('e-1', b.otherRole(), fields as never)])),
    path: `${childPath(0)}${path}`,
    elementId: 'e-1',
  };
}

/**
 * An enum's field wherever a record holding it stands in an answer (an element's own field, a nested record's, the
 * answer's): each of its values, and a value outside the set, kept with a warning. A list of an enum holds them.
 */
export function enumVectors(k: VectorKit): void {
  const { model, b, t, finding, add } = k;
  for (const route of routes(k)) {
    for (const f of route.record.fields) {
      const { ref, list } = itemOf(f.type);
      const def = ref.kind === 'named' ? model.types.find((x) => x.name === ref.name) : undefined;
      if (def?.kind !== 'enum' || f.deprecated) continue;
      const values = def.values.map((v) => v.value);
      const wrap = (v: string): Json => (list ? [v] : v);
      const name = route.record.name === t.node ? `enum-${f.name}` : `enum-${route.record.name}-${f.name}`;
      const where =
        route.record.name === t.node
          ? 'An element'
          : route.record.name === t.answer
            ? 'The answer'
            : `A ${route.record.name}`;
      for (const [i, v] of values.entries()) {
        const at = placed(k, route, f, wrap(v));
        add({
          name: `${name}-${v}`,
          description: `${where}'s ${f.name} holds ${v}, value ${i + 1} of ${def.name}.`,
          input: at.input as never,
          decodes: true,
          strictValid: true,
          findings: [],
        });
      }
      const unknown = b.unknownValue(values);
      const at = placed(k, route, f, wrap(unknown));
      add({
        name: `${name}-unknown`,
        description: `${where}'s ${f.name} holds a string that is no value of ${def.name}: kept, with a warning.`,
        input: at.input as never,
        decodes: true,
        strictValid: false,
        findings: [finding('structure', 'warning', `${at.path}${list ? '/0' : ''}`, at.elementId, null)],
      });
    }
  }
}
