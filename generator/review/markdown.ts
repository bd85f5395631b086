import type { ReviewItem } from './items.js';

/** A cell's text: a pipe would end the cell and a line break the row. */
const cell = (text: string) => text.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
const where = (item: ReviewItem) =>
  item.place ? `\`${item.place.file}:${item.place.line}:${item.place.column}\`` : '—';

/** A Markdown table fit for a pull request comment, under a heading line that says what it lists. */
export function markdownTable(title: string, items: readonly ReviewItem[]): string {
  if (items.length === 0) return `${title}\n\nNothing to report.\n`;
  const withClass = items.some((i) => i.changeClass !== null);
  const head = withClass
    ? '| Class | Rule | Change | Where |\n|---|---|---|---|'
    : '| Severity | Rule | Problem | Where | Hint |\n|---|---|---|---|---|';
  const rows = items.map((i) =>
    withClass
      ? `| ${i.changeClass ?? i.level} | \`${i.ruleId}\` | ${cell(i.message)} | ${where(i)} |`
      : `| ${i.level} | \`${i.ruleId}\` | ${cell(i.message)} | ${where(i)} | ${cell(i.hint ?? '')} |`,
  );
  return `${title}\n\n${head}\n${rows.join('\n')}\n`;
}
