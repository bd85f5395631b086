import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, scratch } from '../helpers/spec.js';
import { requireTool } from '../helpers/toolchain.js';

/** Why Neovim cannot run here, or null (scripts/install-toolchains.sh neovim installs Debian's). */
function nvimMissing(): string | null {
  const ran = spawnSync('nvim', ['--version'], { encoding: 'utf8' });
  if (ran.error || ran.status !== 0) return 'nvim is not available (run: sudo bash scripts/install-toolchains.sh neovim)';
  return null;
}

/**
 * A real editor: Neovim headless runs test/neovim/lsp-session.lua, which starts `element-spec lsp --stdio` with
 * Neovim's own LSP client, types a slip into an RFC and undoes it. What Neovim saw is judged here.
 */
describe('Neovim with the language server', () => {
  it('shows a typed slip as one diagnostic at its cell, clears it on undo, hovers, completes and takes the quick fix', async (ctx) => {
    requireTool(ctx, nvimMissing());
    const s = await scratch(true);
    try {
      const rfc = join(s.spec, 'rfcs/0001-element-model.md');
      const recordPath = join(s.dir, 'neovim-record.json');
      const ran = spawnSync('nvim', ['--headless', '--clean', '-n', '-c', `luafile ${join(ROOT, 'test/neovim/lsp-session.lua')}`], {
        cwd: s.dir,
        encoding: 'utf8',
        timeout: 90_000,
        env: { ...process.env, NVIM_LSP_RECORD: recordPath, NVIM_LSP_RFC: rfc, NVIM_LSP_ROOT: s.dir, NVIM_LSP_NODE: process.execPath, NVIM_LSP_BIN: join(ROOT, 'bin/element-spec.js') },
      });
      expect(ran.error, ran.stderr).toBeUndefined();
      const record = JSON.parse(await readFile(recordPath, 'utf8')) as {
        client: boolean;
        error: string | null;
        steps: { name: string; met: boolean; ms: number }[];
        slip_line: number;
        typed: string;
        undone: string;
        after_slip: { code: string; lnum: number; col: number; end_col: number; severity: number; source: string; message: string }[];
        after_undo: unknown[];
        hover: string[] | null;
        completion: string[];
        actions: string[];
        fixed: string;
      };
      expect(record.error).toBeNull();
      expect(record.client).toBe(true);
      expect(record.steps.map((x) => [x.name, x.met])).toEqual([['initialized', true], ['slip diagnosed', true], ['slip cleared', true], ['slip diagnosed again', true], ['fix cleared', true]]);
      // What was typed, and where Neovim underlines it: the Kind cell, by the text Neovim holds.
      expect(record.typed).toBe('| `Element` | 4.1 | recrd | One thing the app shows; the elements form one tree rooted at the application |');
      const col = record.typed.indexOf('recrd');
      expect(record.after_slip).toEqual([
        { code: 'bad-cell', lnum: record.slip_line - 1, col, end_col: col + 'recrd'.length, severity: 1, source: 'element-spec', message: expect.stringContaining('`recrd`') },
      ]);
      expect(record.undone).toContain('| record |');
      expect(record.after_undo).toEqual([]);
      // Hover on the type names its kind and where it came from; completion in a Kind cell offers the kinds.
      expect(record.hover?.join('\n')).toContain('Element');
      expect(record.hover?.join('\n')).toContain('RFC-0001');
      expect(record.completion).toEqual(expect.arrayContaining(['record', 'enum', 'roles', 'attributes', 'external']));
      // The quick fix for the slip, taken in Neovim, puts the nearest kind back and the diagnostic clears.
      expect(record.actions.length, JSON.stringify(record.actions)).toBeGreaterThan(0);
      expect(record.actions[0]).toContain('record');
      expect(record.fixed).toBe(record.undone);
    } finally {
      await s.dispose();
    }
  }, 120_000);
});
