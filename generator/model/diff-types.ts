import { listed, notation, reordered, same } from './diff-compare.js';
import type { AddChange } from './diff-rules.js';
import type { CanonicalModel, EnumValue, Field } from './types.js';

/** Types added, removed or of another kind, and each record's fields and each enum's values. */
export function typeChanges(before: CanonicalModel | null, after: CanonicalModel, add: AddChange): void {
  const typesA = new Map((before?.types ?? []).map((t) => [t.name, t]));
  const typesB = new Map(after.types.map((t) => [t.name, t]));
  for (const [name, tb] of typesB) {
    const ta = typesA.get(name);
    // Versions share what an RFC left alone (model/fold.ts): the same object has no changes.
    if (ta === tb) continue;
    if (!ta) add('type-added', name, `Type ${name} added`);
    else if (ta.kind !== tb.kind) add('type-kind-changed', name, `Type ${name} changed from ${ta.kind} to ${tb.kind}`);
    else if (ta.meaning !== tb.meaning) add('wording-changed', name, `The meaning of ${name} was reworded`);
    const fieldsA = new Map<string, Field>(ta?.kind === 'record' ? ta.fields.map((f) => [f.name, f]) : []);
    const fieldsB = tb.kind === 'record' ? tb.fields : [];
    for (const fb of fieldsB) {
      const fa = fieldsA.get(fb.name);
      const subject = `${name}.${fb.name}`;
      if (!fa) {
        if (ta)
          add(
            fb.required ? 'required-field-added' : 'field-added',
            subject,
            `${fb.required ? 'Required' : 'Optional'} field ${subject} added`,
          );
        continue;
      }
      if (!same(fa.type, fb.type))
        add('field-type-changed', subject, `${subject} changed type from ${notation(fa.type)} to ${notation(fb.type)}`);
      if (!fa.required && fb.required) add('field-made-required', subject, `${subject} became required`);
      if (fa.required && !fb.required) add('field-made-optional', subject, `${subject} became optional`);
      if (!same(fa.default, fb.default)) add('field-default-changed', subject, `The default of ${subject} changed`);
      if (fa.meaning !== fb.meaning) add('wording-changed', subject, `The meaning of ${subject} was reworded`);
    }
    const namesB = new Set(fieldsB.map((f) => f.name));
    for (const fa of fieldsA.values()) {
      if (!namesB.has(fa.name)) add('field-removed', `${name}.${fa.name}`, `Field ${name}.${fa.name} removed`);
    }
    const order = reordered(
      [...fieldsA.keys()],
      fieldsB.map((f) => f.name),
    );
    if (order)
      add(
        'fields-reordered',
        `fields of ${name}`,
        `The fields of ${name} are in another order: ${listed(order.now)}, were ${listed(order.was)}`,
      );
    if (tb.kind === 'enum') diffValues(name, ta?.kind === 'enum' ? ta.values : null, tb.values, add);
  }
  for (const name of typesA.keys()) if (!typesB.has(name)) add('type-removed', name, `Type ${name} removed`);
}

/** An enum's values: one added is additive, one taken out breaking, a reworded one editorial. */
function diffValues(
  name: string,
  before: readonly EnumValue[] | null,
  after: readonly EnumValue[],
  add: AddChange,
): void {
  const valuesA = new Map((before ?? []).map((v) => [v.value, v]));
  for (const vb of after) {
    const va = valuesA.get(vb.value);
    const subject = `${name}.${vb.value}`;
    if (!va) {
      if (before) add('enum-value-added', subject, `Value ${vb.value} added to ${name}`);
    } else if (va.meaning !== vb.meaning) add('wording-changed', subject, `The meaning of ${subject} was reworded`);
  }
  const valuesB = new Set(after.map((v) => v.value));
  for (const va of before ?? [])
    if (!valuesB.has(va.value))
      add('enum-value-removed', `${name}.${va.value}`, `Value ${va.value} removed from ${name}`);
  const order =
    before &&
    reordered(
      [...valuesA.keys()],
      after.map((v) => v.value),
    );
  if (order)
    add(
      'values-reordered',
      `values of ${name}`,
      `The values of ${name} are in another order: ${listed(order.now)}, were ${listed(order.was)}`,
    );
}
