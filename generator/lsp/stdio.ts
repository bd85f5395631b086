import { ProposedFeatures, createConnection } from 'vscode-languageserver/node';
import { type ServerOptions, startServer } from './server.js';

/**
 * The server on standard input and output, as editors start it (`element-spec lsp --stdio`). The `exit`
 * notification, or the client closing standard input, ends the process (0 after `shutdown`, else 1).
 */
export function serveStdio(options: ServerOptions): Promise<number> {
  const connection = createConnection(ProposedFeatures.all, process.stdin, process.stdout);
  // Standard output is the protocol's: anything printed there would corrupt it, so the console goes to the client.
  console.log = (...args: unknown[]) => connection.console.log(args.map(String).join(' '));
  console.info = console.log;
  console.warn = (...args: unknown[]) => connection.console.warn(args.map(String).join(' '));
  startServer(connection, options);
  connection.listen();
  return new Promise(() => {});
}
