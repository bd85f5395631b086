// npm run bench: measures generation and checking against their floors and peers. Every verdict is a ratio of
// two things measured in the same run, so a busy machine moves both sides. Writes bench/results/.
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { realisticAnswer } from './answer.mjs';
import { BENCHED, bindingDecodeTimes } from './bindings.mjs';
import { checkerPageTimes } from './checker-page.mjs';
import { jsonWorstCases } from './json-worst.mjs';
import { lspEditTimes, readSpecAlone } from './lsp.mjs';
import { makeSyntheticSpec } from './synthetic.mjs';

const ROOT = resolve(import.meta.dirname, '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const OUT = join(ROOT, 'bench/results');
const bin = join(ROOT, 'bin/element-spec.js');
const work = await mkdtemp(join(tmpdir(), 'element-bench-'));

const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2; };
const stats = (xs) => ({ median: median(xs), min: Math.min(...xs), max: Math.max(...xs), runs: xs.length });
/** `before` runs ahead of each timed run, untimed. */
function timeProcess(args, runs = RUNS, before = () => {}) {
  const times = [];
  for (let i = 0; i < runs; i++) {
    before();
    const t = performance.now();
    const r = spawnSync(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
    if (r.status !== 0) throw new Error(`${args.join(' ')} failed: ${r.stderr}`);
    times.push(performance.now() - t);
  }
  return stats(times);
}
/** Each command once a round, `runs` rounds; a command is its arguments, or { args, before }. */
function timeProcesses(commands, runs = RUNS) {
  const times = Object.fromEntries(Object.keys(commands).map((k) => [k, []]));
  for (let i = 0; i < runs; i++) {
    for (const [k, c] of Object.entries(commands)) times[k].push(timeProcess(c.args ?? c, 1, c.before).median);
  }
  return Object.fromEntries(Object.entries(times).map(([k, xs]) => [k, stats(xs)]));
}
const log = (s) => process.stdout.write(`${s}\n`);
const results = { date: new Date().toISOString(), node: process.version, runs: RUNS, measurements: {}, ratios: [] };
/** A ratio against its target; a null target (a binding the issue set none for) is reported, not judged. */
const ratio = (name, a, b, target, note) => {
  const value = a.median / b.median;
  const met = target === null ? null : value <= target;
  results.ratios.push({ name, value, target, met, note });
  log(`${name.padEnd(48)} ${value.toFixed(2).padStart(7)}  ${target === null ? '(no target)' : `(target <= ${target})  ${met ? 'met' : 'MISSED'}`}`);
};

/**
 * A maintainer's loop: one line of an RFC edited, then generate. Each timed run follows such an edit (a word
 * toggled), so every run writes what the edit changes, through the whole atomic swap of the tree.
 */
const EDIT = ['One line a person could read', 'One line a person can read'];
function editor(specDir) {
  const rfc = join(specDir, 'rfcs/0001-element-model.md');
  return () => {
    const text = readFileSync(rfc, 'utf8');
    const [from, to] = text.includes(EDIT[0]) ? EDIT : [EDIT[1], EDIT[0]];
    if (!text.includes(from)) throw new Error(`the bench edit needs "${EDIT[0]}" in ${rfc}`);
    writeFileSync(rfc, text.replace(from, to));
  };
}

try {
  // Generation, cold, on the real spec.
  const spec = join(work, 'spec');
  await cp(join(ROOT, 'spec'), spec, { recursive: true });
  const out = join(work, 'out');
  const generateArgs = [bin, 'generate', '--spec', spec, '--out', out];
  log('generation (fresh processes) ...');
  // The floor loads what one generate run loaded: recorded by a preload, on every thread.
  const imports = join(work, 'imports.txt');
  const recorded = spawnSync(process.execPath, ['--import', join(ROOT, 'bench/record-imports.mjs'), ...generateArgs], { cwd: ROOT, env: { ...process.env, ELEMENT_BENCH_IMPORTS: imports }, stdio: 'ignore' });
  if (recorded.status !== 0) throw new Error('generate failed while recording its imports');
  results.floorLoads = [...new Set((await readFile(imports, 'utf8')).split('\n').filter(Boolean))].sort();
  // Taken in turns, so a slow moment of the machine falls on all three alike.
  const emptied = join(work, 'emptied');
  // What the stack alone costs: ts-morph (TypeScript's compiler) loaded in a fresh process, nothing else.
  const tsMorphOnly = join(work, 'ts-morph.txt');
  await writeFile(tsMorphOnly, 'require ts-morph\n');
  const { generate, floor, quicktype, upToDate, empty, tsMorph } = timeProcesses({
    generate: { args: generateArgs, before: editor(spec) },
    floor: [join(ROOT, 'bench/floor.mjs'), imports],
    quicktype: [join(ROOT, 'bench/quicktype-swift.mjs'), join(out, 'schema/answer.lenient.schema.json')],
    // Beside the target, not part of it: a run with nothing to write, and one into an empty folder.
    upToDate: generateArgs,
    empty: { args: [bin, 'generate', '--spec', spec, '--out', emptied], before: () => rmSync(emptied, { recursive: true, force: true }) },
    tsMorph: [join(ROOT, 'bench/floor.mjs'), tsMorphOnly],
  });
  Object.assign(results.measurements, { generate, floor, quicktypeSwift: quicktype, generateUpToDate: upToDate, generateEmpty: empty, tsMorphLoad: tsMorph });
  ratio('generate / floor', generate, floor, 1.3, 'floor: one thread loading the packages generate loaded, then exiting');
  ratio('generate (all targets) / quicktype (Swift only)', generate, quicktype, 1.0, 'quicktype-core, Swift from the same schema, fresh process');

  // Scaling: synthetic specs 10x and 100x the real one.
  log('scaling ...');
  const scaling = [{ factor: 1, ...generate }];
  for (const factor of [10, 100]) {
    const dir = join(work, `x${factor}`);
    await makeSyntheticSpec(join(ROOT, 'spec'), join(dir, 'spec'), factor);
    const args = [bin, 'generate', '--spec', join(dir, 'spec'), '--out', join(dir, 'out')];
    timeProcess(args, 1); // the first run writes the whole tree
    scaling.push({ factor, ...timeProcess(args, factor === 100 ? Math.min(RUNS, 3) : RUNS, editor(join(dir, 'spec'))) });
  }
  results.measurements.scaling = scaling;
  const beyond = (s) => ({ median: s.median - floor.median });
  ratio('scaling: work beyond floor, 100x / 10x', beyond(scaling[2]), beyond(scaling[1]), 12, 'linear would be 10');

  // Watch: a one-line edit to every file rewritten.
  log('watch ...');
  const { watch } = await import(pathToFileURL(join(ROOT, 'dist/watch.js')).href);
  const wdir = join(work, 'watch');
  await cp(join(ROOT, 'spec'), join(wdir, 'spec'), { recursive: true });
  const lines = [];
  const stop = await watch(join(wdir, 'spec'), join(wdir, 'out'), { out: (t) => lines.push({ t: performance.now(), text: t }), err: (t) => lines.push({ t: performance.now(), text: t }) });
  const rfc = join(wdir, 'spec/rfcs/0001-element-model.md');
  const original = await readFile(rfc, 'utf8');
  const watchTimes = [];
  for (let i = 0; i < 20; i++) {
    const seen = lines.length;
    const t = performance.now();
    await writeFile(rfc, original.replace('One line a person could read', `One line a person could read (${i})`));
    while (lines.length === seen) await new Promise((r) => setTimeout(r, 2));
    watchTimes.push(lines[seen].t - t);
  }
  await stop();
  results.measurements.watch = stats(watchTimes);
  const watchTarget = { median: 150 };
  ratio('watch: edit to files rewritten / 150 ms', results.measurements.watch, watchTarget, 1.0, 'median of 20 one-line edits');

  // The language server: an edit in the editor to its diagnostics, on the real spec and on the 10x one (bench/lsp.mjs).
  log('language server ...');
  for (const [key, dir, target] of [['lsp', join(wdir, 'spec'), 150], ['lsp10x', join(work, 'x10/spec'), 600]]) {
    results.measurements[key] = stats(await lspEditTimes(dir));
    results.measurements[`${key}ReadSpec`] = stats(await readSpecAlone(dir));
    const label = key === 'lsp' ? 'lsp' : 'lsp, spec 10x';
    ratio(`${label}: edit to diagnostics / ${target} ms`, results.measurements[key], { median: target }, 1.0, 'median of 20 edits 300 ms apart, each toggling a slip');
    ratio(`${label}: edit to diagnostics / reading the spec`, results.measurements[key], results.measurements[`${key}ReadSpec`], null, 'reading: every file read and parsed whole, warm, in one process');
  }

  // Checking a 100,000-element answer, in a process of its own (bench/checking.mjs).
  log('checking ...');
  const sdkPath = pathToFileURL(join(ROOT, 'generated/typescript/dist/index.js')).href;
  const checking = JSON.parse(execFileSync(process.execPath, [join(ROOT, 'bench/checking.mjs'), ROOT, sdkPath, String(RUNS + 2)], { cwd: ROOT, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 }));
  const [checkTime, ajvTime, parseTime, parseAnswerTime] = ['check', 'ajv', 'parse', 'parseAnswer'].map((k) => stats(checking.times[k]));
  const text = JSON.stringify(realisticAnswer(100_000));
  Object.assign(results.measurements, { checkTextBytes: checking.textBytes, check: checkTime, ajvStrict: ajvTime, jsonParse: parseTime });
  ratio('check / ajv (strict schema, compiled once)', checkTime, ajvTime, 1.0, '100,000 elements');
  ratio('check / JSON.parse of the same text', checkTime, parseTime, 2.0, '100,000 elements');
  const file = join(work, 'answer.json');
  await writeFile(file, text);
  // What a host pays for one answer: parseAnswer in process, validate whole against a process that only reads and parses it.
  ratio('parseAnswer / JSON.parse of the same text', parseAnswerTime, parseTime, 2.0, 'parse, refuse repeated keys and lone surrogates, check');
  const { validate, parseFloor } = timeProcesses({
    validate: [bin, 'validate', file],
    parseFloor: [join(ROOT, 'bench/parse-floor.mjs'), file],
  });
  Object.assign(results.measurements, { parseAnswer: parseAnswerTime, validate, parseFloor });
  ratio('validate / a process reading and parsing the file', validate, parseFloor, 2.0, 'fresh processes, 100,000 elements');
  const mem = JSON.parse(execFileSync(process.execPath, ['--expose-gc', join(ROOT, 'bench/check-memory.mjs'), file, sdkPath], { encoding: 'utf8' }));
  results.measurements.checkMemory = mem;

  // The same answer decoded by the Swift (debug and release builds) and Kotlin bindings, each against
  // TypeScript's parseAnswer (parse, refuse, check), as all three read and check it. The first run is a warm-up.
  log('bindings ...');
  // TypeScript's parseAnswer is timed again just before each binding, in a process of its own as above, and each
  // binding's ratio takes that: the machine's speed can move over the minutes the bindings take.
  const beside = () => JSON.parse(execFileSync(process.execPath, [join(ROOT, 'bench/checking.mjs'), ROOT, sdkPath, String(RUNS + 2)], { cwd: ROOT, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 })).times.parseAnswer;
  const bindings = await bindingDecodeTimes(ROOT, file, null, beside);
  // Each round's first run is a warm-up.
  const roundsOf = (r) => r.rounds ?? (r.times ? [r] : []);
  const roundRatios = {};
  for (const [name, r] of Object.entries(bindings)) {
    const rounds = roundsOf(r);
    const times = rounds.flatMap((x) => x.times.slice(1));
    const validateTimes = rounds.flatMap((x) => x.validateTimes?.slice(1) ?? []);
    const besideTimes = rounds.flatMap((x) => x.beside ?? []);
    results.measurements[`${name}Decode`] = times.length > 0 ? { ...stats(times), rounds: rounds.length } : { error: r.error };
    if (besideTimes.length > 0) results.measurements[`${name}ParseAnswerBeside`] = stats(besideTimes);
    results.measurements[`${name}Validate`] = validateTimes.length > 0 ? stats(validateTimes) : { error: r.error ?? 'no timing' };
    if (rounds.length > 1 && rounds.every((x) => x.beside)) roundRatios[name] = rounds.map((x) => median(x.times.slice(1)) / median(x.beside));
    log(`${name} decode: ${times.length > 0 ? `${median(times).toFixed(0)} ms` : r.error}${roundRatios[name] ? `; per round ${roundRatios[name].map((x) => x.toFixed(2)).join(', ')}` : ''}`);
  }
  // Each build a binding holds to a ratio (its binding's `bench`), against parseAnswer timed beside it.
  for (const [name, label, target] of BENCHED.flatMap(([, b]) => (b.ratio ? [[b.key, `${b.ratio.label} / TypeScript parseAnswer`, b.ratio.target]] : []))) {
    const d = results.measurements[`${name}Decode`];
    const ts = results.measurements[`${name}ParseAnswerBeside`] ?? parseAnswerTime;
    const perRound = roundRatios[name];
    if (d.median === undefined) log(`${label}: not measured (${d.error.slice(0, 80)})`);
    else if (perRound) ratio(label, { median: median(perRound) }, { median: 1 }, target, `same answer, in process; the median of ${perRound.length} rounds, each against parseAnswer timed just before it`);
    else ratio(label, d, ts, target, 'same answer, in process; parseAnswer timed just before the binding');
  }
  ratio('check peak memory / text size', { median: mem.checkBytes }, { median: mem.textBytes }, 3.0, 'heap growth while checking');

  // Every binding's validator on 50 MB of '[' never closed, against the same validator on an answer of that size
  // (issue 37: bounded work on any input), each a fresh process; memory where GNU time can measure it.
  log('worst JSON input ...');
  const worst = await jsonWorstCases(ROOT);
  results.measurements.jsonWorst = worst;
  for (const [name, w] of Object.entries(worst.bindings)) {
    if (w.error) {
      log(`${name} worst JSON input: not measured (${w.error.slice(0, 80)})`);
      continue;
    }
    ratio(`${name}: 50 MB of '[' / a 50 MB answer, validator time`, { median: w.brackets.ms }, { median: w.answer.ms }, 1.0, `exit ${w.brackets.code}, fresh processes`);
    if (w.brackets.kib !== undefined) ratio(`${name}: 50 MB of '[', peak memory / its bytes`, { median: w.brackets.kib * 1024 }, { median: worst.bytes }, 8.0, 'peak resident set of the validator process');
  }

  // The site's checker page in headless Chromium (issue 15): a 5 MB answer, from pressing Check to the verdict drawn.
  log('checker page ...');
  const page = await checkerPageTimes(ROOT, RUNS);
  results.measurements.checkerPage = page.times ? { ...stats(page.times), bytes: page.bytes } : { error: page.error };
  if (page.times) ratio('checker page: 5 MB answer to verdict / 1 s', results.measurements.checkerPage, { median: 1000 }, 1.0, 'headless Chromium, after one warm-up');
  else log(`checker page: not measured (${page.error.slice(0, 80)})`);
} finally {
  await rm(work, { recursive: true, force: true });
}

await mkdir(OUT, { recursive: true });
await writeFile(join(OUT, 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
const ms = (s) => `${s.median.toFixed(0)} ms (${s.min.toFixed(0)}–${s.max.toFixed(0)})`;
const m = results.measurements;
const tables = [
  '| Ratio | Value | Target | Met |',
  '|---|---|---|---|',
  ...results.ratios.map((r) => `| ${r.name} | ${r.value.toFixed(2)} | ${r.target === null ? 'none set' : `<= ${r.target}`} | ${r.met === null ? '' : r.met ? 'yes' : '**no**'} |`),
  '',
  '| Measurement | Time |',
  '|---|---|',
  `| generate, real spec, fresh process, after a one-line edit | ${ms(m.generate)} |`,
  `| generate, real spec, nothing to write (beside the target) | ${ms(m.generateUpToDate)} |`,
  `| generate, real spec, into an empty folder (beside the target) | ${ms(m.generateEmpty)} |`,
  `| floor: one thread loading the packages generate loaded | ${ms(m.floor)} |`,
  `| quicktype-core, Swift only, fresh process | ${ms(m.quicktypeSwift)} |`,
  `| a fresh process loading ts-morph alone, nothing else | ${ms(m.tsMorphLoad)} |`,
  ...m.scaling.map((s) => `| generate, spec ${s.factor}x, after a one-line edit | ${ms(s)} |`),
  `| watch, one-line edit to files rewritten | ${ms(m.watch)} |`,
  `| lsp, an edit to its diagnostics, real spec | ${ms(m.lsp)} |`,
  `| reading the real spec alone (read and parse every file) | ${ms(m.lspReadSpec)} |`,
  `| lsp, an edit to its diagnostics, spec 10x | ${ms(m.lsp10x)} |`,
  `| reading the spec 10x alone | ${ms(m.lsp10xReadSpec)} |`,
  `| check, 100,000 elements (${(m.checkTextBytes / 1e6).toFixed(1)} MB) | ${ms(m.check)} |`,
  `| ajv strict schema, same answer | ${ms(m.ajvStrict)} |`,
  `| JSON.parse, same text | ${ms(m.jsonParse)} |`,
  `| parseAnswer, same text | ${ms(m.parseAnswer)} |`,
  `| element-spec validate, same answer as a file, fresh process | ${ms(m.validate)} |`,
  `| floor: a fresh process reading and JSON.parsing the same file | ${ms(m.parseFloor)} |`,
  `| check, heap growth | ${(m.checkMemory.checkBytes / 1e6).toFixed(1)} MB |`,
  `| TypeScript: JSON.parse + check, same answer | ${(m.jsonParse.median + m.check.median).toFixed(0)} ms |`,
  m.checkerPage.median === undefined
    ? `| checker page (Chromium), 5 MB answer: Check to verdict | not measured: ${m.checkerPage.error.slice(0, 80)} |`
    : `| checker page (Chromium), ${(m.checkerPage.bytes / 1e6).toFixed(1)} MB answer: Check to verdict | ${ms(m.checkerPage)} |`,
  // Each build's rows, as its binding's `bench` words them: what it decodes, and what it validates.
  ...BENCHED.flatMap(([, b]) => [[`${b.key}Decode`, `${b.build}: ${b.decodes}`], ...(b.validates ? [[`${b.key}Validate`, `${b.build}: ${b.validates}`]] : [])]).map(([n, label]) => { const d = m[n]; return `| ${label}, same answer | ${d.median === undefined ? `not measured: ${d.error.slice(0, 80)}` : ms(d)} |`; }),
];
const when = `${results.date.slice(0, 10)}, Node ${results.node}, ${RUNS} runs each (median, min–max)`;
const md = ['# Benchmark results', '', `${when}. Produced by \`npm run bench\`.`, '', ...tables, '', '![Scaling](scaling.svg)', ''].join('\n');
await writeFile(join(OUT, 'results.md'), md);
// docs/performance.md shows the same tables, between two markers, so it never shows stale figures.
const pagePath = join(ROOT, 'docs/performance.md');
const page = await readFile(pagePath, 'utf8');
const block = /(<!-- bench:start -->\n)[\s\S]*?(<!-- bench:end -->)/;
if (block.test(page)) await writeFile(pagePath, page.replace(block, `$1${when}:\n\n${tables.join('\n')}\n$2`));
// A small SVG chart of the scaling runs: spec size (log scale) against generate time.
const pts = m.scaling.map((s) => ({ x: Math.log10(s.factor), y: s.median }));
const maxY = Math.max(...pts.map((p) => p.y)) * 1.1;
const X = (x) => 60 + (x / 2) * 420;
const Y = (y) => 260 - (y / maxY) * 220;
const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="520" height="300" font-family="sans-serif" font-size="12">
<rect width="520" height="300" fill="white"/>
<line x1="60" y1="260" x2="480" y2="260" stroke="black"/><line x1="60" y1="40" x2="60" y2="260" stroke="black"/>
<text x="270" y="292" text-anchor="middle">spec size (x the real spec, log scale)</text>
<text x="14" y="150" transform="rotate(-90 14 150)" text-anchor="middle">generate, ms</text>
<polyline fill="none" stroke="#2563eb" stroke-width="2" points="${pts.map((p) => `${X(p.x).toFixed(1)},${Y(p.y).toFixed(1)}`).join(' ')}"/>
${pts.map((p, i) => `<circle cx="${X(p.x).toFixed(1)}" cy="${Y(p.y).toFixed(1)}" r="4" fill="#2563eb"/><text x="${X(p.x).toFixed(1)}" y="${(Y(p.y) - 10).toFixed(1)}" text-anchor="middle">${m.scaling[i].factor}x: ${p.y.toFixed(0)} ms</text>`).join('\n')}
<line x1="${X(0)}" y1="${Y(m.floor.median)}" x2="480" y2="${Y(m.floor.median)}" stroke="#999" stroke-dasharray="4"/><text x="476" y="${Y(m.floor.median) - 4}" text-anchor="end" fill="#666">floor</text>
</svg>
`;
await writeFile(join(OUT, 'scaling.svg'), svg);
log(`\nwrote ${join('bench/results', 'results.json')}, results.md and scaling.svg`);
