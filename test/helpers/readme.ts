/** The text of the first fenced block of a language in a README, after a heading when one is given. */
export function fenced(readme: string, language: string, after = ''): string {
  const from = after ? readme.indexOf(after) : 0;
  if (from < 0) throw new Error(`no ${after} in the README`);
  const match = new RegExp('```' + language + '\\n([\\s\\S]*?)```').exec(readme.slice(from));
  if (!match?.[1]) throw new Error(`no ${language} block in the README${after ? ` after ${after}` : ''}`);
  return match[1];
}
