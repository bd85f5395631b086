import type { ReviewItem } from './items.js';

// GitHub Actions workflow commands: https://docs.github.com/actions/reference/workflow-commands-for-github-actions.
// A message escapes %, CR and LF; a property value also , and : (they separate properties).
const escapeData = (text: string) => text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const escapeProperty = (text: string) => escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');

const COMMAND = { error: 'error', warning: 'warning', note: 'notice' } as const;

/** One workflow command per item, so each shows as an annotation on its line in the pull request. */
export function githubCommands(items: readonly ReviewItem[]): string {
  return items
    .map((item) => {
      const props: string[] = [];
      if (item.place)
        props.push(`file=${escapeProperty(item.place.file)}`, `line=${item.place.line}`, `col=${item.place.column}`);
      props.push(
        `title=${escapeProperty(item.changeClass ? `${item.changeClass} change (${item.ruleId})` : item.ruleId)}`,
      );
      const text = item.hint ? `${item.message}\nhint: ${item.hint}` : item.message;
      return `::${COMMAND[item.level]} ${props.join(',')}::${escapeData(text)}\n`;
    })
    .join('');
}
