import type { Diagnostics, Place } from '../diagnostics/report.js';
import { TABLE_SIGNATURES, type TableKind, classifyTable, misspeltHeader } from './signatures.js';
import type { ExternalDeclarationRow, FieldRow, RfcDraft, SectionTable, TypeRow } from './rfc-draft.js';
import { readTable } from './rfc-rows.js';
import { type SpecDocument, reportWideRows } from './tables.js';

export type { ExternalDeclarationRow, FieldRow, RfcDraft, SectionTable, TypeRow };

const RFC_FILE = /^(\d{4})-[a-z0-9]+(?:-[a-z0-9]+)*\.md$/;
const RFC_TITLE = /^RFC-(\d{4}):\s*(.+)$/;

/**
 * Where in the file JSON.parse stopped ("... at position N"): the code starts on the line after the fence, and each
 * of its lines is indented as the fence is (inside a list item, say), which the parsed text leaves out.
 */
function placeInExample(example: { text: string; place: Place }, message: string): Place {
  const at = /position (\d+)/.exec(message);
  if (!at?.[1]) return example.place;
  const lines = example.text.slice(0, Number(at[1])).split('\n');
  return {
    file: example.place.file,
    line: example.place.line + lines.length,
    column: example.place.column + (lines.at(-1) ?? '').length,
  };
}

/** Reads every table of one RFC into a draft; problems go to `diagnostics`, and the draft keeps what was readable. */
export function extractRfc(doc: SpecDocument, baseName: string, diagnostics: Diagnostics): RfcDraft | null {
  const filePlace = { file: doc.file, line: 1, column: 1 };
  const fileMatch = RFC_FILE.exec(baseName);
  if (!fileMatch?.[1]) {
    diagnostics.error('bad-rfc-file', filePlace, 'An RFC file name must be NNNN-words.md', baseName);
    return null;
  }
  const titleMatch = doc.title ? RFC_TITLE.exec(doc.title.text) : null;
  if (!doc.title || !titleMatch?.[1] || !titleMatch[2]) {
    diagnostics.error(
      'bad-rfc-file',
      doc.title?.place ?? filePlace,
      'The RFC has no "# RFC-NNNN: Title" heading',
      doc.title?.text,
    );
    return null;
  }
  if (titleMatch[1] !== fileMatch[1]) {
    diagnostics.error(
      'bad-rfc-file',
      doc.title.place,
      `The title's number does not match the file name ${baseName}`,
      doc.title.text,
    );
  }
  const draft: RfcDraft = {
    id: `RFC-${titleMatch[1]}`,
    number: Number(titleMatch[1]),
    title: titleMatch[2],
    summary: doc.summary,
    file: doc.file,
    place: doc.title.place,
    metadata: new Map(),
    hasMetadataTable: false,
    types: [],
    fieldTables: [],
    stateTables: [],
    removed: [],
    deprecated: [],
    roleKinds: [],
    appleNames: [],
    covers: [],
    roleRules: [],
    notReported: [],
    attributeTables: [],
    valueTables: [],
    operations: [],
    versioning: [],
    versionField: null,
    requirements: [],
    examples: [],
    privacy: [],
    follows: [],
    sections: doc.sections.flatMap((s) => (s.number ? [{ number: s.number, title: s.title, line: s.place.line }] : [])),
    body: doc.body,
  };
  for (const example of doc.examples) {
    try {
      draft.examples.push({
        value: JSON.parse(example.text) as unknown,
        section: example.section?.number ?? null,
        place: example.place,
      });
    } catch (error) {
      // JSON.parse's wording differs between Node versions, so the message is ours and the place is exact.
      diagnostics.error(
        'bad-example',
        placeInExample(example, (error as Error).message),
        'The json example does not parse',
        (error as Error).message,
      );
    }
  }
  for (const table of doc.tables) {
    const classified = classifyTable(table.header);
    if (classified.kind === 'prose') continue;
    let kind: TableKind;
    if (classified.kind === 'malformed') {
      const expected = TABLE_SIGNATURES[classified.expected].join(' | ');
      diagnostics.error(
        'table-columns',
        table.place,
        `This table's columns should be: ${expected}`,
        table.header.join(' | '),
      );
      // A slip in a header is one finding: with as many columns as it should have, the rows are read as meant, so
      // the tables that name them are not reported as well (missing tables, unknown roles and types).
      if (!misspeltHeader(table.header, classified.expected)) continue;
      kind = classified.expected;
    } else kind = classified.kind;
    if (kind === 'metadata') draft.hasMetadataTable = true;
    reportWideRows(table, diagnostics);
    readTable(draft, kind, table, diagnostics);
  }
  if (!draft.hasMetadataTable) {
    diagnostics.error(
      'missing-table',
      doc.title.place,
      'The RFC has no metadata table (Field | Value) under its title',
    );
  }
  return draft;
}
