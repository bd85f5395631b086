import type { Log, ReportingDescriptor, Result } from 'sarif';
import { type ReviewItem, rulesOf } from './items.js';

export interface Tool {
  name: string;
  version?: string;
  informationUri?: string;
}

/** A SARIF 2.1.0 log of one run: every rule the items name, and one result per item. */
export function sarifLog(tool: Tool, items: readonly ReviewItem[]): string {
  const rules = rulesOf(items);
  const index = new Map(rules.map((r, i) => [r.id, i]));
  const descriptors: ReportingDescriptor[] = rules.map((r) => ({
    id: r.id,
    shortDescription: { text: r.summary },
    help: { text: r.help },
  }));
  const results: Result[] = items.map((item) => ({
    ruleId: item.ruleId,
    ruleIndex: index.get(item.ruleId) ?? -1,
    level: item.level,
    message: { text: item.hint ? `${item.message}\nhint: ${item.hint}` : item.message },
    ...(item.place
      ? {
          locations: [
            {
              physicalLocation: {
                artifactLocation: { uri: encodeURI(item.place.file) },
                region: { startLine: item.place.line, startColumn: item.place.column },
              },
            },
          ],
        }
      : {}),
    ...(item.changeClass ? { properties: { class: item.changeClass } } : {}),
  }));
  const log: Log = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [{ tool: { driver: { ...tool, rules: descriptors } }, results }],
  };
  return `${JSON.stringify(log, null, 2)}\n`;
}
