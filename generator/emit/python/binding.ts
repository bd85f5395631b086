import type { Binding } from '../core/binding.js';

/** The Python package's place in the toolchain: pytest and mypy --strict in a pinned venv (scripts/python-test.sh). */
export const PYTHON_BINDING: Binding = {
  title: 'Python',
  toolchain: 'python',
  runner: 'scripts/python-test.sh',
  types: 'python/src/element_model/models.py',
  fieldCase: 'snake_case',
  conformance: {
    filter: 'conformance',
    // pytest counts tests, so only the findings tests, one a vector, are counted.
    counted: { filter: 'conformance and test_findings', pattern: '(\\d+) passed', each: false, extra: 0 },
    appleRoles: null,
  },
  suites: {
    readme: { filter: 'conformance or readme or dump', said: '\\b\\d+ passed' },
    deprecation: { filter: 'conformance or deprecation', said: '\\b\\d+ passed' },
    // Whole: mypy --strict runs only then.
    operations: { filter: '', said: 'Success: no issues found' },
    revised: { filter: '', said: 'Success: no issues found' },
  },
  validator: { kind: 'python-module', module: 'element_model.validate', path: 'python/src' },
  // Its MCP round trip is the package's own tests/test_mcp.py, which test/bindings/python/python.test.ts runs.
  tests: { loop: 'full' },
  readmeExample: 'python/tests/test_readme.py',
  mcp: 'test/bindings/python/python.test.ts',
  // Installed into a folder of its own, imported, and held to mypy --strict, in the venv of its pinned test tools.
  buildOnly: [
    'made="$(bash "$ROOT/scripts/python-venv.sh" "$PWD/requirements-test.txt")" || exit $?',
    'py="$(printf \'%s\\n\' "$made" | tail -n 1)/bin/python"; work="$(mktemp -d -t element-names-python-XXXXXX)"; trap \'rm -rf "$work"\' EXIT',
    '"$py" -m pip install -q --disable-pip-version-check --no-deps --no-build-isolation --target "$work/site" . || exit 1',
    'export PYTHONPATH="$work/site" PYTHONDONTWRITEBYTECODE=1',
    '(cd "$work" && "$py" -c "import element_model") || exit 1',
    '"$py" -m mypy --strict --cache-dir "$work/mypy-cache" src',
  ].join('\n'),
  declares: { generated: ['src/element_model/spec.py'], fileNames: [] },
  bench: {
    module: 'bench/bindings/python.mjs',
    rounds: true,
    builds: [
      {
        key: 'python',
        env: {},
        build: 'Python',
        decodes: 'parse_answer (read, check, decode)',
        validates: 'validate_text (read and check)',
        ratio: { label: 'Python parse_answer', target: 5 },
      },
    ],
  },
};
