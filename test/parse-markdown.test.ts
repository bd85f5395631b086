import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { parseMarkdown } from '../generator/parse/markdown.js';
import { SPEC } from './helpers/spec.js';

// generator/parse/markdown.ts skips GFM's link-finding walks on a text where they can find nothing: the tree must
// be the one remark-gfm gives, on the live spec and on every way a text can hold a link to find.
const gfm = unified().use(remarkParse).use(remarkGfm).freeze();
const links = (text: string) => JSON.stringify(parseMarkdown(text)).match(/"type":"link"/g)?.length ?? 0;

describe('parseMarkdown', () => {
  it('gives remark-gfm\'s tree for every file of the live spec', async () => {
    for (const file of ['rfcs/0001-element-model.md', 'reference/apple-roles.md', 'reference/external-types.md', 'process.md', 'README.md']) {
      const text = await readFile(join(SPEC, file), 'utf8');
      expect(parseMarkdown(text)).toEqual(gfm.parse(text));
    }
  });

  it('still finds links in plain text: URLs in any case, www, email addresses, and @ spelled as a reference', () => {
    const texts = ['See https://example.org/a.', 'See HTTP://example.org.', 'See WwW.example.org.', 'Mail a.b@example.org.', 'Mail a&#64;example.org.', '| a | b |\n|---|---|\n| www.x.org | x@y.io |'];
    for (const text of texts) {
      expect(parseMarkdown(text), text).toEqual(gfm.parse(text));
      expect(links(text), text).toBeGreaterThan(0);
    }
    expect(links('No link: example.org, a.b at example, `x@y.org` in code.')).toBe(0);
  });
});
