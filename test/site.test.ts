import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, extname, join, normalize } from 'node:path';
import { type BrowserContext, type Page, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emitTarget } from '../generator/emit/index.js';
import type { CanonicalModel } from '../generator/model/types.js';
import { sdk } from './helpers/sdk.js';
import { ROOT, realModel } from './helpers/spec.js';
import { CHROMIUM, chromiumMissing, requireTool } from './helpers/toolchain.js';

// Without Chromium each browser test is skipped with the reason here, and fails under CI.
const missing = chromiumMissing();
const OUTPUT = join(ROOT, 'test-output');

const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8', '.json': 'application/json' };

/** Serves a folder on 127.0.0.1; anything outside it or missing is a 404. */
async function serve(dir: string): Promise<{ server: Server; base: string }> {
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const rel = normalize(decodeURIComponent(url.pathname)).replace(/^\/+/, '') || 'index.html';
    const file = join(dir, rel.endsWith('/') ? `${rel}index.html` : rel);
    if (!file.startsWith(dir)) { res.writeHead(404).end(); return; }
    try {
      const body = await readFile(file);
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body);
    } catch {
      res.writeHead(404).end('not found');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` };
}

describe('the generated site in headless Chromium', () => {
  let model: CanonicalModel;
  let siteDir: string;
  let userData: string;
  let server: Server;
  let base: string;
  let context: BrowserContext;

  beforeAll(async () => {
    if (missing) return; // nothing to launch: each test reports it, through requireTool
    model = await realModel();
    // The site as the emitter makes it now, written to a temp folder.
    siteDir = await mkdtemp(join(tmpdir(), 'element-site-'));
    for (const f of (await emitTarget('site', model, { regenerate: 'npm run generate', versions: [model] })).files) {
      const path = join(siteDir, f.path.replace(/^site\//, ''));
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, f.contents);
    }
    ({ server, base } = await serve(siteDir));
    userData = await mkdtemp(join(tmpdir(), 'element-chromium-'));
    context = await chromium.launchPersistentContext(userData, {
      executablePath: CHROMIUM,
      headless: true,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
        '--disable-component-update', '--disable-sync'],
    });
    await mkdir(OUTPUT, { recursive: true });
  }, 60_000);

  afterAll(async () => {
    // Only what beforeAll got to set up (nothing, without Chromium).
    await context?.close();
    if (server) await new Promise((resolve) => server.close(resolve));
    for (const dir of [siteDir, userData]) if (dir) await rm(dir, { recursive: true, force: true });
  });

  /** A page that records every failed request, request outside the server, console error and dialog. */
  async function open(): Promise<{ page: Page; problems: string[]; dialogs: string[] }> {
    const page = await context.newPage();
    const problems: string[] = [];
    const dialogs: string[] = [];
    page.on('response', (r) => { if (r.status() >= 400) problems.push(`${r.status()} ${r.url()}`); });
    page.on('request', (r) => { if (!r.url().startsWith(base) && !r.url().startsWith('data:')) problems.push(`outside request ${r.url()}`); });
    page.on('pageerror', (e) => problems.push(`page error ${e.message}`));
    page.on('console', (m) => { if (m.type() === 'error') problems.push(`console ${m.text()} ${m.location().url}`); });
    page.on('dialog', (d) => { dialogs.push(d.message()); void d.dismiss(); });
    return { page, problems, dialogs };
  }

  it('every link from the home page leads somewhere: no 404, every anchor exists, no network outside the site', async (ctx) => {
    requireTool(ctx, missing);
    const { page, problems } = await open();
    const seen = new Set<string>();
    const queue = [`${base}index.html`];
    const anchors: { from: string; url: string }[] = [];
    while (queue.length) {
      const url = queue.shift() as string;
      if (seen.has(url)) continue;
      seen.add(url);
      if (!url.endsWith('.html')) {
        // Scripts, styles and examples: fetched, not opened (opening one makes Chromium ask for /favicon.ico).
        expect((await page.request.get(url)).status(), url).toBe(200);
        continue;
      }
      const response = await page.goto(url);
      expect(response?.status(), url).toBe(200);
      const links = await page.$$eval('a[href], link[href], script[src]', (els) =>
        els.map((e) => (e as HTMLAnchorElement).href || (e as HTMLScriptElement).src));
      for (const link of links.filter((l) => !l.startsWith('data:'))) {
        expect(link.startsWith(base), `${url} links outside the site: ${link}`).toBe(true);
        const [target, hash] = link.split('#') as [string, string | undefined];
        if (hash) anchors.push({ from: url, url: link });
        if (!seen.has(target)) queue.push(target);
      }
    }
    const ids = new Map<string, string[]>();
    for (const { from, url } of anchors) {
      const [target, hash] = url.split('#') as [string, string];
      if (!ids.has(target)) {
        await page.goto(target);
        ids.set(target, await page.$$eval('[id]', (els) => els.map((e) => e.id)));
      }
      const found = (ids.get(target) ?? []).filter((id) => id === decodeURIComponent(hash));
      expect(found.length, `${from} -> ${url}`).toBe(1);
    }
    expect(problems).toEqual([]);
    expect([...seen].filter((u) => u.endsWith('.html')).length).toBeGreaterThanOrEqual(10);
    expect(seen).toContain(`${base}checker.html`);
    await page.close();
  }, 120_000);

  async function checkIn(page: Page, answer: unknown) {
    await page.locator('#answer-input').fill(typeof answer === 'string' ? answer : JSON.stringify(answer, null, 2));
    await page.locator('#check-button').click();
    return {
      summary: (await page.locator('#check-summary').textContent()) ?? '',
      rules: await page.locator('#findings li').evaluateAll((lis) => lis.map((li) => (li as HTMLElement).dataset.rule ?? '')),
      findings: await page.locator('#findings li').allTextContents(),
      nodes: await page.locator('#tree li.tree-node').count(),
    };
  }

  it('the checker shows the example of section 3 passing, and a repeated id failing, as the package\'s check does', async (ctx) => {
    requireTool(ctx, missing);
    const { page, problems } = await open();
    await page.goto(`${base}checker.html`);
    await page.waitForSelector('body[data-checker-ready="true"]', { state: 'attached', timeout: 10_000 });
    const { check, effectiveState } = await sdk();
    const example = model.examples.find((e) => e.source.section === '3')?.value as Record<string, unknown>;
    expect(example).toBeDefined();

    const good = await checkIn(page, example);
    expect(check(example)).toEqual([]);
    expect(good.summary).toMatch(/No findings/);
    expect(good.findings).toEqual([]);
    const elements = effectiveState(example as never);
    expect(good.nodes).toBe(elements.length);
    // Each element's role and effective states are drawn.
    const t = model.tree;
    for (const e of elements) {
      const line = (await page.locator(`li[data-path="${e.path}"] > .tree-line`).textContent()) ?? '';
      expect(line).toContain(String((e.element as unknown as Record<string, unknown>)[t.role]));
      expect(line).toContain(String((e.element as unknown as Record<string, unknown>)[t.id]));
      for (const s of model.states) expect(line.includes(s.field), `${e.path} ${s.field}`).toBe(e.state[s.field as keyof typeof e.state]);
    }
    await page.screenshot({ path: join(OUTPUT, 'checker-example.png'), fullPage: true });

    // A repeated id: the second window takes the first one's id.
    const broken = structuredClone(example);
    const kids = (broken[t.root] as Record<string, unknown>)[t.children] as Record<string, unknown>[];
    (kids[1] as Record<string, unknown>)[t.id] = (kids[0] as Record<string, unknown>)[t.id];
    const expected = check(broken);
    const uniqueRule = model.requirements.find((r) => r.rule === 'unique-id')?.rule;
    expect(expected.map((f) => f.rule)).toContain(uniqueRule);
    const bad = await checkIn(page, broken);
    expect(bad.rules).toEqual(expected.map((f) => f.rule));
    expect(bad.summary).toMatch(/1 error/);
    for (const [i, f] of expected.entries()) {
      expect(bad.findings[i]).toContain(f.path);
      expect(bad.findings[i]).toContain(f.message);
      if (f.requirement) expect(bad.findings[i]).toContain(f.requirement);
    }
    expect(await page.locator('#tree .tree-node-error').count()).toBeGreaterThan(0);
    await page.screenshot({ path: join(OUTPUT, 'checker-repeated-id.png'), fullPage: true });

    const notJson = await checkIn(page, '{ not json');
    expect(notJson.summary).toMatch(/Not JSON/);
    expect(problems).toEqual([]);
    await page.close();
  }, 60_000);

  it('titles, roles and ids that look like HTML are shown as text and run nothing', async (ctx) => {
    requireTool(ctx, missing);
    const { page, problems, dialogs } = await open();
    await page.goto(`${base}checker.html`);
    await page.waitForSelector('body[data-checker-ready="true"]', { state: 'attached', timeout: 10_000 });
    const t = model.tree;
    const titleField = (model.types.find((x) => x.name === t.node && x.kind === 'record') as { fields: { name: string; type: { kind: string; name?: string } }[] })
      .fields.find((f) => f.type.kind === 'primitive' && f.type.name === 'string' && ![t.id, t.role].includes(f.name))?.name as string;
    const img = '<img src=x onerror="window.__pwned=1;alert(1)">';
    const script = '<script>window.__pwned=2;alert(2)</script>';
    const answer = {
      [t.version]: model.protocolVersion,
      instance: 'x',
      [t.root]: {
        [t.id]: img, [t.role]: model.roleRules.root, [titleField]: img,
        [t.children]: [{ [t.id]: 'e-1', [t.role]: script, [titleField]: script }],
      },
    };
    const shown = await checkIn(page, answer);
    await page.waitForTimeout(300);
    expect(dialogs).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await page.locator('main img, main script, #tree *[onerror]').count()).toBe(0);
    const tree = (await page.locator('#tree').textContent()) ?? '';
    expect(tree).toContain(img);
    expect(tree).toContain(script);
    expect(shown.findings.join('\n')).toContain(script);
    expect(problems).toEqual([]);
    await page.screenshot({ path: join(OUTPUT, 'checker-hostile.png'), fullPage: true });
    await page.close();
  }, 60_000);
});
