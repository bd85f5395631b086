// What every page of the reference shares: the templates, the Markdown helpers and the Docs context (the model,
// its entries and the RFC sections that use each name), built once per run and handed to each page module.
import { posix } from 'node:path';
import type { CanonicalModel, Field, RecordType, Source, TypeRef } from '../../model/types.js';
import type { Vector } from '../kit/vector.js';
import { loadTemplates, type Render, tidy } from '../core/templates.js';
import { defaultWords, sentence } from '../shared/text.js';
import type { EmitSettings } from '../core/target.js';
import { Autolinker, type Use } from './autolink.js';
import { anchors, type Entry, referenceEntries } from './entries.js';
import { slugify } from './slug.js';
import { withDeprecation } from './deprecated.js';
import type { DocPage } from './page.js';

/** An example answer written as a file under docs/examples/ and shown on the pages. */
export interface DocExample {
  file: string;
  caption: string;
  /** Which answer schema it passes: strict (what a provider sends) or lenient (what a receiver reads). */
  schema: 'strict' | 'lenient';
  value: unknown;
  json: string;
}

/** A file the site serves as it is (from VitePress's public/ folder): a JSON Schema or a model, by its path there. */
export interface PublishedFile {
  path: string;
  contents: string;
}

export interface DocsOutput {
  pages: DocPage[];
  examples: DocExample[];
}

// ---------------------------------------------------------------------------------------------------------------
// Templates: compiled once per process.

let compiled: Render | undefined;

function templates(): Render {
  compiled ??= loadTemplates('docs', {
    yaml: (s: unknown) => JSON.stringify(String(s)),
    code: (s: unknown) => (s === null || s === undefined || s === '' ? '—' : `\`${String(s)}\``),
    yesno: (b: unknown) => (b ? 'yes' : 'no'),
    join: (list: unknown, sep: unknown) => (Array.isArray(list) ? list.join(typeof sep === 'string' ? sep : ', ') : ''),
    eq: (a: unknown, b: unknown) => a === b,
  });
  return compiled;
}

export function render(name: string, view: object): string {
  return tidy(templates()(name, view));
}

// ---------------------------------------------------------------------------------------------------------------
// Markdown helpers.

/** Spec Markdown made safe for one table cell and for renderers that read HTML in Markdown (VitePress, MDX). */
/** A Removed row's Replaced by as a sentence's end: `replaced by X`, or `with no replacement` for `—`. */
export const replacedByText = (replacedBy: string | null): string =>
  replacedBy === null ? 'with no replacement' : `replaced by ${cell(replacedBy)}`;

/**
 * Whether a Removed row took out a name an answer held (a field, role, reserved attribute or an enum's value), not a
 * requirement or operation.
 */
export const isAnswerName = (x: { kind: string }): boolean => x.kind !== 'requirement' && x.kind !== 'operation';

export function cell(markdown: string): string {
  return markdown
    .replace(/\s*\n\s*/g, ' ')
    .split(/(`[^`]*`)/)
    .map((part, i) =>
      i % 2 ? part : part.replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\{/g, '&#123;').replace(/\}/g, '&#125;'),
    )
    .join('')
    .replace(/\|/g, '\\|')
    .trim();
}

export const code = (s: string) => `\`${s}\``;

/** A link from one page to another (both relative to docs/), with an optional anchor. */
export function link(from: string, to: string, anchor?: string): string {
  const rel = posix.relative(posix.dirname(from), to) || posix.basename(to);
  return `${rel}${anchor ? `#${anchor}` : ''}`;
}

export const rfcPage = (id: string) => `rfcs/${id.toLowerCase()}.md`;
export const sectionHeading = (section: string | null) => (section ? `Section ${section}` : 'Elsewhere in the RFC');
export const shortVersion = (v: string) => v.replace(/^(\d+\.\d+)\.0$/, '$1');

// ---------------------------------------------------------------------------------------------------------------

/** An empty element with an id: an anchor inside a table cell, which VitePress, GitHub and MDX all keep. */
export const anchorTag = (id: string) => `<span id="${id}"></span>`;

export class Docs {
  readonly rfcIds: Set<string>;
  /** Every name of the model with its entry, for links from the RFCs' text and the changelog. */
  readonly entries: Map<string, Entry>;
  /** The RFC sections that use each name, in the RFCs' order. */
  readonly uses = new Map<string, Use[]>();
  /** Each RFC's body parts with their names linked, by RFC id and part index. */
  readonly linkedBodies = new Map<string, string[]>();

  constructor(
    readonly model: CanonicalModel,
    readonly context: EmitSettings,
    readonly vectors: readonly Vector[],
    readonly published: readonly PublishedFile[],
  ) {
    this.rfcIds = new Set(model.rfcs.map((r) => r.id));
    this.entries = referenceEntries(model);
    for (const rfc of model.rfcs) {
      const linker = this.linker(rfcPage(rfc.id));
      this.linkedBodies.set(
        rfc.id,
        rfc.body.map((part) =>
          linker.link(part.markdown, (name) => {
            const section = part.heading?.number;
            if (!section) return;
            const list = this.uses.get(name) ?? [];
            if (!list.some((u) => u.rfc === rfc.id && u.section === section)) list.push({ rfc: rfc.id, section });
            this.uses.set(name, list);
          }),
        ),
      );
    }
  }

  /** Links names to their entries, from one page. */
  linker(from: string): Autolinker {
    return new Autolinker(
      this.entries,
      this.model.requirements.map((r) => r.id),
      (e) => link(from, e.page, e.anchor || undefined),
    );
  }

  /** "[§3](rfcs/rfc-0001.md#section-3), [§5.1](...)": the RFC sections whose text uses the name. */
  usedIn(from: string, name: string): string {
    const uses = this.uses.get(name) ?? [];
    if (!uses.length) return '—';
    const several = new Set(uses.map((u) => u.rfc)).size > 1;
    return uses
      .map(
        (u) =>
          `[${several ? `${u.rfc} ` : ''}§${u.section}](${link(from, rfcPage(u.rfc), slugify(sectionHeading(u.section)))})`,
      )
      .join(', ');
  }

  /** The published answer schemas of a version (the current one by default): strict and lenient, by path. */
  schemas(version?: string): { strict: PublishedFile | undefined; lenient: PublishedFile | undefined } {
    const inFolder = (f: PublishedFile) =>
      version
        ? f.path.startsWith(`schema/versions/${version}/`)
        : f.path.startsWith('schema/') && !f.path.includes('/versions/');
    const mine = this.published.filter(inFolder);
    return {
      strict: mine.find((f) => f.path.includes('.strict.')),
      lenient: mine.find((f) => f.path.includes('.lenient.')),
    };
  }

  /** "JSON Schema: `$defs/Element` in strict and lenient", linked to the published files, when they define the type. */
  schemaLinks(from: string, name: string): string | null {
    const { strict, lenient } = this.schemas();
    const links = [
      ['strict', strict],
      ['lenient', lenient],
    ].flatMap(([label, f]) => {
      const file = f as PublishedFile | undefined;
      const defs = file ? ((JSON.parse(file.contents) as { $defs?: Record<string, unknown> }).$defs ?? {}) : {};
      return file && name in defs ? [`[${label}](/${file.path})`] : [];
    });
    return links.length
      ? `JSON Schema: ${code(`$defs/${name}`)} in the ${links.join(' and ')} answer schema ([what strict refuses](${link(from, 'schemas.md', 'what-the-strict-schema-refuses')})).`
      : null;
  }

  /** A change's message with every name of the model in it code-formatted and linked to its entry. */
  names(from: string, text: string): string {
    return text.replace(/\b[A-Za-z][\w-]*(?:\.[A-Za-z][\w-]*)?\b/g, (word) => {
      const [type, member] = word.split('.') as [string, string | undefined];
      const record = member ? this.records.find((r) => r.name === type) : undefined;
      if (member && record) {
        const owned = record.fields.some((f) => f.name === member);
        return `[${code(word)}](${link(from, 'element.md', owned ? anchors.field(type, member) : anchors.type(type))})`;
      }
      const entry = member ? undefined : this.entries.get(word);
      return entry ? `[${code(word)}](${link(from, entry.page, entry.anchor || undefined)})` : word;
    });
  }

  /** "[RFC-0001 §4.1](rfcs/rfc-0001.md#section-4-1)", or the reference file's path as text. */
  source(from: string, s: Source): string {
    const label = `${s.document}${s.section ? ` §${s.section}` : ''}`;
    if (this.rfcIds.has(s.document))
      return `[${label}](${link(from, rfcPage(s.document), s.section ? slugify(sectionHeading(s.section)) : undefined)})`;
    return `${label} (${code(s.file)})`;
  }

  /** Where a named type is documented. */
  typeLink(from: string, name: string): string | null {
    const t = this.model.types.find((x) => x.name === name);
    if (!t) return null;
    if (t.kind === 'record' || t.kind === 'enum') return link(from, 'element.md', slugify(t.name));
    if (t.kind === 'roles') return link(from, 'roles.md');
    if (t.kind === 'attributes') return link(from, 'attributes.md');
    return link(from, 'index.md', slugify(`${t.name} blocks`));
  }

  typeCell(from: string, notation: string, type: TypeRef): string {
    let base = type;
    while (base.kind === 'array') base = base.items;
    const target = base.kind === 'named' ? this.typeLink(from, base.name) : null;
    return target ? `[${code(notation)}](${target})` : code(notation);
  }

  field(from: string, f: Field, record: string) {
    return {
      name: `${anchorTag(anchors.field(record, f.name))}${code(f.name)}`,
      anchor: anchors.field(record, f.name),
      usedIn: this.usedIn(from, f.name),
      type: this.typeCell(from, f.notation, f.type),
      required: f.required ? 'yes' : 'no',
      default: f.default ? cell((f.default.kind === 'inherit' ? 'inherited: ' : '') + (defaultWords(f) ?? '')) : '—',
      since: f.since,
      meaning: withDeprecation(cell(sentence(f.meaning)), f.deprecated, cell),
      source: this.source(from, f.source),
    };
  }

  front(path: string, title: string, description: string, position: number) {
    return {
      front: { title, description, position },
      generated: `<!-- Generated by element-spec from spec/ (protocol ${this.model.protocolVersion}); do not edit. Regenerate with \`${this.context.regenerate}\`. -->`,
      path,
    };
  }

  get records(): RecordType[] {
    return this.model.types.filter((t): t is RecordType => t.kind === 'record');
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Examples: the spec's own, and for each requirement the smallest vector that breaks it.
