import { loadTemplates, type Render } from '../shared/templates.js';

let compiled: Render | undefined;

/** Renders templates/kotlin/<name>.hbs with the data. */
export function render(name: string, data: object): string {
  compiled ??= loadTemplates('kotlin');
  return compiled(name, data).replace(/\n{3,}/g, '\n\n').replace(/\s+$/, '\n');
}
