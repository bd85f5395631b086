import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { parseMarkdown } from '../../generator/read/markdown.js';
import { MUTATIONS, NAMES, pick } from '../fuzz/mutations.js';
import { SPEC } from '../helpers/spec.js';
import { randomFrom } from '../helpers/seeded.js';

// generator/read/markdown.ts reads a text that can hold no literal autolink without GFM's autolink syntax and
// transform: the tree must be the one remark-gfm gives, whatever else the text holds.
const gfm = unified().use(remarkParse).use(remarkGfm).freeze();
const links = (text: string) => JSON.stringify(parseMarkdown(text)).match(/"type":"link"/g)?.length ?? 0;
const FILES = ['rfcs/0001-element-model.md', 'reference/apple-roles.md', 'reference/external-types.md', 'process.md', 'README.md'];

describe('parseMarkdown', () => {
  it("gives remark-gfm's tree for every file of the live spec", async () => {
    for (const file of FILES) {
      const text = await readFile(join(SPEC, file), 'utf8');
      expect(parseMarkdown(text)).toEqual(gfm.parse(text));
    }
  });

  it("gives remark-gfm's tree where the autolink syntax would be tried and fail: words, emphasis, tables, code", () => {
    const texts = [
      'snake_case, _emphasis_, __strong__, a+b-c.d, x_y_z_, 1.2.3 and a.b.c_ end.',
      '*a*b **c**d ~~gone~~ ~one~ [^note] and w.ww h-ttp ht\\tp\n\n[^note]: A footnote_with_underscores.',
      '- [ ] a task\n- [x] done_\n\n1. one\n2. two_x',
      '| a_b | c.d |\n|:--|--:|\n| `x_y` | e\\|f |\n| g+h | -i- |',
      '[link](url "title") ![image](src) <scheme:y> [ref] [^n]\n\n[ref]: /dest_x',
      'trailing  \nbreak\\\nnext\n\n    code_block\n\n```js\nfenced_code\n```\n\n<!-- comment_x -->',
    ];
    for (const text of texts) {
      expect(text).not.toMatch(/[@&]|http|www/i);
      expect(parseMarkdown(text), text).toEqual(gfm.parse(text));
    }
  });

  it("gives remark-gfm's tree for the fuzzer's mutations of the live spec", async () => {
    const random = randomFrom(20261203);
    const texts = await Promise.all(FILES.slice(0, 2).map((file) => readFile(join(SPEC, file), 'utf8')));
    for (let i = 0; i < 24; i++) {
      const mutation = MUTATIONS[pick(NAMES, random)] as (text: string, r: () => number) => string;
      const text = mutation(pick(texts, random), random);
      expect(parseMarkdown(text)).toEqual(gfm.parse(text));
    }
  }, 60_000);

  it('still finds links in plain text: URLs in any case, www, email addresses, and @ spelled as a reference', () => {
    const texts = ['See https://example.org/a.', 'See HTTP://example.org.', 'See WwW.example.org.', 'Mail a.b@example.org.', 'Mail a&#64;example.org.', '| a | b |\n|---|---|\n| www.x.org | x@y.io |'];
    for (const text of texts) {
      expect(parseMarkdown(text), text).toEqual(gfm.parse(text));
      expect(links(text), text).toBeGreaterThan(0);
    }
  });
});
