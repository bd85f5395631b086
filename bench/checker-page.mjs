// The checker page of the VitePress site, timed in headless Chromium: a 5 MB answer pasted, then Check pressed;
// each time is from the press to the next frame after the verdict is in the page.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { answerOfBytes } from './answer.mjs';

const CHROMIUM = process.env.ELEMENT_CHROMIUM ?? '/usr/bin/chromium';
const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8', '.json': 'application/json' };

function serve(dir) {
  const server = createServer(async (req, res) => {
    const rel = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(/^\/+/, '') || 'index.html';
    const file = join(dir, rel);
    if (!file.startsWith(dir)) return res.writeHead(404).end();
    try {
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(await readFile(file));
    } catch {
      res.writeHead(404).end();
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** `runs` times after one warm-up, in ms, with the answer's size; or why they could not be taken. */
export async function checkerPageTimes(root, runs, bytes = 5 * 1024 * 1024) {
  if (!existsSync(CHROMIUM)) return { error: `${CHROMIUM} is not installed (run: sudo bash scripts/install-toolchains.sh chromium)` };
  const out = await mkdtemp(join(tmpdir(), 'element-bench-site-'));
  let server;
  let browser;
  try {
    execFileSync(process.execPath, [join(root, 'node_modules/vitepress/bin/vitepress.js'), 'build', join(root, 'generated/docs'), '--outDir', out], { cwd: root, stdio: 'ignore' });
    server = await serve(out);
    const { chromium } = await import('playwright-core');
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--headless', '--disable-gpu'] });
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`http://127.0.0.1:${server.address().port}/checker.html`, { waitUntil: 'networkidle' });
    await page.waitForSelector('[data-checker-ready="true"]');
    const text = JSON.stringify(answerOfBytes(bytes));
    await page.evaluate((t) => {
      const box = document.querySelector('#answer-input');
      box.value = t;
      box.dispatchEvent(new Event('input'));
    }, text);
    const times = [];
    for (let i = 0; i <= runs; i++) {
      // From the press to the next frame after the verdict is in the page.
      const ms = await page.evaluate(() => new Promise((resolve) => {
        const summary = document.querySelector('#check-summary');
        summary.removeAttribute('data-check-ms');
        const started = performance.now();
        const seen = new MutationObserver(() => {
          if (!summary.dataset.checkMs) return;
          seen.disconnect();
          requestAnimationFrame(() => resolve(performance.now() - started));
        });
        seen.observe(summary, { attributes: true });
        document.querySelector('#check-button').click();
      }));
      if (i > 0) times.push(Math.round(ms));
    }
    return { times, bytes: Buffer.byteLength(text) };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  } finally {
    await browser?.close();
    server?.close();
    await rm(out, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = join(import.meta.dirname, '..');
  console.log(JSON.stringify(await checkerPageTimes(root, Number(process.env.BENCH_RUNS ?? 5))));
}
