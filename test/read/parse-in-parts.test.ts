import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitAtHeadings } from '../../generator/read/chunked.js';
import { parseMarkdown, parseMarkdownInParts } from '../../generator/read/markdown.js';
import { ROOT } from '../helpers/spec.js';

/** Every Markdown file the reader is given in the tests: the spec's, and every fixture's. */
function markdownFiles(): string[] {
  const dirs = ['spec', 'test/fixtures/revision-forms', 'test/fixtures/revisions', 'test/fixtures/diagnostics'];
  return dirs.flatMap((d) => readdirSync(join(ROOT, d), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.md')).map((f) => join(ROOT, d, f)));
}

describe('parsing a file part by part (read/chunked.ts) gives the tree of the whole parse', () => {
  it('on every spec and fixture file, positions and all', () => {
    const files = markdownFiles();
    expect(files.length).toBeGreaterThan(60);
    let split = 0;
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      if ((splitAtHeadings(text)?.length ?? 0) > 1) split++;
      expect(parseMarkdownInParts(text), file).toEqual(parseMarkdown(text));
    }
    // Not a vacuous comparison: most files are cut into parts.
    expect(split).toBeGreaterThan(files.length / 2);
  });

  it('where a heading-like line is not a heading: in a fence, an HTML comment, a list, with CRLF line ends', () => {
    const cases = [
      '# A\n\n```md\n# not a heading\n```\n\n## B\ntext\n',
      '# A\n<!--\n# inside a comment\n-->\n# B\n',
      '# A\n- item\n  # in the item\n# B\n',
      '# A\r\n\r\n| a | b |\r\n|---|---|\r\n| 1 | 2 |\r\n## B\r\n',
      '# A\n[x]: https://example.com\n# B\n[link][x]\n',
      '# A\n~~~\n# in a tilde fence\n```\n~~~\n# B\n',
      '# A\n> quote\n# B\n',
      '#\n# A\n####### seven\n# B',
    ];
    for (const text of cases) expect(parseMarkdownInParts(text), JSON.stringify(text)).toEqual(parseMarkdown(text));
  });

  it('on random texts made of the lines that matter', () => {
    const line = fc.constantFrom('# H', '## 4.1 The element', '```', '```json', '~~~', '<!-- c', '-->', '<!-- one -->', '', 'text', '| a | b |', '|---|---|', '| `x` | 1 |', '- item', '  # deep', '    ```', '> q', '[r]: /x', '\r');
    fc.assert(
      fc.property(fc.array(line, { maxLength: 30 }), (lines) => {
        const text = lines.join('\n');
        expect(parseMarkdownInParts(text)).toEqual(parseMarkdown(text));
      }),
      { numRuns: 400 },
    );
  });
});
