// The Python package's bench (its binding's `bench`): parse_answer (read, check, decode into the pydantic models)
// and validate_text, on the package's sources, in the venv the package's tests use (scripts/python-venv.sh).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { RUNS, run, timesOf } from '../binding-times.mjs';

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

export function times({ root, work, answerFile, binding, build }) {
  const venv = run('bash', [join(root, 'scripts/python-venv.sh')], { cwd: root });
  if (venv.status !== 0) return { error: `no Python venv (exit ${venv.status}): ${venv.stderr.slice(-300)}` };
  const script = join(work, 'python-bench.py');
  writeFileSync(script, pythonBench);
  const python = join(venv.stdout.trim(), 'bin/python');
  const env = { ...process.env, PYTHONPATH: join(root, 'generated', binding.validator.path), ...build.env };
  return timesOf(run(python, [script, answerFile], { cwd: root, env }));
}
