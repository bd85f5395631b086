import { fileURLToPath } from 'node:url';
import { CodeActionKind, type Connection, type ServerCapabilities } from 'vscode-languageserver/node';
import type { SpecSnapshot } from '../snapshot.js';
import { codeActions } from './actions.js';
import { completion } from './completion.js';
import { definition } from './definition.js';
import { hover } from './hover.js';
import { SHOW_DIFF_COMMAND, codeLenses, diffText, resolveLens } from './lens.js';
import { references } from './references.js';
import { documentSymbols } from './symbols.js';

/** The capabilities the features add to the server's initialize result. */
export const FEATURE_CAPABILITIES: ServerCapabilities = {
  hoverProvider: true,
  definitionProvider: true,
  referencesProvider: true,
  // A cell starts after a pipe, a name after a backtick, a list's next item after a comma.
  completionProvider: { triggerCharacters: ['|', '`', ','] },
  codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix] },
  documentSymbolProvider: true,
  codeLensProvider: { resolveProvider: true },
  executeCommandProvider: { commands: [SHOW_DIFF_COMMAND] },
};

/** The spec path of a document the editor names by URI; null for a file outside the spec folder or not a file. */
function specPathOf(snapshot: SpecSnapshot, uri: string): string | null {
  try {
    return snapshot.specPathOf(fileURLToPath(uri));
  } catch {
    return null;
  }
}

/** Registers the features' request handlers; `snapshot` resolves to the newest spec as the editor sees it. */
export function registerFeatures(connection: Connection, snapshot: () => Promise<SpecSnapshot>): void {
  /**
   * Runs a feature on the document a request names. A feature that fails answers `empty` and says why in the
   * server's log: a half-typed row must never take the editor's server down.
   */
  const on = <T, E>(uri: string, empty: E, run: (s: SpecSnapshot, path: string) => T | Promise<T>): Promise<T | E> =>
    (async () => {
      let s: SpecSnapshot;
      try {
        s = await snapshot();
      } catch (error) {
        // No spec folder open (or none read yet) is a state, not a fault: nothing to answer.
        connection.console.log(
          `element-spec features: no spec to answer from: ${error instanceof Error ? error.message : String(error)}`,
        );
        return empty;
      }
      const path = specPathOf(s, uri);
      return path ? await run(s, path) : empty;
    })().catch((error: unknown) => {
      connection.console.error(
        `element-spec features: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      return empty;
    });

  connection.onHover((p) => on(p.textDocument.uri, null, (s, path) => hover(s, path, p.position)));
  connection.onDefinition((p) => on(p.textDocument.uri, [], (s, path) => definition(s, path, p.position)));
  connection.onReferences((p) =>
    on(p.textDocument.uri, [], (s, path) => references(s, path, p.position, p.context.includeDeclaration)),
  );
  connection.onCompletion((p) => on(p.textDocument.uri, [], (s, path) => completion(s, path, p.position)));
  connection.onCodeAction((p) => on(p.textDocument.uri, [], (s, path) => codeActions(s, path, p.context.diagnostics)));
  connection.onDocumentSymbol((p) => on(p.textDocument.uri, [], (s, path) => documentSymbols(s, path)));
  connection.onCodeLens((p) => on(p.textDocument.uri, [], (s, path) => codeLenses(s, path)));
  connection.onCodeLensResolve(async (lens) => {
    try {
      return await resolveLens(await snapshot(), lens);
    } catch (error) {
      connection.console.error(`element-spec lens: ${error instanceof Error ? error.message : String(error)}`);
      return { ...lens, command: { title: 'The lens could not be computed; the server log says why', command: '' } };
    }
  });
  connection.onExecuteCommand(async (p) => {
    const [specPath] = (p.arguments ?? []) as unknown[];
    if (p.command !== SHOW_DIFF_COMMAND || typeof specPath !== 'string') return null;
    const text = diffText(await snapshot(), specPath);
    void connection.window.showInformationMessage(text);
    return text;
  });
}
