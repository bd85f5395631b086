import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Connection } from 'vscode-languageserver/node';
import { FEATURE_CAPABILITIES, registerFeatures } from '../../generator/lsp/features/index.js';
import type { SpecSnapshot } from '../../generator/lsp/snapshot.js';
import { lspDiagnosticOf, positionOf, snapshotOf } from '../helpers/lsp-features.js';
import { SPEC } from '../helpers/spec.js';

/**
 * registerFeatures on a stand-in connection that records the handlers, as the server's connection would: each
 * capability the features announce has its handler, each handler finds the document by its URI, and a feature that
 * throws answers empty and logs instead of failing the request.
 */
const RFC1 = 'spec/rfcs/0001-element-model.md';
type Handler = (params: unknown) => Promise<unknown>;

function fakeConnection() {
  const handlers = new Map<string, Handler>();
  const logged: string[] = [];
  const shown: string[] = [];
  const record = (name: string) => (h: Handler) => void handlers.set(name, h);
  const connection = {
    onHover: record('hover'),
    onDefinition: record('definition'),
    onReferences: record('references'),
    onCompletion: record('completion'),
    onCodeAction: record('codeAction'),
    onDocumentSymbol: record('documentSymbol'),
    onCodeLens: record('codeLens'),
    onCodeLensResolve: record('codeLensResolve'),
    onExecuteCommand: record('executeCommand'),
    console: { error: (m: string) => void logged.push(`error: ${m}`), log: (m: string) => void logged.push(`log: ${m}`) },
    window: { showInformationMessage: async (m: string) => void shown.push(m) },
  };
  return { connection: connection as unknown as Connection, handlers, logged, shown };
}

describe('registerFeatures', () => {
  let s: SpecSnapshot;
  let uri: string;
  beforeAll(async () => {
    s = await snapshotOf(SPEC);
    uri = pathToFileURL(s.absolutePathOf(RFC1)).href;
  });

  it('announces a capability for each handler it registers', () => {
    const { connection, handlers } = fakeConnection();
    registerFeatures(connection, async () => s);
    expect([...handlers.keys()].sort()).toEqual(['codeAction', 'codeLens', 'codeLensResolve', 'completion', 'definition', 'documentSymbol', 'executeCommand', 'hover', 'references']);
    expect(FEATURE_CAPABILITIES).toMatchObject({
      hoverProvider: true,
      definitionProvider: true,
      referencesProvider: true,
      documentSymbolProvider: true,
      codeLensProvider: { resolveProvider: true },
      executeCommandProvider: { commands: ['element-spec.showDiff'] },
    });
  });

  it('answers requests by URI: hover, references, symbols, completion and a code action', async () => {
    const { connection, handlers } = fakeConnection();
    registerFeatures(connection, async () => s);
    const call = (name: string, params: unknown) => (handlers.get(name) as Handler)(params);
    const position = positionOf(s, RFC1, '| `visible` |', 4);
    const h = (await call('hover', { textDocument: { uri }, position })) as { contents: { value: string } };
    expect(h.contents.value).toContain('field `Element.visible`');
    expect(await call('references', { textDocument: { uri }, position, context: { includeDeclaration: true } })).toHaveLength(5);
    expect(((await call('documentSymbol', { textDocument: { uri } })) as { name: string }[])[0]?.name).toBe('RFC-0001: The element model');
    const kinds = (await call('completion', { textDocument: { uri }, position: positionOf(s, RFC1, '| `Answer` | 4.4 | record', 22) })) as { label: string }[];
    expect(kinds.map((k) => k.label)).toContain('record');
    // A finding as the server publishes one (code and data), naming the words the cell takes: the fix edits this URI.
    const finding = { ruleId: 'bad-cell' as const, file: RFC1, line: position.line + 1, column: 3, message: 'The Field must be one of: visibl, hidden', actual: 'visible', hint: '', severity: 'error' as const };
    const actions = (await call('codeAction', { textDocument: { uri }, range: { start: position, end: position }, context: { diagnostics: [lspDiagnosticOf(finding)] } })) as { title: string; edit: { changes: Record<string, unknown[]> } }[];
    expect(actions.map((a) => a.title)).toEqual(['Change visible to visibl']);
    expect(actions[0]?.edit.changes).toEqual({ [uri]: [{ range: { start: { line: position.line, character: 3 }, end: { line: position.line, character: 10 } }, newText: 'visibl' }] });
  });

  it('a document outside the spec folder gets nothing; no spec is logged, a feature that throws answers empty and logs an error', async () => {
    const { connection, handlers, logged } = fakeConnection();
    let fail = false;
    registerFeatures(connection, async () => {
      if (fail) throw new Error('the snapshot could not be made');
      return s;
    });
    const hover = handlers.get('hover') as Handler;
    expect(await hover({ textDocument: { uri: 'file:///tmp/notes.md' }, position: { line: 0, character: 0 } })).toBeNull();
    expect(await hover({ textDocument: { uri: 'untitled:Untitled-1' }, position: { line: 0, character: 0 } })).toBeNull();
    fail = true;
    expect(await (handlers.get('references') as Handler)({ textDocument: { uri }, position: { line: 0, character: 0 }, context: { includeDeclaration: true } })).toEqual([]);
    // No spec to answer from is said in the log, not as an error.
    expect(logged).toEqual(['log: element-spec features: no spec to answer from: the snapshot could not be made']);
    fail = false;
    // A feature that throws (a snapshot missing its files) answers empty, and that is an error in the log.
    const broken = { ...s, files: null } as unknown as SpecSnapshot;
    const { connection: c2, handlers: h2, logged: l2 } = fakeConnection();
    registerFeatures(c2, async () => broken);
    expect(await (h2.get('documentSymbol') as Handler)({ textDocument: { uri } })).toEqual([]);
    expect(l2).toHaveLength(1);
    expect(l2[0]).toMatch(/^error: element-spec features: /);
  });

  it('the lens command shows the diff of the RFC it was resolved for', async () => {
    const { connection, handlers, shown } = fakeConnection();
    registerFeatures(connection, async () => s);
    const text = (await (handlers.get('executeCommand') as Handler)({ command: 'element-spec.showDiff', arguments: [RFC1] })) as string;
    expect(text.split('\n')[0]).toBe('RFC-0001 against nothing: breaking');
    expect(shown).toEqual([text]);
  });
});
