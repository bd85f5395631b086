import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { KOTLIN_NAMING, KOTLIN_RESERVED_TYPE_NAMES } from '../../generator/emit/kotlin/naming.js';
import { Names, inCase, roleCase, words } from '../../generator/emit/kit/naming.js';
import { READER_WORDS, readerNames } from '../../generator/emit/kit/vocabulary.js';
import { PYTHON_NAMING } from '../../generator/emit/python/naming.js';
import { SWIFT_NAMING, swiftNames } from '../../generator/emit/swift/naming.js';
import { emitTarget } from '../../generator/emit/index.js';
import { withExpectations } from '../helpers/binding-expectations.js';
import { sdk } from '../helpers/sdk.js';
import { GENERATED, realModel } from '../helpers/spec.js';

describe('the code-target kit: names', () => {
  it('splits a name into words one way for every language', () => {
    expect(words('resource_link')).toEqual(['resource', 'link']);
    expect(words('lastModified')).toEqual(['last', 'Modified']);
    expect(words('_meta')).toEqual(['meta']);
    expect(words('URLValue')).toEqual(['URL', 'Value']);
    expect(words('two words')).toEqual(['two', 'words']);
  });

  it('joins the words in each case, legal where the words are not', () => {
    expect(['UpperCamel', 'lowerCamel', 'UpperCamelKeeping', 'lowerCamelKeeping', 'snake_case', 'SCREAMING_SNAKE'].map((c) => inCase('mimeType URL', c as never))).toEqual([
      'MimeTypeUrl', 'mimeTypeUrl', 'MimeTypeUrl', 'mimeTypeUrl', 'mime_type_url', 'MIME_TYPE_URL',
    ]);
    expect(inCase('McpRole', 'UpperCamelKeeping')).toBe('McpRole');
    expect(inCase('2d view', 'lowerCamel')).toBe('_2dView');
    expect(inCase('__', 'UpperCamel')).toBe('Unnamed');
    expect(swiftNames().type('window furniture')).toBe('WindowFurniture');
    expect(swiftNames().member('Application')).toBe('application');
  });

  it("keeps each language's names clear of its keywords and reserved names", () => {
    const kotlin = new Names(KOTLIN_NAMING);
    expect([kotlin.type('List'), kotlin.type('list item'), kotlin.member('class'), kotlin.member('_meta'), kotlin.constant('two words')]).toEqual([
      'ListType', 'ListItem', '`class`', 'meta', 'TWO_WORDS',
    ]);
    const python = new Names(PYTHON_NAMING);
    expect([python.type('Finding'), python.member('mimeType'), python.member('from'), python.member('json'), python.enumCase('Application')]).toEqual([
      'Finding_', 'mime_type', 'from_', 'json_', 'APPLICATION',
    ]);
  });
});

describe('the code-target kit: one vocabulary for the reader', () => {
  it('names the same ideas with the same words in each language, in its own cases', () => {
    expect(readerNames(SWIFT_NAMING)).toEqual({ effectiveState: 'EffectiveState', effectiveElement: 'EffectiveElement', effectiveElements: 'effectiveElements', focusPath: 'focusPath' });
    expect(readerNames(KOTLIN_NAMING)).toEqual(readerNames(SWIFT_NAMING));
    expect(readerNames(PYTHON_NAMING)).toEqual({ effectiveState: 'EffectiveState', effectiveElement: 'EffectiveElement', effectiveElements: 'effective_elements', focusPath: 'focus_path' });
  });

  it("holds the TypeScript runtime, written by hand, to the same names", async () => {
    const lib = (await sdk()) as unknown as Record<string, unknown>;
    const names = readerNames({ types: 'UpperCamel', members: 'lowerCamel' });
    for (const [key, { kind }] of Object.entries(READER_WORDS)) {
      const name = names[key as keyof typeof names];
      // Types leave nothing at run time; the functions must be exported under their names.
      if (kind === 'function') expect(typeof lib[name], name).toBe('function');
    }
    const declarations = readFileSync(join(GENERATED, 'typescript/src/runtime/state.ts'), 'utf8');
    for (const [key, { kind }] of Object.entries(READER_WORDS)) {
      const name = names[key as keyof typeof names];
      expect(declarations, name).toMatch(new RegExp(kind === 'type' ? `export (type|interface) ${name}\\b` : `export function ${name}\\(`));
    }
  });

  it("never gives a Kotlin role a name that shadows one of Kotlin's types or the module's own", () => {
    const kotlin = new Names(KOTLIN_NAMING);
    expect(roleCase(kotlin, 'List')).toBe('ListRole');
    expect(roleCase(kotlin, 'Map')).toBe('MapRole');
    expect(roleCase(kotlin, 'Window')).toBe('Window');
    for (const reserved of KOTLIN_RESERVED_TYPE_NAMES) expect(roleCase(kotlin, reserved), reserved).not.toBe(reserved);
  });
});

const BINDINGS = await withExpectations();

describe('the code targets report what a model lacks instead of throwing', () => {
  // Each binding whose emitter builds records from the tree (test/bindings/<name>/expectations.ts's `reportsMissingRecord`).
  const reporting = BINDINGS.filter(([, , expected]) => expected.reportsMissingRecord);
  it('holds the kit\'s record emitters to it: some bindings have one', () => expect(reporting.length).toBeGreaterThan(0));

  it.for(reporting)('%s gives emitter diagnostics for a model whose tree names no record', async ([, b]) => {
    const model = await realModel();
    const broken = { ...model, tree: { ...model.tree, node: `${model.tree.node}Missing` } };
    const result = await emitTarget(b.name, broken, { regenerate: 'npm run generate', versions: [broken] });
    expect(result.files).toEqual([]);
    expect(result.diagnostics.length).toBeGreaterThan(0);
    expect(result.diagnostics.every((d) => d.ruleId === 'emitter')).toBe(true);
  });
});
