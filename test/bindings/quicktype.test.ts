/**
 * Our Swift and Kotlin bindings against quicktype-core's, measured (test/quicktype/compare.ts). Builds six packages
 * (ours, quicktype from the lenient schema, quicktype from the strict schema, in each language), so it is slow.
 * `npm run compare-quicktype` runs only this file and rewrites docs/bindings-vs-quicktype.md from what it measured.
 */
import { writeFile } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import {
  DOC,
  cases,
  compareLanguage,
  project,
  schemaFields,
  score,
  renderMarkdown,
  saveResult,
  type Contender,
  type Language,
  type LanguageResult,
  type Outcome,
} from '../quicktype/compare.js';
import { type Skippable, mavenMissing, requireTool, swiftMissing } from '../helpers/toolchain.js';

const WRITE_DOC = process.env.ELEMENT_WRITE_COMPARISON === '1';
const measured: LanguageResult[] = [];

function scoresOf(result: LanguageResult, contender: Contender) {
  const found = result.results.find((r) => r.contender === contender);
  if (!found) throw new Error(`no ${contender} result`);
  return found;
}

function checkLanguage(language: Language, missing: () => string | null) {
  return async (ctx: Skippable) => {
    requireTool(ctx, missing());
    const result = await compareLanguage(language);
    measured.push(result);
    console.log(`${language}: results in ${await saveResult(result)}`);

    // Ours meets the bar on every row.
    const ours = scoresOf(result, 'ours');
    if (!ours.built || ours.log) console.error(ours.log);
    expect(ours.built, `our ${language} package builds`).toBe(true);
    expect(ours.scores.vectors.detail.mismatches, 'vectors not decoded as expected').toEqual([]);
    expect(ours.scores.vectors.detail.total).toBeGreaterThan(0);
    expect(ours.scores.unknownRole.pass, ours.scores.unknownRole.text).toBe(true);
    expect(ours.scores.content.pass, ours.scores.content.text).toBe(true);
    expect(ours.scores.attributes.pass, ours.scores.attributes.text).toBe(true);
    expect(ours.scores.roundTrip.detail.unequal, 'vectors whose round trip differs').toEqual([]);

    // quicktype's shortcomings, as measured. Both of its packages must build and run, or the comparison says nothing.
    const lenient = scoresOf(result, 'quicktype');
    const strict = scoresOf(result, 'quicktype-strict');
    for (const q of [lenient, strict]) {
      if (!q.built || q.log) console.error(q.log);
      expect(q.built, `quicktype's ${language} (${q.contender}) builds`).toBe(true);
      expect(q.outcomes.filter((o) => o.error === 'no result (the harness did not run)'), `quicktype's ${language} harness ran`).toEqual([]);
    }
    // From the lenient schema: the content union is flattened into one record, and unknown attribute keys are lost.
    expect(lenient.scores.content.detail.rejectsIncompleteBlock, lenient.scores.content.text).toBe(false);
    expect(lenient.scores.attributes.pass, lenient.scores.attributes.text).toBe(false);
    // From the strict schema: its closed role enum does not take a role it does not know.
    expect(strict.scores.unknownRole.pass, strict.scores.unknownRole.text).toBe(false);
    expect(strict.scores.vectors.detail.mismatches, 'quicktype (strict) rejects the unknown-role vector').toContain('unknown-role');
    // In Kotlin, the `Json` quicktype's header prescribes has no `ignoreUnknownKeys`: an unknown field fails the
    // decode. (quicktype's Swift ignores unknown fields; ours keeps them and encodes them back.)
    if (language === 'kotlin') {
      expect(lenient.scores.vectors.detail.mismatches, 'quicktype (lenient) fails on an unknown field').toContain('unknown-field');
    }
  };
}

describe('our bindings against quicktype-core', () => {
  afterAll(async () => {
    if (!WRITE_DOC || measured.length === 0) return;
    const order: Language[] = ['swift', 'kotlin'];
    measured.sort((a, b) => order.indexOf(a.language) - order.indexOf(b.language));
    await writeFile(DOC, `${renderMarkdown(measured)}\n`);
    console.log(`wrote ${DOC}`);
  });

  it('the judging passes a perfect receiver and fails one that loses what it should keep', async () => {
    const all = await cases();
    const fields = await schemaFields();
    const perfect: Outcome[] = all.map((c) => ({ name: c.name, decoded: c.decodes, ...(c.decodes ? { encoded: c.input } : {}) }));
    const good = score(all, perfect, fields);
    for (const check of Object.values(good)) expect(check.pass, check.text).toBe(true);

    // Decodes everything, re-encodes unknown roles as Group, drops unknown attribute keys.
    const lossy: Outcome[] = perfect.map((o) => {
      if (!o.decoded) return { name: o.name, decoded: true, encoded: {} };
      const text = JSON.stringify(o.encoded).replace(/"role":"SystemWide"/g, '"role":"Group"').replace(/,"vendorKey":\{"x":1\}/g, '');
      return { ...o, encoded: JSON.parse(text) as unknown };
    });
    const bad = score(all, lossy, fields);
    // One that drops the fields the schema does not declare, and nothing else, fails the round trip too.
    const dropping = perfect.map((o) => (o.decoded ? { ...o, encoded: project(all.find((c) => c.name === o.name)?.input, fields) } : o));
    expect(score(all, dropping, fields).roundTrip.pass).toBe(false);
    expect(bad.vectors.pass).toBe(false);
    expect(bad.unknownRole.pass).toBe(false);
    expect(bad.content.detail.rejectsIncompleteBlock).toBe(false);
    expect(bad.attributes.pass).toBe(false);
    expect(bad.roundTrip.pass).toBe(false);
  });

  it('Swift: ours meets every check, quicktype shows its shortcomings', { timeout: 30 * 60_000 }, checkLanguage('swift', swiftMissing));
  it('Kotlin: ours meets every check, quicktype shows its shortcomings', { timeout: 30 * 60_000 }, checkLanguage('kotlin', mavenMissing));
});
