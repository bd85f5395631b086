import { loadTemplates, type Render } from '../shared/templates.js';

let compiled: Map<string, Render> | undefined;

/** Renders templates/kotlin/<name>.hbs with the data. */
export function render(name: string, data: object): string {
  compiled ??= loadTemplates('kotlin');
  const template = compiled.get(name);
  if (!template) throw new Error(`No template templates/kotlin/${name}.hbs`);
  return template(data).replace(/\n{3,}/g, '\n\n').replace(/\s+$/, '\n');
}
