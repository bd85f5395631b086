import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { Project, ts } from 'ts-morph';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../generator/cli.js';
import { withRevision } from '../helpers/revision.js';
import { withExpectations } from '../helpers/binding-expectations.js';
import { COMPILED, runBinding, runValidatorCases, titled } from '../helpers/bindings.js';
import { readValidatorResults, validatorMismatches, writeValidatorCases } from '../helpers/validator-cases.js';

const BINDINGS = await withExpectations();

// test/fixtures/revisions/deprecation: RFC-0002 (additive, 0.2.1) deprecates Element.url, the role Cell, the
// reserved attribute author and the operation locate, and adds Screen; RFC-0003 (breaking, 0.3.0) removes Page and
// keeps it as a deprecated alias of Screen.
describe('deprecations and a renamed role with an alias, in every artifact', () => {
  let s: Awaited<ReturnType<typeof withRevision>>;
  const read = (path: string) => readFile(join(s.out, path), 'utf8');
  const io = { text: '', out: (t: string) => { io.text += t; }, err: (t: string) => { io.text += t; } };
  beforeAll(async () => {
    s = await withRevision('deprecation');
    expect(await main(['generate', '--spec', s.spec, '--out', s.out], io), io.text).toBe(0);
  }, 180_000);
  afterAll(() => s.dispose());

  it('diff lists each deprecation as additive, and the rename as deprecated, not removed', async () => {
    io.text = '';
    expect(await main(['diff', '--spec', s.spec, '--to', '0.2.1'], io)).toBe(0);
    expect(io.text).toContain('0.2.0 (RFC-0001) -> 0.2.1 (RFC-0002): additive');
    for (const line of ['Element.url deprecated; use attributes', 'attribute author deprecated', 'operation locate deprecated', 'role Cell deprecated; use Text']) {
      expect(io.text).toMatch(new RegExp(`additive +deprecated +${line}`));
    }
    io.text = '';
    expect(await main(['diff', '--spec', s.spec], io)).toBe(0);
    expect(io.text).toMatch(/additive +deprecated +Role Page renamed: a deprecated alias of Screen/);
    expect(io.text).not.toContain('role-removed');
  });

  it('marks them in the schemas and the docs', async () => {
    const strict = JSON.parse(await read('schema/answer.strict.schema.json'));
    expect(strict.$defs.Element.properties.url).toMatchObject({ deprecated: true, description: expect.stringContaining('Deprecated since 0.2.1; use attributes.') });
    expect(strict.$defs.Element.properties.title.deprecated).toBeUndefined();
    expect(strict.$defs.Attributes.properties.author.deprecated).toBe(true);
    expect(strict.$defs.Role.anyOf[1]).toEqual({ enum: ['Cell', 'Page'], deprecated: true });
    // Still valid, for providers too: a deprecated name is no error.
    const validate = new Ajv2020({ strict: false }).compile(strict);
    expect(validate({ protocol: '0.3.0', instance: 'i', root: { id: 'app', role: 'Application', children: [{ id: 'a', role: 'Page', url: 'u' }] } }), JSON.stringify(validate.errors)).toBe(true);
    const element = await read('docs/element.md');
    expect(element).toMatch(/<Badge type="warning" text="deprecated" \/> Deprecated since 0\.2\.1; use `attributes`\./);
    const roles = await read('docs/roles.md');
    expect(roles).toContain('`Page` (removed in 0.3.0) still reads as this role, a deprecated alias.');
  });

  // Each language's marks, as its test/bindings/<name>/expectations.ts writes them.
  it.for(BINDINGS)('marks them in %s the language\'s way', async ([, , expected]) => {
    await expected.deprecationMarks(read);
  });

  it('TypeScript: each role is a member of the Role object, and an editor flags the deprecated ones', async () => {
    const sdk = await import(pathToFileURL(join(s.out, 'typescript/dist/index.js')).href);
    expect(sdk.Role.Cell).toBe('Cell');
    expect(sdk.Role.Page).toBe('Screen');
    expect(Object.values(sdk.Role).every((r) => sdk.ROLES.includes(r))).toBe(true);
    // A consumer of the published declarations: TypeScript's language service strikes the deprecated members through.
    const project = new Project({ compilerOptions: { module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, strict: true, noEmit: true } });
    const consumer = project.createSourceFile(join(s.out, 'consumer.ts'), "import { Role } from './typescript/dist/index.js';\nexport const roles: Role[] = [Role.Cell, Role.Page, Role.Text];\n");
    expect(project.getPreEmitDiagnostics().map((d) => d.getMessageText())).toEqual([]);
    const flagged = project.getLanguageService().compilerObject.getSuggestionDiagnostics(consumer.getFilePath())
      .filter((d) => d.reportsDeprecated)
      .map((d) => consumer.getFullText().slice(d.start ?? 0, (d.start ?? 0) + (d.length ?? 0)));
    expect(flagged).toEqual(['Cell', 'Page']);
  });

  it('the TypeScript checker warns at each deprecated name, exit 0, and reads the alias as its role', async () => {
    const sdk = await import(pathToFileURL(join(s.out, 'typescript/dist/index.js')).href);
    const answer = { protocol: '0.3.0', instance: 'i', root: { id: 'app', role: 'Application', children: [{ id: 'a', role: 'Cell', url: 'u', attributes: { author: 'x' } }, { id: 'b', role: 'Page' }] } };
    expect(sdk.check(answer).map((f: Record<string, unknown>) => `${f.rule} ${f.severity} ${f.requirement} ${f.path}: ${f.message}`)).toEqual([
      'deprecated-name warning null /root/children/0/attributes/author: "author" is deprecated since 0.2.1',
      'deprecated-name warning null /root/children/0/role: "Cell" is deprecated since 0.2.1; use Text',
      'deprecated-name warning null /root/children/0/url: "url" is deprecated since 0.2.1; use attributes',
      'deprecated-name warning null /root/children/1/role: "Page" is deprecated since 0.3.0; use Screen',
    ]);
    expect(sdk.readRole('Page')).toEqual({ role: 'Screen', raw: 'Page', known: true });
    expect(sdk.exitCodeOf(sdk.check(answer))).toBe(0);
    // 0.2.0 knew none of it: Page was a role, and nothing was deprecated.
    expect(sdk.check({ ...answer, protocol: '0.2.0' }).map((f: Record<string, unknown>) => f.rule)).toEqual([]);
    // Every deprecated name has its vector, each with the one warning.
    const index = JSON.parse(await read('conformance/index.json'));
    expect(index.vectors.filter((n: string) => n.startsWith('deprecated-'))).toEqual(['deprecated-attribute-author', 'deprecated-field-url', 'deprecated-role-Cell', 'deprecated-role-Page']);
  });

  // Each binding builds with warnings as errors, its checker gives the deprecated-name vectors' findings, and its
  // deprecation tests (generated only for a spec that deprecates a role) hold the marks and the alias to the spec.
  // (A binding whose linter runs only on its whole suite runs whole: go vet, staticcheck, clippy -D warnings.)
  it.for(titled(COMPILED))('the %s binding compiles and passes every vector', { timeout: 900_000 }, async ([, b], ctx) => {
    const result = await runBinding(ctx, b, join(s.out, b.outDir), join(s.out, 'conformance'), b.suites.deprecation.filter);
    expect(result.code, result.output).toBe(0);
    expect(result.output).toMatch(new RegExp(b.suites.deprecation.said));
  });

  // Every binding's validator prints the bytes TypeScript's prints, as JSON and as text, and exits as it does, on
  // this spec's vectors (one per deprecated field, role, alias and reserved attribute) and on one answer holding all
  // four in an element of 0.3.0 and of the released 0.2.0, which deprecated nothing.
  it.for(titled(COMPILED))('the %s validator prints what TypeScript\'s does on the deprecated names', { timeout: 900_000 }, async ([, b], ctx) => {
    const casesDir = join(s.dir, `validate-${b.name}`);
    const element = { id: 'a', role: 'Cell', url: 'u', attributes: { author: 'x' }, children: [{ id: 'b', role: 'Page' }] };
    const answer = (protocol: string) => ({ protocol, instance: 'i', root: { id: 'app', role: 'Application', children: [element] } });
    const cases = await writeValidatorCases(casesDir, { generated: s.out, handVectors: false, extra: { 'deprecated-names.json': answer('0.3.0'), 'deprecated-names-0.2.0.json': answer('0.2.0') }, alone: 'batch-only' });
    // The cases hold each deprecated name's warning, so a validator that leaves one out, or words it otherwise, differs.
    const said = cases.map((c) => (typeof c.out === 'string' ? c.out : '')).join('\n');
    for (const name of ['url', 'Cell', 'Page', 'author']) expect(said).toContain(`\\"${name}\\" is deprecated since`);
    const result = await runValidatorCases(ctx, b, s.out, casesDir, true);
    expect(result.output).toContain(`validator-cases: ran ${cases.length} cases`);
    expect(validatorMismatches(cases, await readValidatorResults(casesDir, cases))).toEqual([]);
  });
});
