import { loadTemplates, type Render, tidy } from '../core/templates.js';

let compiled: Render | undefined;

/** Renders templates/swift/<name>.hbs with the view. */
export function render(name: string, view: object): string {
  compiled ??= loadTemplates('swift');
  return tidy(compiled(name, view));
}
