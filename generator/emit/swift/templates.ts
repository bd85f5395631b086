import { loadTemplates, type Render } from '../shared/templates.js';

let compiled: Map<string, Render> | undefined;

/** Renders templates/swift/<name>.hbs with the view. */
export function render(name: string, view: object): string {
  compiled ??= loadTemplates('swift');
  const template = compiled.get(name);
  if (!template) throw new Error(`No Swift template ${name}.hbs`);
  return template(view).replace(/[ \t]+$/gm, '').replace(/\n{3,}/g, '\n\n').replace(/\n*$/, '\n');
}
