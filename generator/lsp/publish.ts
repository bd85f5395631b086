import { pathToFileURL } from 'node:url';
import type { Connection, Diagnostic as LspDiagnostic } from 'vscode-languageserver/node';
import type { Diagnostic } from '../diagnostics/report.js';
import type { SpecSnapshot } from './snapshot.js';
import { toLspDiagnostic } from './to-lsp.js';

/**
 * Publishes a run's findings file by file. Rules cross files (an edit to one RFC changes another's findings), so
 * every file with findings is published, open or not, and a file whose findings are gone is cleared with [];
 * a file whose findings are as last published is not sent again.
 */
export class Publisher {
  private readonly shown = new Map<string, string>();

  constructor(private readonly connection: Pick<Connection, 'sendDiagnostics'>) {}

  publish(findings: readonly Diagnostic[], snapshot: SpecSnapshot, texts: ReadonlyMap<string, string>): void {
    const byUri = new Map<string, LspDiagnostic[]>();
    const source = {
      textOf: (file: string) => texts.get(file),
      absolutePathOf: (file: string) => snapshot.absolutePathOf(file),
    };
    for (const d of findings) {
      const uri = pathToFileURL(snapshot.absolutePathOf(d.file)).href;
      let list = byUri.get(uri);
      if (!list) byUri.set(uri, (list = []));
      list.push(toLspDiagnostic(d, snapshot.specDir, source));
    }
    for (const uri of this.shown.keys()) if (!byUri.has(uri)) byUri.set(uri, []);
    for (const [uri, diagnostics] of byUri) {
      const key = JSON.stringify(diagnostics);
      if (this.shown.get(uri) === key) continue;
      if (diagnostics.length) this.shown.set(uri, key);
      else this.shown.delete(uri);
      void this.connection.sendDiagnostics({ uri, diagnostics });
    }
  }
}
