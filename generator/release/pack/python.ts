import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Packer } from '../packer.js';
import { runTool, withCopy } from '../tools.js';

/** The wheel and the sdist, built by the pinned build backend and checked by twine as PyPI would. */
export const python: Packer = {
  name: 'python',
  publishedTo: 'PyPI',
  async pack({ out, dest, scripts }) {
    const venv = (
      await runTool('bash', [join(scripts, 'python-venv.sh'), join(scripts, 'release-requirements.txt')])
    ).trim();
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
  publisher: {
    registry: 'https://upload.pypi.org/legacy/',
    // The credentials are twine's own (TWINE_USERNAME and TWINE_PASSWORD, or .pypirc); never asked for at a prompt.
    async publish({ from, to, scripts }) {
      const venv = (
        await runTool('bash', [join(scripts, 'python-venv.sh'), join(scripts, 'release-requirements.txt')])
      ).trim();
      const files = (await readdir(from)).filter((f) => f.endsWith('.whl') || f.endsWith('.tar.gz')).sort();
      if (!files.some((f) => f.endsWith('.whl'))) throw new Error('the release folder holds no wheel');
      await runTool(join(venv, 'bin/python'), [
        '-m',
        'twine',
        'upload',
        '--non-interactive',
        '--disable-progress-bar',
        '--repository-url',
        to,
        ...files.map((f) => join(from, f)),
      ]);
      return `twine upload ${files.join(' ')} --repository-url ${to}`;
    },
  },
};
