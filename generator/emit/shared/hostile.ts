import type { CanonicalModel, Field, RecordType, TypeRef } from '../../model/types.js';

/**
 * Hostile inputs for the bindings' generated test suites (Swift and Kotlin share them): answers from apps nobody
 * controls. Everything is built from the model's shape (the tree's answer and node records and their fields), so
 * no protocol word is typed here. Small inputs are listed whole; big ones (a deep tree, a wide tree, a long
 * string) are described by the pieces a test suite repeats to build them at run time.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** What a binding must do with a hostile input: decode it, or fail, and if so with which typed error. */
export interface HostileCase {
  name: string;
  /** The input as text (not always JSON). */
  input: string;
  decodes: boolean;
  /** The typed error the bindings' pre-scan raises, or null for any decoding error. */
  error: 'duplicateKey' | 'loneSurrogate' | 'trailingComma' | null;
}

export interface HostileInputs {
  cases: HostileCase[];
  /** `{"<version>":"...","<other>":"...","<root>":` : an answer up to its root element. */
  answerHead: string;
  /** `}`: what closes the answer after its root. */
  answerTail: string;
  /** An element object without its closing brace: `{"<id>":"e","<role>":"<fallback>"`. */
  elementHead: string;
  /** `,"<children>":[`: appended to an element head to open its children. */
  childrenOpen: string;
  /** `]}`: closes the children and the element. */
  childrenClose: string;
  /** A small leaf element, whole. */
  leaf: string;
  /** `,"<a string field>":` for the 10 MB string. */
  stringFieldOpen: string;
}

const KINDS: { kind: string; value: Json }[] = [
  { kind: 'null', value: null },
  { kind: 'boolean', value: true },
  { kind: 'number', value: 1 },
  { kind: 'string', value: 'x' },
  { kind: 'array', value: [] },
  { kind: 'object', value: {} },
];

/** The hostile inputs, or what the model lacks to build them (a model no valid spec makes): never a throw. */
export function hostileInputs(model: CanonicalModel): HostileInputs | { missing: string } {
  const records = model.types.filter((t): t is RecordType => t.kind === 'record');
  const kindOfType = new Map(model.types.map((t) => [t.name, t.kind]));
  const tree = model.tree;
  const answer = records.find((r) => r.name === tree.answer);
  const element = records.find((r) => r.name === tree.node);
  if (!answer || !element) return { missing: `${!answer ? tree.answer : tree.node} is not a record` };

  /** The JSON kind a field's value must have. */
  const jsonKind = (ref: TypeRef): string => {
    if (ref.kind === 'array') return 'array';
    if (ref.kind === 'primitive') return ref.name;
    const kind = kindOfType.get(ref.name);
    return kind === 'roles' || kind === 'enum' ? 'string' : 'object';
  };
  const sampleOf = (field: Field): Json => {
    if (field.name === tree.version) return model.protocolVersion;
    if (field.name === tree.id) return 'e';
    if (field.name === tree.role) return model.roleRules.fallback;
    const ref = field.type;
    if (ref.kind === 'primitive') return ref.name === 'string' ? 'sample' : ref.name === 'boolean' ? true : 1;
    if (ref.kind === 'array') return [];
    if (ref.name === element.name) return elementSample();
    const def = model.types.find((t) => t.name === ref.name);
    if (def?.kind === 'enum') return def.values[0]?.value ?? '';
    return {};
  };
  // Each record's required fields, found once: the cases below ask for them once per field of the record.
  const requiredFields = new Map<RecordType, Field[]>();
  const required = (r: RecordType): Record<string, Json> => {
    let fields = requiredFields.get(r);
    if (!fields) requiredFields.set(r, (fields = r.fields.filter((f) => f.required)));
    return Object.fromEntries(fields.map((f) => [f.name, sampleOf(f)]));
  };
  const elementSample = (): Record<string, Json> => ({ ...required(element), [tree.role]: model.roleRules.root });
  const answerSample = (): Record<string, Json> => required(answer);
  const text = (value: Json): string => JSON.stringify(value);

  const cases: HostileCase[] = [];
  const add = (name: string, input: string, decodes: boolean, error: HostileCase['error'] = null) =>
    cases.push({ name, input, decodes, error });

  const childSample = (): Record<string, Json> => ({ ...required(element), [tree.id]: 'child' });
  const withChild = (child: Json): Record<string, Json> => {
    const a = answerSample();
    a[tree.root] = { ...elementSample(), [tree.children]: [child] };
    return a;
  };
  add('a valid answer', text(withChild(childSample())), true);

  // Not JSON at all.
  for (const [name, input] of [
    ['empty text', ''],
    ['whitespace', ' \n\t '],
    ['a word', 'nope'],
    ['an open brace', '{'],
    ['unbalanced closers', ']]}}'],
    ['an unterminated string', '{"'],
    ['an unterminated escape', '{"\\'],
    ['a truncated unicode escape', '{"\\u12'],
    ['trailing garbage', `${text(withChild(childSample()))} x`],
    ['two answers', `${text(answerSample())}${text(answerSample())}`],
    ['single quotes', text(answerSample()).replace(/"/g, "'")],
    ['a NaN', '{"n":NaN}'],
  ] as const)
    add(`not JSON: ${name}`, input, false);
  add(
    'not JSON: a trailing comma in an object',
    `${text(withChild(childSample())).slice(0, -1)},}`,
    false,
    'trailingComma',
  );
  add(
    'not JSON: a trailing comma in a list',
    text(withChild(childSample())).replace(']', ', ]'),
    false,
    'trailingComma',
  );

  // A root that is not an object.
  for (const { kind, value } of KINDS) if (kind !== 'object') add(`the root is ${kind}`, text(value), false);
  add('the root is an array of answers', text([answerSample()]), false);

  // The wrong JSON type at every field of the answer and of an element; explicit null fails too (no field's type
  // includes null), and a missing required field fails.
  for (const field of answer.fields) {
    for (const { kind, value } of KINDS) {
      if (kind === jsonKind(field.type)) continue;
      const a = withChild(childSample());
      a[field.name] = value;
      add(`${answer.name}.${field.name} is ${kind}`, text(a), false);
    }
    if (field.required) {
      const a = withChild(childSample());
      delete a[field.name];
      add(`${answer.name}.${field.name} is missing`, text(a), false);
    }
  }
  for (const field of element.fields) {
    for (const { kind, value } of KINDS) {
      if (kind === jsonKind(field.type)) continue;
      add(
        `${element.name}.${field.name} is ${kind}`,
        text(withChild({ ...childSample(), [field.name]: value })),
        false,
      );
    }
    if (field.required) {
      const child = childSample();
      delete child[field.name];
      add(`${element.name}.${field.name} is missing`, text(withChild(child)), false);
    }
    // An array field whose items have the wrong type.
    if (field.type.kind === 'array') {
      add(
        `${element.name}.${field.name} holds a number`,
        text(withChild({ ...childSample(), [field.name]: [1] })),
        false,
      );
      add(
        `${element.name}.${field.name} holds null`,
        text(withChild({ ...childSample(), [field.name]: [null] })),
        false,
      );
    }
  }

  // Names that mean something to JavaScript objects mean nothing here: ignored as unknown fields, kept as
  // attributes, accepted as ids.
  const magic = ['__proto__', 'constructor', 'prototype'];
  for (const word of magic) {
    const attributes = tree.attributes ? { [tree.attributes]: { [word]: { polluted: true } } } : {};
    add(`${word} as a key`, text(withChild({ ...childSample(), [word]: { polluted: true }, ...attributes })), true);
    add(`${word} as an id`, text(withChild({ ...childSample(), [tree.id]: word })), true);
    const a = withChild(childSample());
    add(`${word} as a key of the answer`, text({ ...a, [word]: { [tree.root]: null } }), true);
  }

  // Duplicate keys: Foundation keeps the first, kotlinx.serialization the last (and joins lists), JavaScript the
  // last; the bindings refuse them all, so every language agrees.
  const childText = text(childSample()).slice(0, -1);
  add(
    'a duplicate key in an element',
    text(withChild(childSample())).replace(childText, `${childText},${text(tree.id)}:"again"`),
    false,
    'duplicateKey',
  );
  add(
    'a duplicate key spelled with an escape',
    text(withChild(childSample())).replace(
      childText,
      `${childText},"${[...tree.id].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')}":"again"`,
    ),
    false,
    'duplicateKey',
  );
  add(
    'a duplicate list',
    text(withChild(childSample())).replace(
      `${text(tree.children)}:[`,
      `${text(tree.children)}:[],${text(tree.children)}:[`,
    ),
    false,
    'duplicateKey',
  );
  add('the same key in two objects', text(withChild({ ...childSample(), [tree.children]: [childSample()] })), true);
  if (tree.attributes) {
    add(
      'a duplicate attribute',
      text(withChild({ ...childSample(), [tree.attributes]: { a: 1 } })).replace('{"a":1}', '{"a":1,"a":2}'),
      false,
      'duplicateKey',
    );
  }

  // Lone surrogates: no Unicode text holds them; a well-formed pair is fine.
  const stringField = element.fields.find(
    (f) => !f.required && f.type.kind === 'primitive' && f.type.name === 'string',
  );
  if (!stringField) return { missing: `${element.name} has no optional string field for the long-string input` };
  const withString = (escaped: string) =>
    text(withChild({ ...childSample(), [stringField.name]: 'PLACEHOLDER' })).replace('PLACEHOLDER', escaped);
  add('a lone high surrogate', withString('\\ud800'), false, 'loneSurrogate');
  add('a lone low surrogate', withString('\\udc00'), false, 'loneSurrogate');
  add('a high surrogate before a letter', withString('\\ud800\\u0041'), false, 'loneSurrogate');
  add('a high surrogate at the end', withString('x\\uD800'), false, 'loneSurrogate');
  add(
    'a lone surrogate in a key',
    text(withChild(childSample())).replace(childText, `${childText},"\\udfff":1`),
    false,
    'loneSurrogate',
  );
  add('a surrogate pair', withString('\\ud83d\\ude00'), true);
  add('an escaped backslash before u', withString('\\\\ud800'), true);

  const answerText = text({ ...answerSample(), [tree.root]: 0 });
  const rootAt = answerText.lastIndexOf('0');
  const elementText = text({ ...required(element), [tree.id]: 'e' });
  return {
    cases,
    answerHead: answerText.slice(0, rootAt),
    answerTail: answerText.slice(rootAt + 1),
    elementHead: elementText.slice(0, -1),
    childrenOpen: `,${text(tree.children)}:[`,
    childrenClose: ']}',
    leaf: elementText,
    stringFieldOpen: `,${text(stringField.name)}:`,
  };
}

/** The JSON fragments the hostile tests build big inputs from, as string literals of the target language. */
export function hostileFragments(hostile: HostileInputs, literal: (text: string) => string): Record<string, string> {
  return {
    answerHead: literal(hostile.answerHead),
    answerTail: literal(hostile.answerTail),
    elementHead: literal(hostile.elementHead),
    childrenOpen: literal(hostile.childrenOpen),
    childrenClose: literal(hostile.childrenClose),
    leaf: literal(hostile.leaf),
    stringFieldOpen: literal(hostile.stringFieldOpen),
  };
}
