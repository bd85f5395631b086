import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'vitest';
import { inCase } from '../../../generator/emit/kit/naming.js';
import { PYTHON_NAMING } from '../../../generator/emit/python/naming.js';
import type { BindingExpectations } from '../../helpers/binding-expectations.js';

/** What the tests expect of the Python package's code (test/helpers/binding-expectations.ts). */
export const EXPECTED: BindingExpectations = {
  declarations: {
    pattern: /^(?:class\s+([A-Z]\w*)|([A-Z]\w*)\s*(?::[^=\n]*)?=)/gm,
    // `SPEC` is no class's name: a type `SPEC` is `class Spec`.
    spelt: (n) => inCase(n, 'UpperCamel'),
    reserved: () => PYTHON_NAMING.reservedTypes,
  },
  collision: { name: 'Requirement', file: 'python/src/element_model/models.py', holds: /^class Requirement_\(/m },
  findings: { reportedIn: ['check.py', 'nested.py', 'json_text.py', 'json_scan.py'], spelling: (id) => `"${id}"`, printedIn: 'python/src/element_model/spec.py' },
  reportsMissingRecord: true,
  // TOOL_DEFINITIONS, read as a Python literal, is tools.json.
  carriesTools: async (generated, tools) => {
    const source = await readFile(join(generated, 'python/src/element_model/operations.py'), 'utf8');
    const literal = source.slice(source.indexOf('TOOL_DEFINITIONS: Final'), source.lastIndexOf('"""The operations as MCP'));
    const json = execFileSync('python3', ['-c', 'import ast, json, sys; print(json.dumps(ast.literal_eval(sys.stdin.read().split("=", 1)[1])))'], { input: literal, encoding: 'utf8' });
    expect(JSON.parse(json)).toEqual(tools);
  },
  describeOperation: { path: 'python/src/element_model/operations.py', text: 'async def describe(self, request: DescribeRequest) -> DescribeResponse:' },
  findOperation: [
    {
      path: 'python/src/element_model/operations.py',
      texts: ['class FindRequest(BaseModel):', 'FindResponse: TypeAlias = Element', 'async def find(self, request: FindRequest) -> FindResponse:', '"name": "find"'],
    },
  ],
  deprecationMarks: async (read) => {
    const python = await read('python/src/element_model/models.py');
    expect(python).toContain('url: Annotated[str | None, _NOT_NULL] = Field(default=None, deprecated="Deprecated since 0.2.1; use attributes.", exclude_if=_absent)');
  },
  versions: {
    manifest: { path: 'python/pyproject.toml', pattern: /^version = "([^"]+)"$/m },
    sdk: { path: 'python/src/element_model/__init__.py', pattern: /^SDK_VERSION = "([^"]+)"/m },
    protocol: [{ path: 'python/src/element_model/__init__.py', pattern: /^PROTOCOL_VERSION = "([^"]+)"/m }],
  },
  install: (v) => ({ fence: 'sh', text: `pip install element-model==${v}\n`, whole: true }),
  readme: { fence: 'python', output: (example) => `${example.noFindings}\\n${example.elements} elements\\n` },
};
