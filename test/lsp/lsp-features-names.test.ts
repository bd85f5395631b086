import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Hover, MarkupContent } from 'vscode-languageserver/node';
import { completion } from '../../generator/lsp/features/completion.js';
import { definition } from '../../generator/lsp/features/definition.js';
import { hover } from '../../generator/lsp/features/hover.js';
import { references } from '../../generator/lsp/features/references.js';
import type { SpecSnapshot } from '../../generator/lsp/snapshot.js';
import { lineOf, positionOf, snapshotOf } from '../helpers/lsp-features.js';
import { specWithFixture } from '../helpers/revision.js';
import { editFile, SPEC } from '../helpers/spec.js';

/**
 * Hover, go to definition and references (issue 40, item 3), called as the server calls them, on the real spec and
 * on revision-forms fixtures; every expectation is written from the spec's text by hand.
 */
const RFC1 = 'spec/rfcs/0001-element-model.md';
const RFC2 = (name: string) => `spec/rfcs/${name}`;
const FIXTURES = join(import.meta.dirname, '../fixtures/revision-forms');
const text = (h: Hover | null) => (h?.contents as MarkupContent | undefined)?.value ?? '';
/** Each location as "file:line text-it-covers", line from 1 as an editor shows it. */
const covered = (s: SpecSnapshot, locs: { uri: string; range: { start: { line: number; character: number }; end: { character: number } } }[]) =>
  locs.map((l) => {
    const file = `spec/${decodeURIComponent(l.uri).split('/spec/')[1]}`;
    return `${file.split('/').pop()}:${l.range.start.line + 1} ${lineOf(s, file, l.range.start.line).slice(l.range.start.character, l.range.end.character)}`;
  });

describe('on the real spec', () => {
  let s: SpecSnapshot;
  beforeAll(async () => {
    s = await snapshotOf(SPEC);
  });

  it('hover on a field row gives its type, whether required, its meaning, and the RFC and version that made it', () => {
    const h = hover(s, RFC1, positionOf(s, RFC1, '| `visible` |', 4));
    expect(text(h)).toContain('field `Element.visible`: `boolean`, required: no');
    expect(text(h)).toContain('Drawn on screen now. Absent means the parent\'s value; the root is visible');
    expect(text(h)).toContain('Introduced in 0.2.0 by RFC-0001');
    // The range is the name, not the cell's pipes.
    expect(h?.range && lineOf(s, RFC1, h.range.start.line).slice(h.range.start.character, h.range.end.character)).toBe('visible');
  });

  it('hover on a name in prose gives every kind it has: the role first, then the Apple role of the same name', () => {
    const h = text(hover(s, RFC1, positionOf(s, RFC1, 'uses `Group`', 7)));
    expect(h.startsWith('role `Group` (Containers)')).toBe(true);
    expect(h).toContain("Also covers Apple's `SplitGroup`, `ScrollArea`, `LayoutArea`, `LayoutItem`");
    expect(h).toContain('Apple role `Group` (`AXGroup`, `kAXGroupRole`): becomes role `Group`');
  });

  it('hover on a requirement id (a bare cell), an operation, a type and a checker rule', () => {
    expect(text(hover(s, RFC1, positionOf(s, RFC1, '| R4 |', 3)))).toContain("requirement R4, checked by `unique-id`\n\nEach element's `id` is unique within an answer");
    expect(text(hover(s, RFC1, positionOf(s, RFC1, '| `locate` |', 4)))).toContain('operation `locate`: takes `string`, returns —');
    expect(text(hover(s, RFC1, positionOf(s, RFC1, '| `Related` |', 4)))).toContain('type `Related` (record)\n\nA link that is not containment');
    expect(text(hover(s, RFC1, positionOf(s, RFC1, '`unique-id`', 2)))).toBe('checker rule `unique-id`: No two elements share an id');
  });

  it("hover on a status gives process.md's row for it", () => {
    const h = text(hover(s, RFC1, positionOf(s, RFC1, '| Status | Accepted |', 12)));
    expect(h).toBe('status Accepted\n\nCounted: yes\n\nOpen: no\n\nMeaning: Decided; the change is part of the protocol\n\nDefined in spec/process.md');
  });

  it('hover on a name 0.1 had and RFC-0001 removed says so, with what replaced it', () => {
    const h = text(hover(s, RFC1, positionOf(s, RFC1, '| `payload` |', 4)));
    expect(h).toBe('Removed from `Element` in 0.2.0 (RFC-0001); replaced by `attributes`');
  });

  it('hover on a word that names nothing, or outside any name, gives nothing', () => {
    expect(hover(s, RFC1, positionOf(s, RFC1, 'Everything a provider', 3))).toBeNull();
    expect(hover(s, RFC1, positionOf(s, RFC1, '`current` returns `{ protocol, instance, root }`', 22))).toBeNull();
  });

  it('definition goes from a name in prose to the row of the role language, and to Apple\'s table', () => {
    const d = definition(s, RFC1, positionOf(s, RFC1, 'a `Row` with', 4));
    expect(covered(s, d)).toEqual(['apple-roles.md:31 Row', '0001-element-model.md:137 Row']);
    expect(lineOf(s, RFC1, 136)).toBe('| Entries | `Row`, `Cell` |');
  });

  it('a list type names its item type: hover and definition on `ContentBlock[]` go to ContentBlock', () => {
    const at = positionOf(s, RFC1, '| `content` | `ContentBlock[]`', 16);
    const h = hover(s, RFC1, at);
    expect(text(h)).toContain('type `ContentBlock` (external)\n\nMCP content blocks, unchanged from 0.1');
    expect(h?.range && lineOf(s, RFC1, h.range.start.line).slice(h.range.start.character, h.range.end.character)).toBe('ContentBlock');
    expect(covered(s, definition(s, RFC1, at))).toEqual(['0001-element-model.md:82 ContentBlock']);
  });

  it('definition of a field name gives the row of each record that has it', () => {
    const d = definition(s, RFC1, positionOf(s, RFC1, "Another element's `id`", 19));
    expect(covered(s, d).map((x) => x.split(' ')[0])).toEqual(['0001-element-model.md:95', '0001-element-model.md:207']);
  });

  it('references give every row and code span naming a role, with and without its defining row', () => {
    const at = positionOf(s, RFC1, '| `Document` | no |', 4);
    const all = covered(s, references(s, RFC1, at));
    expect(all).toEqual([
      // Document is this protocol's own role: Apple's table has no row for it.
      '0001-element-model.md:22 Document',
      '0001-element-model.md:140 Document',
      '0001-element-model.md:143 Document',
      '0001-element-model.md:159 Document',
      '0001-element-model.md:166 Document',
    ]);
    expect(covered(s, references(s, RFC1, at, false))).toEqual(all.filter((x) => !x.startsWith('0001-element-model.md:140')));
  });
});

describe('on revision-forms fixtures', () => {
  const made: { dispose: () => Promise<void> }[] = [];
  afterAll(async () => {
    for (const m of made) await m.dispose();
  });
  const fixture = async (name: string, edit?: (spec: string) => Promise<void>) => {
    const f = await specWithFixture(join(FIXTURES, name));
    made.push(f);
    if (edit) await edit(f.spec);
    return snapshotOf(f.spec, f.out);
  };

  it('deprecate-names: hover says when a field, role and requirement were deprecated and what to use instead', async () => {
    const s = await fixture('deprecate-names');
    const file = RFC2('0002-deprecations.md');
    const url = text(hover(s, RFC1, positionOf(s, RFC1, '| `url` |', 4)));
    expect(url).toContain('field `Element.url`: `string`, required: no');
    expect(url).toContain('Introduced in 0.2.0 by RFC-0001; restated by RFC-0002');
    expect(url).toContain('Deprecated in 0.2.1 (RFC-0002); use instead `attributes`');
    expect(text(hover(s, file, positionOf(s, file, '| `Cell` |', 4)))).toContain('Deprecated in 0.2.1 (RFC-0002); use instead `Text`');
    expect(text(hover(s, file, positionOf(s, file, '| `R7` |', 4)))).toContain('Deprecated in 0.2.1 (RFC-0002); use instead `R1`, read the whole tree');
    // Definition from the later RFC's restated row goes to both rows of Element's url, the first RFC's first, and
    // not to Related's url; from a name in prose, to every record's.
    expect(covered(s, definition(s, file, positionOf(s, file, '| `url` | `string`', 4)))).toEqual(['0001-element-model.md:100 url', '0002-deprecations.md:19 url']);
    expect(covered(s, definition(s, RFC1, positionOf(s, RFC1, 'gives `id` or `url`', 16)))).toEqual(['0001-element-model.md:100 url', '0001-element-model.md:208 url', '0002-deprecations.md:19 url']);
  });

  it('rename-role-with-alias: the removed role reads as its new name', async () => {
    const s = await fixture('rename-role-with-alias');
    const file = RFC2('0002-page-is-document.md');
    const page = text(hover(s, file, positionOf(s, file, '| `Page` | `Role` | `Document` |', 4)));
    expect(page).toContain('Removed from `Role` in 0.3.0 (RFC-0002); replaced by `Document`');
    expect(text(hover(s, file, positionOf(s, file, '| `Document` | `WebArea`', 4)))).toContain('Reads `Page` as this role (removed in 0.3.0)');
  });

  it('enum-field: an enum value and the enum, with the version and RFC that made them', async () => {
    const s = await fixture('enum-field');
    const file = RFC2('0002-orientation.md');
    const value = text(hover(s, file, positionOf(s, file, '| `vertical` |', 4)));
    expect(value).toBe('value `vertical` of `Orientation`\n\nOne above the other, top first\n\nIntroduced in 0.2.1 by RFC-0002');
    const field = text(hover(s, file, positionOf(s, file, '| `orientation` | `Orientation`', 20)));
    expect(field).toContain('type `Orientation` (enum)\n\nWhich way a container lays out its children\n\nIntroduced in 0.2.1 by RFC-0002');
    // A completion of the new field's Type offers the enum the RFC defines.
    expect(completion(s, file, positionOf(s, file, '| `orientation` | `Orientation`', 20)).map((i) => i.label)).toContain('Orientation');
  });

  it('while the spec has an error, hover answers from the last model that built, and says so', async () => {
    const good = await fixture('deprecate-names');
    hover(good, RFC1, positionOf(good, RFC1, '| `url` |', 4));
    const before = await snapshotOf(good.specDir);
    await editFile(join(good.specDir, 'rfcs/0002-deprecations.md'), (t) => t.replace('| `url` | `string` |', '| `url` | `strng` |'));
    const typed = await snapshotOf(good.specDir);
    expect(before.assembled.model).not.toBeNull();
    expect(typed.assembled.model).toBeNull();
    const h = text(hover(typed, RFC1, positionOf(typed, RFC1, '| `url` |', 4)));
    expect(h).toContain('field `Element.url`: `string`');
    expect(h).toContain('_As of the last spec that built: the spec has errors now._');
  });
});
