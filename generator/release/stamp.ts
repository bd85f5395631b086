/**
 * An RFC's text with its metadata table's Released in cell set to `<version> (<date>)`, and nothing else changed: the
 * cell keeps its padding, so the file's diff is one cell. An RFC without the row gets one, at the end of its metadata
 * table (the first table after the title). Null when it has no metadata table.
 */
export function stampReleased(text: string, version: string, date: string): string | null {
  const lines = text.split('\n');
  const index = lines.findIndex((line) => /^\s*\|\s*Released in\s*\|/i.test(line));
  if (index < 0) {
    const start = lines.findIndex((line) => line.trimStart().startsWith('|'));
    if (start < 0) return null;
    let end = start;
    while (lines[end + 1]?.trimStart().startsWith('|')) end += 1;
    lines.splice(end + 1, 0, `| Released in | ${version} (${date}) |`);
    return lines.join('\n');
  }
  const line = lines[index] ?? '';
  const cells = line.split('|');
  // ['', ' Released in ', ' — ', ''] for `| Released in | — |`.
  const value = cells[2];
  if (value === undefined) return null;
  const lead = /^\s*/.exec(value)?.[0] ?? ' ';
  const stamped = `${version} (${date})`;
  const trail =
    value.length - lead.length > stamped.length ? ' '.repeat(value.length - lead.length - stamped.length) : ' ';
  cells[2] = `${lead}${stamped}${trail}`;
  lines[index] = cells.join('|');
  return lines.join('\n');
}

/** CHANGELOG.md with a release's notes on top, under the file's title. */
export function prependChangelog(existing: string | null, notes: string): string {
  const title =
    '# Changelog\n\nEvery released version of the protocol, newest first, as `element-spec release` wrote it.\n';
  const rest =
    existing === null
      ? ''
      : existing.startsWith('# Changelog')
        ? existing.slice(existing.indexOf('\n## ') + 1 || existing.length)
        : existing;
  return `${title}\n${notes}${rest ? `\n${rest}` : ''}`.replace(/\n{3,}/g, '\n\n');
}
