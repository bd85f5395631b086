import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Handlebars from 'handlebars';

/**
 * The Swift templates, read from templates/swift/ in the repository and compiled once. Files whose names start
 * with `_` are partials, named without the underscore and the extension.
 */

/** The folder holding package.json, found by walking up from this module (it runs from dist/ or generator/). */
export function repositoryRoot(from: string = dirname(fileURLToPath(import.meta.url))): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`No package.json above ${from}`);
  }
}

export type Render = (view: object) => string;

let compiled: Map<string, Render> | undefined;

function load(): Map<string, Render> {
  const folder = join(repositoryRoot(), 'templates', 'swift');
  const hbs = Handlebars.create();
  const templates = new Map<string, Render>();
  for (const file of readdirSync(folder).sort()) {
    if (!file.endsWith('.hbs')) continue;
    const source = readFileSync(join(folder, file), 'utf8').replace(/\r\n/g, '\n');
    const name = file.slice(0, -'.hbs'.length);
    const template = hbs.compile(source, { noEscape: true, strict: true });
    if (name.startsWith('_')) hbs.registerPartial(name.slice(1), template);
    else templates.set(name, (view) => template(view));
  }
  return templates;
}

/** Renders templates/swift/<name>.hbs with the view. */
export function render(name: string, view: object): string {
  compiled ??= load();
  const template = compiled.get(name);
  if (!template) throw new Error(`No Swift template ${name}.hbs`);
  return template(view).replace(/[ \t]+$/gm, '').replace(/\n{3,}/g, '\n\n').replace(/\n*$/, '\n');
}
