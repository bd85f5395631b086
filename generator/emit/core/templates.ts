import { existsSync, readdirSync, readFileSync } from 'node:fs';
import type { HelperDelegate, TemplateDelegate } from 'handlebars';
import { hashOf, precompiled, requireModule } from '../../precompile/precompiled.js';
import { TEMPLATE_FOLDERS, type TemplateFolder } from './template-folders.js';
import { runtimeDir, templatesDir } from '../shared/paths.js';

type HandlebarsEnv = typeof import('handlebars');

// The folders of templates/ and how each is compiled: one table, which the registry's entries name.
export { TEMPLATE_FOLDERS, type TemplateFolder } from './template-folders.js';

/** What the build stores for one template: the hash of its source and Handlebars' precompiled spec. */
export interface PrecompiledTemplate {
  hash: string;
  spec: object;
}
export type PrecompiledTemplates = Record<string, PrecompiledTemplate>;

export interface TemplateSource {
  /** Path under templates/, as `swift/Role.swift.hbs`. */
  key: string;
  /** The file name without `.hbs`; a leading `_` marks a partial. */
  name: string;
  source: string;
}

/** Every `.hbs` file of a folder, in name order, with "\n" line endings. */
export function templateSources(folder: TemplateFolder): TemplateSource[] {
  const dir = templatesDir(folder);
  return readdirSync(dir)
    .filter((f) => f.endsWith('.hbs'))
    .sort()
    .map((f) => ({
      key: `${folder}/${f}`,
      name: f.slice(0, -'.hbs'.length),
      source: readFileSync(`${dir}/${f}`, 'utf8').replace(/\r\n/g, '\n'),
    }));
}

/**
 * A language's runtime files (runtime/<folder>/), by file name, with "\n" line endings: plain source that no
 * template expression touches. A package gets each below the folder's `runtime-head` template (its header, and
 * Kotlin's package line).
 */
export function runtimeSources(folder: string): Map<string, string> {
  const dir = runtimeDir(folder);
  if (!existsSync(dir)) return new Map();
  return new Map(
    readdirSync(dir, { withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => e.name)
      .sort()
      .map((name) => [name, readFileSync(`${dir}/${name}`, 'utf8').replace(/\r\n/g, '\n')]),
  );
}

/** Renders the named template (its file name without `.hbs`), or the runtime file of that name below its head, with the view. */
export type Render = (name: string, view: object) => string;

/**
 * The templates of one folder, compiled once per process: from the build's precompiled specs when every source
 * still matches them (only Handlebars' small runtime is loaded then), else by Handlebars' compiler. Files named
 * `_x.hbs` are partial `x`.
 */
export function loadTemplates(
  folder: TemplateFolder,
  helpers: Record<string, HelperDelegate> = {},
  stored: PrecompiledTemplates | null = precompiled<PrecompiledTemplates>('templates.cjs'),
): Render {
  const sources = templateSources(folder);
  const fresh = stored !== null && sources.every((s) => stored[s.key]?.hash === hashOf(s.source));
  const env = (
    fresh ? requireModule<HandlebarsEnv>('handlebars/runtime') : requireModule<HandlebarsEnv>('handlebars')
  ).create();
  for (const [name, helper] of Object.entries(helpers)) env.registerHelper(name, helper);
  const templates = new Map<string, TemplateDelegate>();
  for (const s of sources) {
    const template: TemplateDelegate = fresh
      ? env.template(stored?.[s.key]?.spec as Parameters<typeof env.template>[0])
      : env.compile(s.source, TEMPLATE_FOLDERS[folder]);
    if (s.name.startsWith('_')) env.registerPartial(s.name.slice(1), template);
    else templates.set(s.name, template);
  }
  const runtime = runtimeSources(folder);
  return (name, view) => {
    const template = templates.get(name);
    if (template) return template(view);
    const source = runtime.get(name);
    const head = templates.get('runtime-head');
    if (source === undefined || !head)
      throw new Error(`No template templates/${folder}/${name}.hbs nor runtime/${folder}/${name}`);
    return head(view) + source;
  };
}

/**
 * The one whitespace rule for rendered text, whatever the language: "\n" endings, no trailing spaces, at most
 * `blankLines` blank lines in a row (PEP 8 wants two between top-level definitions; the others one), and one
 * final newline. Templates then need not fight Handlebars over blank lines.
 */
export function tidy(text: string, blankLines = 1): string {
  const runs = new RegExp(`\\n{${blankLines + 2},}`, 'g');
  return `${text
    .replace(/\r\n/g, '\n')
    .replace(/[ \t]+$/gm, '')
    .replace(runs, '\n'.repeat(blankLines + 1))
    .trimEnd()}\n`;
}
