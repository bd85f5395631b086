import { loadTemplates, type Render, tidy } from '../core/templates.js';

let compiled: Render | undefined;

/** Renders templates/kotlin/<name>.hbs with the data. */
export function render(name: string, data: object): string {
  compiled ??= loadTemplates('kotlin');
  return tidy(compiled(name, data));
}
