// Times Swift's (debug and release builds), Kotlin's, Python's, Go's and Rust's (release build) decoding, and validating, of the bench answer: each binding is copied to a
// temporary folder with one extra test that reads the answer file, decodes it and validates it several times and prints the times.
// Run by bench/run.mjs.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const RUNS = 7;
/** How many times Python, Go and Rust are timed, each round beside TypeScript's parseAnswer. */
const ROUNDS = 3;
/** Untimed decodes and validations before Kotlin's timed ones (each binding's first timed run is dropped too). */
const JVM_WARMUPS = 3;

const swiftTest = `import Foundation
import XCTest
@testable import ElementModel

final class BenchDecodeTests: XCTestCase {
    func testDecodeBenchAnswer() throws {
        guard let path = ProcessInfo.processInfo.environment["ELEMENT_BENCH_FILE"] else { return }
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        var times: [Double] = []
        for _ in 0..<${RUNS} {
            let start = Date()
            _ = try Answer(jsonData: data)
            times.append(Date().timeIntervalSince(start) * 1000)
        }
        print("bench-decode: " + times.map { String(format: "%.1f", $0) }.joined(separator: " "))
        times = []
        for _ in 0..<${RUNS} {
            let start = Date()
            _ = validateText(data)
            times.append(Date().timeIntervalSince(start) * 1000)
        }
        print("bench-validate: " + times.map { String(format: "%.1f", $0) }.joined(separator: " "))
    }
}
`;

const kotlinTest = `package dev.elementmodel

import java.io.File
import org.junit.jupiter.api.Test

private const val JVM_WARMUPS = ${JVM_WARMUPS}

class BenchDecodeTest {
    @Test
    fun decodeBenchAnswer() {
        val path = System.getenv("ELEMENT_BENCH_FILE") ?: return
        val text = File(path).readText()
        // The JIT compiles the decoder over the first few decodes of an answer this size; "warm" is after them.
        repeat(JVM_WARMUPS) {
            decodeAnswer(text)
            validateText(text)
        }
        val times = (0 until ${RUNS}).map {
            val start = System.nanoTime()
            decodeAnswer(text)
            (System.nanoTime() - start) / 1e6
        }
        println("bench-decode: " + times.joinToString(" ") { "%.1f".format(it) })
        val validateTimes = (0 until ${RUNS}).map {
            val start = System.nanoTime()
            validateText(text)
            (System.nanoTime() - start) / 1e6
        }
        println("bench-validate: " + validateTimes.joinToString(" ") { "%.1f".format(it) })
    }
}
`;

// Python: parse_answer (read, check, decode into the pydantic models) and validate_text, on the package's sources.
const pythonBench = `import sys, time
from element_model import parse_answer
from element_model.validate import validate_text
text = open(sys.argv[1], encoding="utf-8").read()
for label, run in (("bench-decode: ", parse_answer), ("bench-validate: ", validate_text)):
    times = []
    for _ in range(${RUNS}):
        start = time.perf_counter()
        run(text)
        times.append((time.perf_counter() - start) * 1000)
    print(label + " ".join(f"{t:.1f}" for t in times))
`;

// Go: ParseAnswer (read, check, decode into the types) and ValidateText, as a test in a copy of the module.
const goBench = `package elementmodel

import (
\t"fmt"
\t"os"
\t"strings"
\t"testing"
\t"time"
)

func TestBenchDecode(t *testing.T) {
\tpath := os.Getenv("ELEMENT_BENCH_FILE")
\tif path == "" {
\t\tt.Skip("no ELEMENT_BENCH_FILE")
\t}
\tdata, err := os.ReadFile(path)
\tif err != nil {
\t\tt.Fatal(err)
\t}
\ttext := string(data)
\tfor _, run := range []struct {
\t\tlabel string
\t\tf     func()
\t}{
\t\t{"bench-decode: ", func() { _, _ = ParseAnswer(text) }},
\t\t{"bench-validate: ", func() { _ = ValidateText(text, Limits) }},
\t} {
\t\tvar times []string
\t\tfor i := 0; i < ${RUNS}; i++ {
\t\t\tstart := time.Now()
\t\t\trun.f()
\t\t\ttimes = append(times, fmt.Sprintf("%.1f", float64(time.Since(start).Microseconds())/1000))
\t\t}
\t\tfmt.Println(run.label + strings.Join(times, " "))
\t}
}
`;

/** Go's times, from a copy of the module with the bench test, built in the toolchain cache, or an error. */
function goTimes(root, work, answerFile) {
  const dir = join(work, 'go');
  writeFileSync(join(dir, 'bench_decode_test.go'), goBench);
  const cache = process.env.ELEMENT_TOOLCHAIN_CACHE ?? '/var/cache/element-model-toolchains';
  const env = { ...process.env, ELEMENT_BENCH_FILE: answerFile, GOCACHE: join(cache, 'go-build'), GOPATH: join(cache, 'go-path'), GOFLAGS: '-mod=mod', GOPROXY: 'off', GOTOOLCHAIN: 'local' };
  const r = spawnSync('go', ['test', '-count=1', '-run', '^TestBenchDecode$', '-v', '.'], { cwd: dir, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const output = `${r.stdout}\n${r.stderr}`;
  const times = parseTimes(output, 'bench-decode: ');
  return times ? { times, validateTimes: parseTimes(output, 'bench-validate: ') } : { error: `no timing (exit ${r.status}): ${output.slice(-400)}` };
}

// Rust: parse_answer (read, check, decode into the serde types) and validate_text, as a cargo example added to a
// copy of the crate, built with --release.
const rustBench = `use std::time::Instant;

use element_model::validate::validate_text;
use element_model::{CheckOptions, parse_answer};

fn main() {
    let path = std::env::args().nth(1).expect("the answer file");
    let text = std::fs::read_to_string(path).expect("the answer");
    let mut times = Vec::new();
    for _ in 0..${RUNS} {
        let start = Instant::now();
        let parsed = parse_answer(&text);
        times.push(start.elapsed().as_secs_f64() * 1000.0);
        assert!(parsed.is_ok(), "the bench answer parses");
    }
    println!("bench-decode: {}", times.iter().map(|t| format!("{t:.1}")).collect::<Vec<_>>().join(" "));
    times.clear();
    for _ in 0..${RUNS} {
        let start = Instant::now();
        let _ = validate_text(&text, CheckOptions::default());
        times.push(start.elapsed().as_secs_f64() * 1000.0);
    }
    println!("bench-validate: {}", times.iter().map(|t| format!("{t:.1}")).collect::<Vec<_>>().join(" "));
}
`;

/** Rust's times, from a release build of a copy of the crate with the bench as an example (scripts/rust-env.sh), or an error. */
async function rustTimes(root, work, answerFile) {
  const env = spawnSync('bash', [join(root, 'scripts/rust-env.sh')], { cwd: root, encoding: 'utf8' });
  if (env.status !== 0) return { error: `no Rust (exit ${env.status}): ${env.stderr.slice(-300)}` };
  const vars = Object.fromEntries([...env.stdout.matchAll(/^export (\w+)=(.*)$/gm)].map((m) => [m[1], m[2].replace(/^'|'$/g, '')]));
  await cp(join(root, 'generated/rust'), join(work, 'rust'), { recursive: true });
  await mkdir(join(work, 'rust/examples'), { recursive: true });
  await writeFile(join(work, 'rust/examples/bench.rs'), rustBench);
  const r = spawnSync('cargo', ['run', '--locked', '-q', '--release', '--example', 'bench', '--', answerFile], {
    cwd: join(work, 'rust'),
    encoding: 'utf8',
    env: { ...process.env, ...vars },
    maxBuffer: 64 * 1024 * 1024,
  });
  const output = `${r.stdout}\n${r.stderr}`;
  const times = parseTimes(output, 'bench-decode: ');
  return times ? { times, validateTimes: parseTimes(output, 'bench-validate: ') } : { error: `no timing (exit ${r.status}): ${output.slice(-400)}` };
}

/** Python's times, in the venv the package's tests use (scripts/python-venv.sh), or an error. */
function pythonTimes(root, work, answerFile) {
  const venv = spawnSync('bash', [join(root, 'scripts/python-venv.sh')], { cwd: root, encoding: 'utf8' });
  if (venv.status !== 0) return { error: `no Python venv (exit ${venv.status}): ${venv.stderr.slice(-300)}` };
  const script = join(work, 'python-bench.py');
  writeFileSync(script, pythonBench);
  const python = join(venv.stdout.trim(), 'bin/python');
  const r = spawnSync(python, [script, answerFile], { cwd: root, encoding: 'utf8', env: { ...process.env, PYTHONPATH: join(root, 'generated/python/src') }, maxBuffer: 64 * 1024 * 1024 });
  const output = `${r.stdout}\n${r.stderr}`;
  const times = parseTimes(output, 'bench-decode: ');
  return times ? { times, validateTimes: parseTimes(output, 'bench-validate: ') } : { error: `no timing (exit ${r.status}): ${output.slice(-400)}` };
}

/** The times printed after `label` (`bench-decode: ` or `bench-validate: `), or null. */
function parseTimes(output, label) {
  const line = output.split('\n').find((l) => l.includes(label));
  return line ? line.slice(line.indexOf(label) + label.length).trim().split(/\s+/).map(Number) : null;
}

/**
 * Each binding's times, and, when `beside` is given, TypeScript's parseAnswer timed by it just before that binding
 * runs (`beside` on each result), so that each ratio's two sides are timed minutes apart at most, not the whole bench.
 * Python's, Go's and Rust's come as `rounds`, each `{ times, validateTimes, beside }`.
 */
export async function bindingDecodeTimes(root, answerFile, only = null, beside = null) {
  const work = await mkdtemp(join(tmpdir(), 'element-bench-bindings-'));
  const out = {};
  try {
    await cp(join(root, 'generated/swift'), join(work, 'swift'), { recursive: true });
    await cp(join(root, 'generated/kotlin'), join(work, 'kotlin'), { recursive: true });
    await cp(join(root, 'generated/conformance'), join(work, 'conformance'), { recursive: true });
    await writeFile(join(work, 'swift/Tests/ElementModelTests/BenchDecodeTests.swift'), swiftTest);
    await writeFile(join(work, 'kotlin/src/test/kotlin/dev/elementmodel/BenchDecodeTest.kt'), kotlinTest);
    // The chroot sees only its own tree: the Swift runner copies the package in; the answer goes beside it.
    await cp(answerFile, join(work, 'swift/bench-answer.json'));
    for (const [name, script, dir, file, extra] of [
      ['swift', 'scripts/swift-test.sh', 'swift', 'bench-answer.json', {}],
      ['swiftRelease', 'scripts/swift-test.sh', 'swift', 'bench-answer.json', { ELEMENT_SWIFT_RELEASE: '1' }],
      ['kotlin', 'scripts/kotlin-test.sh', 'kotlin', answerFile, {}],
    ]) {
      if (only && !only.includes(name)) continue;
      const ts = beside?.();
      const env = { ...process.env, ELEMENT_BENCH_FILE: file, ...extra };
      const r = spawnSync('bash', [join(root, script), join(work, dir), join(work, 'conformance')], { cwd: root, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
      const output = `${r.stdout}\n${r.stderr}`;
      const times = parseTimes(output, 'bench-decode: ');
      const validateTimes = parseTimes(output, 'bench-validate: ');
      out[name] = times ? { times, validateTimes, beside: ts } : { error: `no timing (exit ${r.status}): ${(r.stdout + r.stderr).slice(-400)}` };
    }
    // Python, Go and Rust start in seconds, so each is timed in ROUNDS rounds, each after parseAnswer of its own:
    // the machine's speed, which moves over a minute here, then moves both sides of a round alike.
    const inRounds = async (time) => {
      const rounds = [];
      for (let k = 0; k < ROUNDS; k++) {
        const ts = beside?.();
        const result = await time();
        if ('error' in result) return result;
        rounds.push({ ...result, beside: ts });
      }
      return { rounds };
    };
    if (!only || only.includes('python')) out.python = await inRounds(() => pythonTimes(root, work, answerFile));
    if (!only || only.includes('go')) {
      await cp(join(root, 'generated/go'), join(work, 'go'), { recursive: true });
      out.go = await inRounds(() => goTimes(root, work, answerFile));
    }
    if (!only || only.includes('rust')) out.rust = await inRounds(() => rustTimes(root, work, answerFile));
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  return out;
}
