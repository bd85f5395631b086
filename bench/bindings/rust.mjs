// The Rust crate's bench (its binding's `bench`): parse_answer (read, check, decode into the serde types) and
// validate_text, as a cargo example added to a copy of the crate, built with --release (scripts/rust-env.sh).
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { RUNS, copied, run, timesOf } from '../binding-times.mjs';

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

export async function times({ root, work, answerFile, binding, build }) {
  const vars = run('bash', [join(root, 'scripts/rust-env.sh')], { cwd: root });
  if (vars.status !== 0) return { error: `no Rust (exit ${vars.status}): ${vars.stderr.slice(-300)}` };
  const env = Object.fromEntries([...vars.stdout.matchAll(/^export (\w+)=(.*)$/gm)].map((m) => [m[1], m[2].replace(/^'|'$/g, '')]));
  const dir = await copied(root, work, binding.outDir);
  await mkdir(join(dir, 'examples'), { recursive: true });
  await writeFile(join(dir, 'examples/bench.rs'), rustBench);
  return timesOf(run('cargo', ['run', '--locked', '-q', '--release', '--example', 'bench', '--', answerFile], { cwd: dir, env: { ...process.env, ...env, ...build.env } }));
}
