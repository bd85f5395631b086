import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Handlebars from 'handlebars';

/** The repository root: the nearest folder above this module with a package.json (works from generator/ and dist/). */
export function repoRoot(from: string = dirname(fileURLToPath(import.meta.url))): string {
  let dir = from;
  while (!existsSync(join(dir, 'package.json'))) {
    const up = dirname(dir);
    if (up === dir) throw new Error(`No package.json above ${from}`);
    dir = up;
  }
  return dir;
}

export type Template = (data: object) => string;

let loaded: Promise<Map<string, Template>> | null = null;

/** Every templates/kotlin/*.hbs, compiled once per process; files named `_x.hbs` are registered as partial `x`. */
export function kotlinTemplates(): Promise<Map<string, Template>> {
  loaded ??= (async () => {
    const dir = join(repoRoot(), 'templates', 'kotlin');
    const env = Handlebars.create();
    const out = new Map<string, Template>();
    for (const file of (await readdir(dir)).filter((f) => f.endsWith('.hbs')).sort()) {
      const source = (await readFile(join(dir, file), 'utf8')).replace(/\r\n/g, '\n');
      const name = file.slice(0, -'.hbs'.length);
      if (name.startsWith('_')) env.registerPartial(name.slice(1), source);
      else {
        const template = env.compile(source, { noEscape: true, strict: true });
        out.set(name, (data) => template(data));
      }
    }
    return out;
  })();
  return loaded;
}

export async function render(name: string, data: object): Promise<string> {
  const template = (await kotlinTemplates()).get(name);
  if (!template) throw new Error(`No template templates/kotlin/${name}.hbs`);
  return template(data).replace(/\n{3,}/g, '\n\n').replace(/\s+$/, '\n');
}
