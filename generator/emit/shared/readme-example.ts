import { currentExample } from '../../model/examples.js';
import type { CanonicalModel } from '../../model/types.js';

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
  return {
    answer: JSON.stringify(answer),
    file: FILE,
    elements,
    noFindings: NO_FINDINGS,
    output: `${FILE}${NO_FINDINGS}\n${elements} elements\n`,
  };
}
