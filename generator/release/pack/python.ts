import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Packer } from '../packer.js';
import { runTool, withCopy } from '../tools.js';

/** The wheel and the sdist, built by the pinned build backend and checked by twine as PyPI would. */
export const python: Packer = {
  name: 'python',
  publishedTo: 'PyPI',
  async pack({ out, dest, scripts }) {
    const venv = (await runTool('bash', [join(scripts, 'python-venv.sh'), join(scripts, 'release-requirements.txt')])).trim();
    const py = join(venv, 'bin/python');
    return withCopy(join(out, 'python'), async (copy) => {
      const before = new Set(await readdir(dest));
      // The build backend is pinned in the release venv, so the build needs no download of its own.
      await runTool(py, ['-m', 'build', '--no-isolation', '--sdist', '--wheel', '--outdir', dest, copy]);
      const made = (await readdir(dest)).filter((f) => !before.has(f)).sort();
      await runTool(py, ['-m', 'twine', 'check', '--strict', ...made.map((f) => join(dest, f))]);
      return made.map((file) => ({ package: 'python', file, checks: ['python -m build', 'twine check --strict'] }));
    });
  },
};
