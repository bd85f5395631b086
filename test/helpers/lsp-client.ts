import { PassThrough, type Readable, type Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import {
  type Diagnostic,
  type ProtocolConnection,
  StreamMessageReader,
  StreamMessageWriter,
  createConnection,
  createProtocolConnection,
} from 'vscode-languageserver/node';
import { type ServerOptions, type SpecServer, startServer } from '../../generator/lsp/server.js';

/** A language client for tests: the findings last published for each file, and the requests a client sends. */
export class TestClient {
  readonly published = new Map<string, Diagnostic[]>();
  /** What the server logged (window/logMessage): an internal error shows here. */
  readonly logs: { type: number; message: string }[] = [];
  /** How many publishDiagnostics notifications came. */
  publishes = 0;
  /** Every publishDiagnostics notification, in order: what an editor showed over time. */
  readonly history: { uri: string; diagnostics: Diagnostic[] }[] = [];
  private versions = new Map<string, number>();
  private listeners: (() => void)[] = [];

  constructor(readonly connection: ProtocolConnection) {
    connection.onNotification('textDocument/publishDiagnostics', (p: { uri: string; diagnostics: Diagnostic[] }) => {
      this.published.set(p.uri, p.diagnostics);
      this.history.push(p);
      this.publishes++;
      for (const l of this.listeners) l();
    });
    connection.onNotification('window/logMessage', (p: { type: number; message: string }) => {
      this.logs.push(p);
      for (const l of this.listeners) l();
    });
    connection.listen();
  }

  async initialize(root: string, initializationOptions: ServerOptions = {}): Promise<unknown> {
    const result = await this.connection.sendRequest('initialize', { processId: null, rootUri: pathToFileURL(root).href, capabilities: {}, workspaceFolders: null, initializationOptions });
    await this.connection.sendNotification('initialized', {});
    return result;
  }

  open(path: string, text: string): Promise<void> {
    this.versions.set(path, 1);
    return this.connection.sendNotification('textDocument/didOpen', { textDocument: { uri: uri(path), languageId: 'markdown', version: 1, text } });
  }

  change(path: string, text: string): Promise<void> {
    const version = (this.versions.get(path) ?? 1) + 1;
    this.versions.set(path, version);
    return this.connection.sendNotification('textDocument/didChange', { textDocument: { uri: uri(path), version }, contentChanges: [{ text }] });
  }

  /**
   * Resolves once the server has handled every message sent before: a request is answered after the notifications
   * ahead of it (an unknown method is answered with an error, which is all this needs).
   */
  async sync(): Promise<void> {
    await this.connection.sendRequest('element-spec/test-sync').catch(() => undefined);
  }

  close(path: string): Promise<void> {
    return this.connection.sendNotification('textDocument/didClose', { textDocument: { uri: uri(path) } });
  }

  /** The findings published for a file, as rule id and 0-based start line, sorted. */
  findings(path: string): Diagnostic[] {
    return this.published.get(uri(path)) ?? [];
  }

  /** Resolves when `ok` holds of what has been published or logged, or fails after `ms`. */
  until(ok: () => boolean, ms = 10_000): Promise<void> {
    return new Promise((resolve, reject) => {
      if (ok()) return resolve();
      const timer = setTimeout(() => {
        this.listeners = this.listeners.filter((l) => l !== check);
        reject(new Error(`not published within ${ms} ms: ${JSON.stringify([...this.published])}`.slice(0, 2000)));
      }, ms);
      const check = () => {
        if (!ok()) return;
        clearTimeout(timer);
        this.listeners = this.listeners.filter((l) => l !== check);
        resolve();
      };
      this.listeners.push(check);
    });
  }
}

export const uri = (path: string) => pathToFileURL(path).href;

/** A client over a pair of streams (a child process's, or the in-process server's). */
export function clientOn(input: Readable, output: Writable): TestClient {
  return new TestClient(createProtocolConnection(new StreamMessageReader(input), new StreamMessageWriter(output)));
}

/** The server and a client in this process, joined by streams: handler tests without a child process. */
export function inProcess(options: ServerOptions = {}): { client: TestClient; server: SpecServer; dispose: () => void } {
  const toServer = new PassThrough();
  const toClient = new PassThrough();
  const connection = createConnection(new StreamMessageReader(toServer), new StreamMessageWriter(toClient));
  const server = startServer(connection, options);
  connection.listen();
  const client = clientOn(toClient, toServer);
  return {
    client,
    server,
    dispose: () => {
      client.connection.dispose();
      connection.dispose();
    },
  };
}
