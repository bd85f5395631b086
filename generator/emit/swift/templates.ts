import { loadTemplates, type Render } from '../shared/templates.js';

let compiled: Render | undefined;

/** Renders templates/swift/<name>.hbs with the view. */
export function render(name: string, view: object): string {
  compiled ??= loadTemplates('swift');
  return compiled(name, view).replace(/[ \t]+$/gm, '').replace(/\n{3,}/g, '\n\n').replace(/\n*$/, '\n');
}
