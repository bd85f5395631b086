import { describe, expect, it } from 'vitest';
import { KOTLIN_NAMING } from '../generator/emit/kotlin/naming.js';
import { Names, inCase, words } from '../generator/emit/kit/naming.js';
import { PYTHON_NAMING } from '../generator/emit/python/naming.js';
import { swiftNames } from '../generator/emit/swift/naming.js';

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

describe('the code targets report what a model lacks instead of throwing', () => {
  it('Swift, Kotlin and Python give emitter diagnostics for a model whose tree names no record', async () => {
    const { realModel } = await import('./helpers/spec.js');
    const { emitSwift } = await import('../generator/emit/swift/index.js');
    const { emitKotlin } = await import('../generator/emit/kotlin/index.js');
    const { emitPython } = await import('../generator/emit/python/index.js');
    const model = await realModel();
    const broken = { ...model, tree: { ...model.tree, node: `${model.tree.node}Missing` } };
    const settings = { regenerate: 'npm run generate', versions: [broken] };
    for (const result of [emitSwift(broken, settings, []), emitKotlin(broken, settings, []), emitPython(broken, { ...settings, needed: () => Promise.reject(new Error('none')) })]) {
      expect(result.files).toEqual([]);
      expect(result.diagnostics.length).toBeGreaterThan(0);
      expect(result.diagnostics.every((d) => d.ruleId === 'emitter')).toBe(true);
    }
  });
});
