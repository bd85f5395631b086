import { sentence, uncheckedNote } from '../../shared/text.js';
import { anchors } from '../entries.js';
import { withDeprecation } from '../deprecated.js';
import type { DocPage } from '../page.js';
import { exampleBlock } from './examples.js';
import { type DocExample, type Docs, cell, code, render } from '../site.js';

export function conformancePage(d: Docs, exs: DocExample[]): DocPage {
  const m = d.model;
  const path = 'conformance.md';
  const title = 'Conformance';
  const description = `The ${m.requirements.length} conformance requirements of protocol ${m.protocolVersion}, how each is checked, and the vectors that cover it.`;
  const view = {
    ...d.front(path, title, description, 6),
    title,
    requirements: m.requirements.map((r) => {
      const covered = d.vectors.filter((v) => v.covers.includes(r.id));
      const ex = exs.find((e) =>
        d.vectors.some(
          (v) =>
            `${v.name}.json` === e.file && v.covers.includes(r.id) && v.findings.some((f) => f.requirement === r.id),
        ),
      );
      const vector = ex ? d.vectors.find((v) => `${v.name}.json` === ex.file) : undefined;
      return {
        id: r.id,
        anchor: anchors.requirement(r.id),
        usedIn: d.usedIn(path, r.id),
        requirement: withDeprecation(cell(sentence(r.requirement)), r.deprecated, cell),
        check: cell(sentence(r.check)),
        implemented: r.rule !== null ? 'yes' : r.checkable ? 'not yet' : 'no',
        rule: r.rule ? code(r.rule) : '—',
        since: r.since,
        source: d.source(path, r.source),
        vectors: covered.length ? covered.map((v) => code(v.name)).join(', ') : '—',
        example: ex ? exampleBlock(ex) : null,
        findings: vector
          ? vector.findings.map((f) => ({
              severity: f.severity,
              requirement: f.requirement ?? '—',
              rule: code(f.rule),
              path: code(f.path || '/'),
              elementId: f.elementId === null ? '—' : code(f.elementId),
            }))
          : [],
      };
    }),
    checkable: m.requirements.filter((r) => r.checkable && r.rule !== null).length,
    // A requirement that says how to check it but names no rule is counted apart, not as one that cannot be checked.
    unchecked: uncheckedNote(
      m.requirements
        .filter((r) => r.checkable && r.rule === null)
        .map((r) => `[${r.id}](#${anchors.requirement(r.id)})`),
    ),
    vectorCount: d.vectors.length,
    versionField: code(m.tree.version),
    versionPath: code(`/${m.tree.version}`),
    versionsRead: d.context.versions.map((v) => code(v.protocolVersion)).join(', '),
    current: code(m.protocolVersion),
    versionVectors:
      d.vectors
        .filter((v) => v.findings.some((f) => f.rule === 'version'))
        .map((v) => code(v.name))
        .join(', ') || '—',
  };
  return { path, title, description, position: 6, markdown: render('conformance.md', view) };
}
