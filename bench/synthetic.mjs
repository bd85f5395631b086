// Makes a spec `factor` times the real one: roles, element fields, Apple rows, requirements and RFCs.
import { cp, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export async function makeSyntheticSpec(realSpec, dir, factor) {
  await cp(realSpec, dir, { recursive: true });
  const rfcPath = join(dir, 'rfcs/0001-element-model.md');
  let rfc = await readFile(rfcPath, 'utf8');
  const extraRoles = Array.from({ length: 13 * (factor - 1) }, (_, i) => `Synth${i}`);
  const extraApple = Array.from({ length: 61 * (factor - 1) }, (_, i) => `SynthApple${i}`);
  // Roles: one more kind holding the new roles; each new role covers some of the new Apple roles.
  rfc = rfc.replace('| Added by this protocol | `Document` |', `| Added by this protocol | \`Document\` |\n${extraRoles.length ? `| Synthetic | ${extraRoles.map((r) => `\`${r}\``).join(', ')} |` : ''}`);
  const covers = extraRoles.map((r, i) => `| \`${r}\` | ${extraApple.filter((_, k) => k % extraRoles.length === i).map((a) => `\`${a}\``).join(', ') || '—'} |`);
  rfc = rfc.replace("| `Text` | `StaticText`, `TextField`, `TextArea` |", `| \`Text\` | \`StaticText\`, \`TextField\`, \`TextArea\` |\n${covers.filter((c) => !c.endsWith('— |')).join('\n')}`);
  // Element fields and requirements.
  const fields = Array.from({ length: 11 * (factor - 1) }, (_, i) => `| \`synth${i}\` | \`string\` | no | A synthetic field number ${i} |`);
  rfc = rfc.replace(/(\| `attributes` \| `Attributes` \| no \|[^\n]*\n)/, `$1${fields.join('\n')}${fields.length ? '\n' : ''}`);
  const reqs = Array.from({ length: 7 * (factor - 1) }, (_, i) => `| S${i} | A synthetic requirement ${i} | Not checkable from outside | — |`);
  rfc = rfc.replace(/(\| R7 \|[^\n]*\n)/, `$1${reqs.join('\n')}${reqs.length ? '\n' : ''}`);
  await writeFile(rfcPath, rfc);
  // Apple rows: content roles mapped by the covers above.
  const applePath = join(dir, 'reference/apple-roles.md');
  const apple = await readFile(applePath, 'utf8');
  const rows = extraApple.map((a) => `| — | \`AX${a}\` | \`${a}\` | content | synthetic |`);
  await writeFile(applePath, apple.replace(/(\| — \| `AXWebArea` \|[^\n]*\n)/, `$1${rows.join('\n')}${rows.length ? '\n' : ''}`));
  // RFCs: each later one adds an optional field (an additive change).
  let version = [0, 2, 0];
  for (let n = 2; n <= factor; n++) {
    const from = version.join('.');
    version = [0, 2, version[2] + 1];
    const to = version.join('.');
    const id = String(n).padStart(4, '0');
    await writeFile(join(dir, `rfcs/${id}-synthetic.md`), `# RFC-${id}: Synthetic change ${n}\n\nAdds a field.\n\n| Field | Value |\n|---|---|\n| Status | Accepted |\n| Version effect | Additive: ${from} to ${to} |\n| Supersedes or amends | None |\n\n## 1. Changes\n\n| Type | Section | Kind | Meaning |\n|---|---|---|---|\n| \`Element\` | 1 | record | One thing the app shows; the elements form one tree rooted at the application |\n\n| Field | Type | Required | Meaning |\n|---|---|---|---|\n| \`rfc${n}\` | \`string\` | no | Added by synthetic RFC ${n} |\n`);
  }
}
