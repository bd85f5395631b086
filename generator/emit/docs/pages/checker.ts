import { FINDINGS } from '../../kit/findings.js';
import type { DocPage } from '../page.js';
import { type Docs, cell, code, render } from '../site.js';

export function checkerPage(d: Docs): DocPage {
  const path = 'checker.md';
  const title = 'Answer checker';
  const description = `Check an answer of protocol ${d.model.protocolVersion} in the browser: its verdict, its findings and its tree.`;
  // The findings catalogue, so that the site shows every finding a checker can give, in the words it gives them.
  const findings = FINDINGS.map((f) => ({
    id: code(f.id),
    rule: code(f.rule),
    severity: f.severity,
    message: cell(code(f.message)),
  }));
  const view = { ...d.front(path, title, description, 10), title, version: d.model.protocolVersion, findings };
  return { path, title, description, position: 10, markdown: render('checker.md', view) };
}
