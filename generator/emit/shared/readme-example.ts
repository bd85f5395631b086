import { type DeprecatedUse, deprecatedUses } from '../../model/deprecated-uses.js';
import { currentExample } from '../../model/examples.js';
import type { CanonicalModel } from '../../model/types.js';
import { FINDINGS, formatFinding } from '../kit/findings.js';
import { plainText } from './text.js';

/**
 * What every package's README example is run on, and what it prints: the newest RFC example that is an answer of
 * the protocol version being generated (model/examples.ts, `currentExample`), stamped with that version, read from
 * a file named `answer.json`. Each package's README shows its example
 * and this output, and the package's own tests run the same example, from the same template, on the same answer.
 */
export interface ReadmeExample {
  /** The answer, as JSON text on one line. */
  answer: string;
  /** The file name the README reads it from. */
  file: string;
  /** How many elements the answer's tree holds: the example's last line says so. */
  elements: number;
  /** The validator's line for an answer with no findings, after the file's name. */
  noFindings: string;
  /** What the example prints for `file`, every line ending in "\n". */
  output: string;
  /**
   * What it prints after the file's name, to the end: `noFindings` and the count of elements, or, for an example
   * that uses deprecated names (only when no RFC example of the version is free of them), the checker's warnings.
   */
  afterName: string;
}

const FILE = 'answer.json';
const NO_FINDINGS = ': no findings';

/** The README example's answer and output, or what the model lacks for one. */
export function readmeExample(model: CanonicalModel): ReadmeExample | { missing: string } {
  const example = currentExample(model)?.value;
  if (typeof example !== 'object' || example === null || Array.isArray(example))
    return { missing: `the spec has no example answer of ${model.protocolVersion}` };
  const answer = { ...(example as Record<string, unknown>), [model.tree.version]: model.protocolVersion };
  const root = answer[model.tree.root];
  if (typeof root !== 'object' || root === null) return { missing: `the example answer has no ${model.tree.root}` };
  let elements = 0;
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node !== 'object' || node === null) continue;
    elements++;
    const children = (node as Record<string, unknown>)[model.tree.children];
    if (Array.isArray(children)) stack.push(...children);
  }
  const afterName = `${warnings(deprecatedUses(model, answer))}${elements} elements\n`;
  return {
    answer: JSON.stringify(answer),
    file: FILE,
    elements,
    noFindings: NO_FINDINGS,
    output: `${FILE}${afterName}`,
    afterName,
  };
}

/**
 * The validator's report after the file's name, as every binding's `formatFindings` prints it: `: no findings`, or
 * each deprecated-name warning (by path, the catalogue's words) and the count. An answer with warnings passes, so
 * the example goes on to count its elements.
 */
function warnings(uses: readonly DeprecatedUse[]): string {
  if (uses.length === 0) return `${NO_FINDINGS}\n`;
  const entry = (id: string) => FINDINGS.find((f) => f.id === id) as (typeof FINDINGS)[number];
  const lines = [...uses]
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
    .map((u) => {
      const message =
        u.useInstead === null
          ? formatFinding(entry('deprecated'), { name: u.name, version: u.version })
          : formatFinding(entry('deprecated-use-instead'), {
              name: u.name,
              version: u.version,
              useInstead: plainText(u.useInstead).replace(/`/g, ''),
            });
      const { severity, rule } = entry(u.useInstead === null ? 'deprecated' : 'deprecated-use-instead');
      const id = u.elementId === null ? '' : ` (element ${JSON.stringify(u.elementId)})`;
      return `  ${u.path}${id}\n    ${severity} ${message}  ${rule}`;
    });
  const n = uses.length;
  return `\n${lines.join('\n')}\n\n0 errors, ${n} warning${n === 1 ? '' : 's'}\n`;
}
