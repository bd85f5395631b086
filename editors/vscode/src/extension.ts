import * as vscode from 'vscode';
import { LanguageClient, type LanguageClientOptions, type ServerOptions } from 'vscode-languageclient/node';
import { findServer } from './server';

/** The client's id: its settings (`elementSpec.trace.server`) and output channel are named from it. */
const ID = 'elementSpec';
const NAME = 'Element model RFCs';
/** The RFCs and the spec's other Markdown, as the toolchain reads them (spec/README.md). */
const SPEC_GLOB = '**/spec/**/*.md';

let client: LanguageClient | undefined;

/** The first workspace folder that has a spec/ folder of Markdown; the server runs there, as `element-spec check` would. */
async function specFolder(): Promise<vscode.WorkspaceFolder | undefined> {
  for (const folder of vscode.workspace.workspaceFolders ?? []) {
    const found = await vscode.workspace.findFiles(new vscode.RelativePattern(folder, 'spec/**/*.md'), null, 1);
    if (found.length) return folder;
  }
  return undefined;
}

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const folder = await specFolder();
  if (!folder) return;
  const configured = vscode.workspace.getConfiguration(ID, folder.uri).get<string>('server.path', '');
  const server = findServer(folder.uri.fsPath, configured);
  if ('missing' in server) {
    void vscode.window.showErrorMessage(`${NAME}: ${server.missing}`);
    return;
  }
  const serverOptions: ServerOptions = { command: server.command, args: server.args, options: { cwd: folder.uri.fsPath, ...(server.shell ? { shell: true } : {}) } };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [{ scheme: 'file', language: 'markdown', pattern: SPEC_GLOB }],
    workspaceFolder: folder,
    // Rules cross files: the server hears of every change on disk under spec/, not only of the open buffers.
    synchronize: { fileEvents: vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(folder, 'spec/**/*.md')) },
  };
  client = new LanguageClient(ID, NAME, serverOptions, clientOptions);
  context.subscriptions.push(client);
  await client.start();
}

export function deactivate(): Thenable<void> | undefined {
  return client?.stop();
}
