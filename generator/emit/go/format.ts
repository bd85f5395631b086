/**
 * Go source as gofmt lays it out, for what the templates and the declaration printer write: the names of
 * consecutive fields of a struct and of consecutive constants padded to one column, and the values of consecutive
 * one-line `key: value,` entries of a composite literal padded to one column (gofmt aligns those whose keys are
 * short, as every key here is). A comment line, a blank line or an entry spanning lines ends a run, as in gofmt.
 */
const FIELD = /^(\t+)([A-Za-z_][A-Za-z0-9_]*) +(\S.*)$/;
const ENTRY = /^(\t+)("(?:[^"\\]|\\.)*"|[A-Za-z_][A-Za-z0-9_]*): +(\S.*,)$/;
const SMALL = 40;

/** Outside string literals: `{ {`, `} }` and `{ &` closed up, no `, }`, as gofmt writes composite literals. */
function compact(line: string): string {
  if (line.trimStart().startsWith('//')) return line;
  return line
    .split(/("(?:[^"\\]|\\.)*")/)
    .map((part, i) => (i % 2 === 1 ? part : part.replace(/\{ \{/g, '{{').replace(/\} \}/g, '}}').replace(/, \}/g, '}').replace(/\{ (?=[&])/g, '{')))
    .join('');
}

export function gofmtLayout(source: string): string {
  // An empty composite literal written over two lines is one, `{}`.
  const lines = source.replace(/\{\n\t*\}/g, '{}').split('\n').map(compact);
  const blocks: ('struct' | 'const' | 'other')[] = [];
  const kind: (null | { kind: 'field' | 'entry'; indent: string; name: string; rest: string })[] = lines.map((line) => {
    const inBlock = blocks.at(-1);
    let out: null | { kind: 'field' | 'entry'; indent: string; name: string; rest: string } = null;
    const field = FIELD.exec(line);
    const entry = ENTRY.exec(line);
    if ((inBlock === 'struct' || inBlock === 'const') && field && !line.trimEnd().endsWith('{') && !line.trimStart().startsWith('//')) {
      out = { kind: 'field', indent: field[1] as string, name: field[2] as string, rest: field[3] as string };
    } else if (entry && !line.trimEnd().endsWith('{') && (entry[2] as string).length <= SMALL) {
      out = { kind: 'entry', indent: entry[1] as string, name: `${entry[2]}:`, rest: entry[3] as string };
    }
    const trimmed = line.trim();
    if (/\bstruct \{$/.test(trimmed)) blocks.push('struct');
    else if (/^const \($/.test(trimmed)) blocks.push('const');
    else if (trimmed.endsWith('{') || trimmed.endsWith('(')) blocks.push('other');
    else if (/^[})]/.test(trimmed) && !/[{(]$/.test(trimmed)) blocks.pop();
    return out;
  });
  for (let i = 0; i < lines.length; ) {
    const first = kind[i];
    if (!first) {
      i++;
      continue;
    }
    let j = i;
    while (j < lines.length && kind[j]?.kind === first.kind && kind[j]?.indent === first.indent) j++;
    const width = Math.max(...kind.slice(i, j).map((k) => (k as { name: string }).name.length));
    for (let n = i; n < j; n++) {
      const k = kind[n] as { indent: string; name: string; rest: string };
      lines[n] = j - i > 1 ? `${k.indent}${k.name.padEnd(width)} ${k.rest}` : `${k.indent}${k.name} ${k.rest}`;
    }
    i = j;
  }
  return lines.join('\n');
}
