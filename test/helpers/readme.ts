/** The text of the first fenced block of a language in a README, after a heading when one is given. */
export function fenced(readme: string, language: string, after = ''): string {
  const from = after ? readme.indexOf(after) : 0;
  if (from < 0) throw new Error(`no ${after} in the README`);
  const match = new RegExp('```' + language + '\\n([\\s\\S]*?)```').exec(readme.slice(from));
  if (!match?.[1]) throw new Error(`no ${language} block in the README${after ? ` after ${after}` : ''}`);
  return match[1];
}

/**
 * Every fenced block of a language in a README, in order, from the heading `from` up to the next heading of the same
 * level (or the end): the examples a consumer runs.
 */
export function fencedIn(readme: string, language: string, from: string): string[] {
  const at = readme.indexOf(`\n${from}\n`);
  if (at < 0) throw new Error(`no "${from}" in the README`);
  const level = /^#+/.exec(from)?.[0] ?? '##';
  const rest = readme.slice(at + from.length + 2);
  const next = new RegExp(`^${level} `, 'm').exec(rest);
  const section = next ? rest.slice(0, next.index) : rest;
  const blocks: string[] = [];
  const fence = /^```([^\n]*)\n([\s\S]*?)^```$/gm;
  for (let m = fence.exec(section); m; m = fence.exec(section)) if (m[1] === language) blocks.push(m[2] ?? '');
  return blocks;
}
