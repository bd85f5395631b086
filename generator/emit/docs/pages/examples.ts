import { sentence } from '../../shared/text.js';
import type { DocExample, Docs } from '../site.js';

export function examples(d: Docs): DocExample[] {
  const out: DocExample[] = [];
  d.model.examples.forEach((ex, i) => {
    const name = `${ex.source.document}-${ex.source.section ?? String(i)}`.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    out.push({
      file: `${name}.json`,
      caption: `The example of ${ex.source.document}${ex.source.section ? ` §${ex.source.section}` : ''}`,
      schema: 'strict',
      value: ex.value,
      json: `${JSON.stringify(ex.value, null, 2)}\n`,
    });
  });
  for (const r of d.model.requirements) {
    const v = d.vectors.find(
      (x) => x.decodes && x.covers.includes(r.id) && x.findings.some((f) => f.requirement === r.id),
    );
    if (!v || out.some((e) => e.file === `${v.name}.json`)) continue;
    out.push({
      file: `${v.name}.json`,
      caption: sentence(v.description),
      schema: v.strictValid ? 'strict' : 'lenient',
      value: v.input,
      json: `${JSON.stringify(v.input, null, 2)}\n`,
    });
  }
  return out;
}

export function exampleBlock(ex: DocExample) {
  return { caption: ex.caption, file: `examples/${ex.file}`, json: ex.json.trimEnd() };
}

// ---------------------------------------------------------------------------------------------------------------
// Pages.
