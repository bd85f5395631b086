import { metadataVocabulary } from 'ajv/dist/vocabularies/metadata.js';
import { posix } from 'node:path';
import { sentence } from '../../shared/text.js';
import { anchors } from '../entries.js';
import { checkOnlyRequirements } from '../check-only.js';
import type { DocPage } from '../page.js';
import { type Docs, type PublishedFile, cell, code, link, render } from '../site.js';

export function schemasPage(d: Docs): DocPage {
  const path = 'schemas.md';
  const title = 'JSON Schemas';
  const description = `The answer's JSON Schemas of protocol ${d.model.protocolVersion}, strict and lenient, and what the strict one refuses.`;
  const { strict, lenient } = d.schemas();
  const titleOf = (f: PublishedFile) => String((JSON.parse(f.contents) as { title?: unknown }).title ?? f.path);
  const view = {
    ...d.front(path, title, description, 11),
    title,
    version: d.model.protocolVersion,
    typesLink: 'element.md',
    current: [
      ...(strict
        ? [
            {
              title: cell(titleOf(strict)),
              for: 'What a provider sends',
              file: code(posix.basename(strict.path)),
              href: `/${strict.path}`,
            },
          ]
        : []),
      ...(lenient
        ? [
            {
              title: cell(titleOf(lenient)),
              for: 'What a receiver reads',
              file: code(posix.basename(lenient.path)),
              href: `/${lenient.path}`,
            },
          ]
        : []),
    ],
    refusals: strict && lenient ? schemaDifferences(JSON.parse(strict.contents), JSON.parse(lenient.contents)) : [],
    outputSchema: lenient ? code(posix.basename(lenient.path)) : null,
    fallbackRole: code(d.model.roleRules.unknown),
    checkOnly: checkOnlyRequirements(d.model, d.vectors).map((r) => ({
      id: r.id,
      href: link(path, 'conformance.md', anchors.requirement(r.id)),
      requirement: cell(sentence(r.requirement)),
      rule: code(r.rule ?? ''),
    })),
    versions: [...d.context.versions].reverse().map((v) => {
      const own = d.schemas(v.protocolVersion);
      return {
        version: v.protocolVersion,
        files: [
          own.strict && { label: 'strict', href: `/${own.strict.path}` },
          own.lenient && { label: 'lenient', href: `/${own.lenient.path}` },
        ].filter(Boolean),
      };
    }),
  };
  return { path, title, description, position: 11, markdown: render('schemas.md', view) };
}

/** A JSON value in one table cell: compact, cut at 160 characters. */
function jsonCell(value: unknown): string {
  if (value === undefined) return '—';
  const text = JSON.stringify(value);
  return cell(code(text.length > 160 ? `${text.slice(0, 157)}...` : text));
}

/** Every keyword where the strict schema differs from the lenient one, by its JSON Pointer; titles and ids aside. */
export function schemaDifferences(
  strict: unknown,
  lenient: unknown,
  where = '',
): { where: string; strict: string; lenient: string }[] {
  const isObject = (v: unknown): v is Record<string, unknown> =>
    typeof v === 'object' && v !== null && !Array.isArray(v);
  if (!isObject(strict) || !isObject(lenient)) {
    return JSON.stringify(strict) === JSON.stringify(lenient)
      ? []
      : [{ where: code(where || '/'), strict: jsonCell(strict), lenient: jsonCell(lenient) }];
  }
  // JSON Schema's meta-data keywords and ids say nothing an answer is checked against.
  const words = new Set([...metadataVocabulary.filter((k): k is string => typeof k === 'string'), '$id', '$comment']);
  const keys = [...new Set([...Object.keys(strict), ...Object.keys(lenient)])].filter((k) => !words.has(k));
  return keys.flatMap((k) =>
    schemaDifferences(strict[k], lenient[k], `${where}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`),
  );
}
