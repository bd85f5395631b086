import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type Connection,
  type InitializeParams,
  type InitializeResult,
  TextDocumentSyncKind,
  TextDocuments,
} from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { type Diagnostic, sortDiagnostics } from '../diagnostics/report.js';
import { DEFAULT_DIRS } from '../spec-files.js';
import { FEATURE_CAPABILITIES, registerFeatures } from './features/index.js';
import { AdaptiveDebounce } from './debounce.js';
import { EmitPass } from './emit-pass.js';
import { readSnapshot, textsOf } from './overlay.js';
import type { SpecSnapshot } from './snapshot.js';
import { type SpecFolders, findSpecFolders, specPathIn } from './spec-folder.js';
import { Publisher } from './publish.js';

/** What the command line or the client's initializationOptions may say; the rest is found from the workspace. */
export interface ServerOptions {
  /** The spec folder, absolute; found from the workspace or an opened file when absent. */
  spec?: string;
  /** The generated folder (the records of released versions); beside the spec when absent. */
  out?: string;
  /** Whether to also run every target once the typing pauses, for the targets' findings `check` reports (default on). */
  emit?: boolean;
  /** How long the typing must pause before the targets run, in ms. */
  emitQuietMs?: number;
}

export interface SpecServer {
  /** Resolves once every check asked for so far has run and published (tests wait on it). */
  settled(): Promise<void>;
  /** The newest spec as the editor sees it, or null before a spec folder is known. */
  snapshot(): Promise<SpecSnapshot | null>;
}

const uriToPath = (uri: string) => (uri.startsWith('file:') ? fileURLToPath(uri) : null);

/** Wires the spec's language server onto a connection: documents, diagnostics, and the features' handlers. */
export function startServer(connection: Connection, fixed: ServerOptions = {}): SpecServer {
  const documents = new TextDocuments(TextDocument);
  let options: ServerOptions = { ...fixed };
  let roots: string[] = [];
  let folders: SpecFolders | null = null;
  const publisher = new Publisher(connection);
  let latest: { generation: number; snapshot: Promise<SpecSnapshot> } | null = null;
  let emitTimer: NodeJS.Timeout | undefined;
  let emitting: Promise<void> = Promise.resolve();
  const emitPasses = new EmitPass();
  /** Whether an emit pass is set to start once the typing pauses. */
  let emitWaiting = false;
  /**
   * The targets' own findings from the last emit pass: published with each check's until the next pass replaces
   * them, so they do not vanish at every keystroke and come back once the typing pauses.
   */
  let emitted: Diagnostic[] = [];
  const stopEmitTimer = () => {
    clearTimeout(emitTimer);
    emitWaiting = false;
  };

  /** Logs to the client; a connection already closed (the editor quit mid-run) is no fault of the run. */
  const say = (kind: 'log' | 'error', text: string) => {
    try {
      connection.console[kind](text);
    } catch {
      // Nobody is listening any more.
    }
  };

  const foldersFor = (opened?: string): SpecFolders | null => {
    if (folders) return folders;
    if (options.spec) folders = { spec: options.spec, out: join(dirname(options.spec), DEFAULT_DIRS.out) };
    else folders = findSpecFolders(roots, opened);
    if (folders && options.out) folders = { ...folders, out: options.out };
    return folders;
  };

  /** Every open buffer under the spec folder, by spec path. */
  const buffers = (where: SpecFolders) => {
    const map = new Map<string, string>();
    for (const doc of documents.all()) {
      const path = uriToPath(doc.uri);
      const specPath = path ? specPathIn(where.spec, path) : null;
      if (specPath) map.set(specPath, doc.getText());
    }
    return map;
  };

  /** The snapshot of one generation, read once however many ask for it (the check and the features share it). */
  const snapshotOf = (generation: number): Promise<SpecSnapshot> | null => {
    const where = foldersFor();
    if (!where) return null;
    if (latest?.generation !== generation) latest = { generation, snapshot: readSnapshot(where, buffers(where)) };
    return latest.snapshot;
  };

  const check = async (generation: number) => {
    stopEmitTimer();
    try {
      const snapshot = await snapshotOf(generation);
      if (!snapshot || !debounce.isCurrent(generation)) return;
      const findings = sortDiagnostics(snapshot.assembled.diagnostics.items);
      const emits =
        options.emit !== false && snapshot.assembled.model !== null && !snapshot.assembled.diagnostics.hasErrors;
      // No model, no emit pass to replace them: the targets' findings of the last one go (the spec's own replace them).
      if (!emits) emitted = [];
      publisher.publish(sortDiagnostics([...findings, ...emitted]), snapshot, textsOf(snapshot.files));
      if (emits) {
        emitWaiting = true;
        emitTimer = setTimeout(() => {
          emitWaiting = false;
          emitting = emitting.then(() => emitPass(generation, snapshot, findings));
        }, options.emitQuietMs ?? 1500);
      }
    } catch (error) {
      // A fault of the toolchain must not end the session: say it, and the next edit tries again.
      say('error', `element-spec: internal error while checking: ${(error as Error).stack ?? String(error)}`);
    }
  };

  const emitPass = async (generation: number, snapshot: SpecSnapshot, findings: Diagnostic[]) => {
    if (!debounce.isCurrent(generation)) return;
    try {
      const started = performance.now();
      const found = await emitPasses.run(snapshot.files, snapshot.assembled);
      say(
        'log',
        `element-spec: every target emitted in ${Math.round(performance.now() - started)} ms, with ${found.length} finding${found.length === 1 ? '' : 's'} of their own`,
      );
      if (!debounce.isCurrent(generation)) return;
      emitted = found;
      // The publisher sends only the files whose findings changed.
      publisher.publish(sortDiagnostics([...findings, ...emitted]), snapshot, textsOf(snapshot.files));
    } catch (error) {
      say('error', `element-spec: internal error while emitting: ${(error as Error).stack ?? String(error)}`);
    }
  };

  const debounce = new AdaptiveDebounce(check);

  connection.onInitialize((params: InitializeParams): InitializeResult => {
    const given = (params.initializationOptions ?? {}) as ServerOptions;
    options = { ...given, ...fixed };
    roots = [
      ...(params.workspaceFolders ?? []).map((f) => uriToPath(f.uri)),
      params.rootUri ? uriToPath(params.rootUri) : (params.rootPath ?? null),
    ].filter((p): p is string => p !== null);
    return {
      capabilities: {
        ...FEATURE_CAPABILITIES,
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental, save: true },
      },
      serverInfo: { name: 'element-spec' },
    };
  });
  connection.onInitialized(() => {
    if (foldersFor()) debounce.schedule();
  });
  const changed = (uri?: string) => {
    const path = uri ? uriToPath(uri) : null;
    if (foldersFor(path ?? undefined)) debounce.schedule();
  };
  documents.onDidOpen((e) => changed(e.document.uri));
  documents.onDidChangeContent((e) => changed(e.document.uri));
  documents.onDidClose((e) => changed(e.document.uri));
  documents.onDidSave((e) => changed(e.document.uri));
  connection.onDidChangeWatchedFiles(() => changed());
  connection.onShutdown(() => {
    debounce.dispose();
    stopEmitTimer();
    emitPasses.dispose();
  });

  // Each request a client may send answers, with nothing until a feature says more: the features register after,
  // and their handlers take the place of these.
  connection.onHover(() => null);
  connection.onCompletion(() => []);
  connection.onCodeAction(() => []);
  connection.onDocumentSymbol(() => []);
  connection.onDefinition(() => null);
  connection.onReferences(() => []);
  connection.onCodeLens(() => []);
  registerFeatures(connection, async () => {
    const snapshot = snapshotOf(debounce.current);
    if (!snapshot) throw new Error('element-spec: no spec folder (a folder holding process.md) is open');
    return snapshot;
  });
  documents.listen(connection);

  return {
    async settled() {
      for (;;) {
        await debounce.settled();
        if (emitWaiting) {
          await new Promise((r) => setTimeout(r, 2));
          continue;
        }
        const pass = emitting;
        await pass;
        if (pass === emitting && !emitWaiting) return;
      }
    },
    snapshot: () => snapshotOf(debounce.current) ?? Promise.resolve(null),
  };
}
