import { githubCommands } from './github.js';
import type { ReviewItem } from './items.js';
import { markdownTable } from './markdown.js';
import { type Tool, sarifLog } from './sarif.js';

/** The formats `generate`, `check` and `diff` print besides their text: for pull request reviews and CI. */
export const REVIEW_FORMATS = ['text', 'json', 'markdown', 'github', 'sarif'] as const;
export type ReviewFormat = (typeof REVIEW_FORMATS)[number];

export type { ReviewItem } from './items.js';
export { changeItems, diagnosticItems, shownPath } from './items.js';

/** Prints items in a machine format; `text` and `json` stay with each command, which has its own. */
export function formatReview(
  format: Exclude<ReviewFormat, 'text' | 'json'>,
  title: string,
  items: readonly ReviewItem[],
  tool: Tool,
): string {
  switch (format) {
    case 'markdown':
      return markdownTable(title, items);
    case 'github':
      return githubCommands(items);
    case 'sarif':
      return sarifLog(tool, items);
  }
}
