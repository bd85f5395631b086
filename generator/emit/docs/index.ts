import { posix } from 'node:path';
import { publishingOf, sdkVersionTable } from '../shared/publishing.js';
import { metadataVocabulary } from 'ajv/dist/vocabularies/metadata.js';
import type { CanonicalModel, Field, RecordType, Source, TypeRef } from '../../model/types.js';
import type { Vector } from '../conformance/build.js';
import { loadTemplates, type Render, tidy } from '../shared/templates.js';
import { defaultWords, plainText, sentence, uncheckedNote } from '../shared/text.js';
import type { EmitContext, EmitSettings, GeneratedFile, SharedData, TargetResult } from '../types.js';

declare module '../types.js' {
  interface SharedData {
    /** The pages, for what reuses the reference. */
    docs: DocsOutput;
  }
}
import { Autolinker, type Use } from './autolink.js';
import { anchors, type Entry, referenceEntries } from './entries.js';
import { slugify } from './slug.js';
import { attributeSample, contentSample, roleSample } from './samples.js';
import { checkOnlyRequirements } from './check-only.js';
import { FINDINGS } from '../kit/findings.js';
import { aliasNote, withDeprecation } from './deprecated.js';
import { siteConfig, themeFiles } from './vitepress.js';

import type { DocPage } from './page.js';

export type { DocPage } from './page.js';

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

function render(name: string, view: object): string {
  return tidy(templates()(name, view));
}

// ---------------------------------------------------------------------------------------------------------------
// Markdown helpers.

/** Spec Markdown made safe for one table cell and for renderers that read HTML in Markdown (VitePress, MDX). */
export function cell(markdown: string): string {
  return markdown
    .replace(/\s*\n\s*/g, ' ')
    .split(/(`[^`]*`)/)
    .map((part, i) => (i % 2 ? part : part.replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\{/g, '&#123;').replace(/\}/g, '&#125;')))
    .join('')
    .replace(/\|/g, '\\|')
    .trim();
}

const code = (s: string) => `\`${s}\``;

/** A link from one page to another (both relative to docs/), with an optional anchor. */
function link(from: string, to: string, anchor?: string): string {
  const rel = posix.relative(posix.dirname(from), to) || posix.basename(to);
  return `${rel}${anchor ? `#${anchor}` : ''}`;
}

const rfcPage = (id: string) => `rfcs/${id.toLowerCase()}.md`;
const sectionHeading = (section: string | null) => (section ? `Section ${section}` : 'Elsewhere in the RFC');
const shortVersion = (v: string) => v.replace(/^(\d+\.\d+)\.0$/, '$1');

// ---------------------------------------------------------------------------------------------------------------

/** An empty element with an id: an anchor inside a table cell, which VitePress, GitHub and MDX all keep. */
const anchorTag = (id: string) => `<span id="${id}"></span>`;

class Docs {
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
      this.linkedBodies.set(rfc.id, rfc.body.map((part) => linker.link(part.markdown, (name) => {
        const section = part.heading?.number;
        if (!section) return;
        const list = this.uses.get(name) ?? [];
        if (!list.some((u) => u.rfc === rfc.id && u.section === section)) list.push({ rfc: rfc.id, section });
        this.uses.set(name, list);
      })));
    }
  }

  /** Links names to their entries, from one page. */
  linker(from: string): Autolinker {
    return new Autolinker(this.entries, this.model.requirements.map((r) => r.id), (e) => link(from, e.page, e.anchor || undefined));
  }

  /** "[§3](rfcs/rfc-0001.md#section-3), [§5.1](...)": the RFC sections whose text uses the name. */
  usedIn(from: string, name: string): string {
    const uses = this.uses.get(name) ?? [];
    if (!uses.length) return '—';
    const several = new Set(uses.map((u) => u.rfc)).size > 1;
    return uses.map((u) => `[${several ? `${u.rfc} ` : ''}§${u.section}](${link(from, rfcPage(u.rfc), slugify(sectionHeading(u.section)))})`).join(', ');
  }

  /** The published answer schemas of a version (the current one by default): strict and lenient, by path. */
  schemas(version?: string): { strict: PublishedFile | undefined; lenient: PublishedFile | undefined } {
    const inFolder = (f: PublishedFile) => (version ? f.path.startsWith(`schema/versions/${version}/`) : f.path.startsWith('schema/') && !f.path.includes('/versions/'));
    const mine = this.published.filter(inFolder);
    return { strict: mine.find((f) => f.path.includes('.strict.')), lenient: mine.find((f) => f.path.includes('.lenient.')) };
  }

  /** "JSON Schema: `$defs/Element` in strict and lenient", linked to the published files, when they define the type. */
  schemaLinks(from: string, name: string): string | null {
    const { strict, lenient } = this.schemas();
    const links = [['strict', strict], ['lenient', lenient]].flatMap(([label, f]) => {
      const file = f as PublishedFile | undefined;
      const defs = file ? ((JSON.parse(file.contents) as { $defs?: Record<string, unknown> }).$defs ?? {}) : {};
      return file && name in defs ? [`[${label}](/${file.path})`] : [];
    });
    return links.length ? `JSON Schema: ${code(`$defs/${name}`)} in the ${links.join(' and ')} answer schema ([what strict refuses](${link(from, 'schemas.md', 'what-the-strict-schema-refuses')})).` : null;
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
    if (this.rfcIds.has(s.document)) return `[${label}](${link(from, rfcPage(s.document), s.section ? slugify(sectionHeading(s.section)) : undefined)})`;
    return `${label} (${code(s.file)})`;
  }

  /** Where a named type is documented. */
  typeLink(from: string, name: string): string | null {
    const t = this.model.types.find((x) => x.name === name);
    if (!t) return null;
    if (t.kind === 'record') return link(from, 'element.md', slugify(t.name));
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

function examples(d: Docs): DocExample[] {
  const out: DocExample[] = [];
  d.model.examples.forEach((ex, i) => {
    const name = `${ex.source.document}-${ex.source.section ?? String(i)}`.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    out.push({
      file: `${name}.json`,
      caption: `The example of ${ex.source.document}${ex.source.section ? ` §${ex.source.section}` : ''}`,
      schema: 'strict',
      value: ex.value,
      json: `${JSON.stringify(ex.value, null, 2)}\n`,
    });
  });
  for (const r of d.model.requirements) {
    const v = d.vectors.find((x) => x.decodes && x.covers.includes(r.id) && x.findings.some((f) => f.requirement === r.id));
    if (!v || out.some((e) => e.file === `${v.name}.json`)) continue;
    out.push({
      file: `${v.name}.json`,
      caption: sentence(v.description),
      schema: v.strictValid ? 'strict' : 'lenient',
      value: v.input,
      json: `${JSON.stringify(v.input, null, 2)}\n`,
    });
  }
  return out;
}

function exampleBlock(ex: DocExample) {
  return { caption: ex.caption, file: `examples/${ex.file}`, json: ex.json.trimEnd() };
}

// ---------------------------------------------------------------------------------------------------------------
// Pages.

function indexPage(d: Docs, exs: DocExample[]): DocPage {
  const m = d.model;
  const path = 'index.md';
  const answer = d.records.find((r) => r.name === m.tree.answer);
  const answerOp = m.operations.find((o) => o.returns === m.tree.answer);
  const title = `Element model ${m.protocolVersion}`;
  const description = `Reference for the element model, protocol ${m.protocolVersion}: operations, the answer, roles, the Apple mapping and conformance.`;
  const firstExample = exs.find((e) => m.examples.some((x) => x.value === e.value));
  const view = {
    ...d.front(path, title, description, 1),
    title,
    version: m.protocolVersion,
    rfcs: m.rfcs.map((r) => ({ id: r.id, title: r.title, link: link(path, rfcPage(r.id)), summary: cell(r.summary) })),
    operations: m.operations.map((o) => ({
      name: `${anchorTag(anchors.operation(o.name))}${code(o.name)}`,
      usedIn: d.usedIn(path, o.name),
      takes: o.takes ? (d.typeLink(path, o.takes) ? `[${code(o.takes)}](${d.typeLink(path, o.takes)})` : code(o.takes)) : '—',
      returns: o.returns ? (d.typeLink(path, o.returns) ? `[${code(o.returns)}](${d.typeLink(path, o.returns)})` : code(o.returns)) : '—',
      since: o.since,
      meaning: withDeprecation(cell(sentence(o.meaning)), o.deprecated, cell),
      source: d.source(path, o.source),
    })),
    answerOp: answerOp ? answerOp.name : null,
    answerType: m.tree.answer,
    answerLink: link(path, 'element.md', slugify(m.tree.answer)),
    answerFields: answer ? answer.fields.map((f) => ({ ...d.field(path, f, answer.name), name: code(f.name) })) : [],
    versionField: m.tree.version,
    versioning: m.versioning.map((v) => ({ change: v.change, beforeOne: v.beforeOne, fromOne: v.fromOne })),
    external: m.external.map((e) => ({
      name: e.name,
      heading: `${e.name} blocks`,
      export: e.export,
      module: e.module,
      package: e.package,
      packageVersion: e.packageVersion,
      protocolVersion: e.protocolVersion,
      kinds: ((e.schema.anyOf ?? []) as { $ref?: string }[]).map((member) => {
        const def = member.$ref ? member.$ref.replace(/^#\/(\$defs|definitions)\//, '') : '';
        const props = (e.definitions[def]?.properties ?? {}) as Record<string, { const?: unknown }>;
        const [property, discriminator] = Object.entries(props).find(([, p]) => typeof p.const === 'string') ?? [];
        const kind = discriminator?.const;
        // MCP's schema reference has an anchor per definition, in lower case, under its protocol version.
        const mcp = e.protocolVersion ? `https://modelcontextprotocol.io/specification/${e.protocolVersion}/schema#${def.toLowerCase()}` : null;
        const sample = property && typeof kind === 'string' ? contentSample(m, d.vectors, property, kind) : null;
        return { definition: mcp ? `[${code(def)}](${mcp})` : code(def), plainDefinition: def, kind: typeof kind === 'string' ? kind : null, sample };
      }),
    })),
    example: firstExample ? exampleBlock(firstExample) : null,
    pages: [
      { title: 'Types and fields', link: 'element.md' },
      { title: 'Roles', link: 'roles.md' },
      { title: 'Apple mapping', link: 'apple-mapping.md' },
      { title: 'Attributes', link: 'attributes.md' },
      { title: 'Conformance', link: 'conformance.md' },
      { title: 'Changelog', link: 'changelog/index.md' },
      ...migrations(d).map((x) => ({ title: x.title, link: x.path })),
    ],
  };
  return { path, title, description, position: 1, markdown: render('index.md', view) };
}

function elementPage(d: Docs): DocPage {
  const path = 'element.md';
  const title = 'Types and fields';
  const description = `Every record type of protocol ${d.model.protocolVersion}, field by field: type, required, default, version and source.`;
  const view = {
    ...d.front(path, title, description, 2),
    title,
    records: d.records.map((r) => ({
      name: r.name,
      meaning: cell(sentence(r.meaning)),
      since: r.since,
      source: d.source(path, r.source),
      fields: r.fields.map((f) => d.field(path, f, r.name)),
      schema: d.schemaLinks(path, r.name),
      states: d.model.states.filter((s) => s.type === r.name).map((s) => ({
        field: code(s.field), reachable: s.reachable ? 'yes' : 'no', path: s.path ? 'yes' : 'no', source: d.source(path, s.source),
      })),
      removed: d.model.removed.filter((x) => x.from === r.name).map((x) => ({
        name: code(x.name), version: x.version, replacedBy: cell(x.replacedBy), source: d.source(path, x.source),
      })),
    })),
    others: d.model.types.filter((t) => t.kind !== 'record').map((t) => {
      const target = d.typeLink(path, t.name);
      return { name: code(t.name), link: target, kind: t.kind, meaning: cell(sentence(t.meaning)), since: t.since, source: d.source(path, t.source) };
    }),
    tree: {
      answer: code(d.model.tree.answer),
      root: code(d.model.tree.root),
      node: code(d.model.tree.node),
      children: code(d.model.tree.children),
      id: code(d.model.tree.id),
      role: code(d.model.tree.role),
    },
    migrations: migrations(d).map((x) => ({ title: x.title, link: link(path, x.path) })),
  };
  return { path, title, description, position: 2, markdown: render('element.md', view) };
}

function rolesPage(d: Docs): DocPage {
  const m = d.model;
  const path = 'roles.md';
  const title = 'Roles';
  const description = `The ${m.roles.length} roles of the role language, by kind, with the Apple roles each also covers.`;
  const appleNamed = m.roles.filter((r) => r.appleName);
  const own = m.roles.filter((r) => !r.appleName);
  const roleField = m.tree.role;
  const nodeFields = d.records.find((r) => r.name === m.tree.node)?.fields ?? [];
  const view = {
    ...d.front(path, title, description, 3),
    title,
    count: m.roles.length,
    roleField: code(roleField),
    roleFieldLink: link(path, 'element.md', slugify(m.tree.node)),
    node: m.tree.node,
    appleCount: appleNamed.length,
    ownCount: own.length,
    own: own.map((r) => code(r.name)).join(', '),
    kinds: m.roleKinds.map((k) => ({
      name: k.name,
      roles: k.roles.map((name) => {
        const r = m.roles.find((x) => x.name === name);
        const apple = m.appleRoles.filter((a) => a.role === name);
        return {
          name: `${anchorTag(anchors.role(name))}${code(name)}`,
          plain: name,
          anchor: anchors.role(name),
          appleName: r?.appleName ? 'yes' : 'no',
          apple: apple.length ? apple.map((a) => `[${code(a.value)}](${link(path, 'apple-mapping.md', anchors.apple(a.value))})`).join(', ') : '—',
          usedIn: d.usedIn(path, name),
          example: roleSample(m, d.vectors, name),
          covers: r && r.covers.length ? r.covers.map(code).join(', ') : '—',
          note: [r?.coversNote ? cell(sentence(r.coversNote)) : null, r?.deprecated ? withDeprecation('', r.deprecated, cell).trim() : null, aliasNote(r)].filter((x) => x !== null).join(' ') || '—',
          since: r?.since ?? '—',
          source: r ? d.source(path, r.source) : '—',
        };
      }),
    })),
    rules: {
      root: code(m.roleRules.root),
      unknown: code(m.roleRules.unknown),
      fallback: code(m.roleRules.fallback),
      source: d.source(path, m.roleRules.source),
    },
    notReported: m.notReported.map((n) => ({ name: n.name, reason: cell(sentence(n.reason)), source: d.source(path, n.source) })),
    // Where the app's own word goes: what the removed names that the role field replaced say, and the notes.
    ownWord: m.removed
      .filter((x) => x.from === m.tree.node && x.replacedBy.includes(code(roleField)))
      .map((x) => ({ name: code(x.name), version: x.version, replacedBy: cell(x.replacedBy) })),
    ownWordFields: nodeFields
      .filter((f) => m.removed.some((x) => x.from === m.tree.node && x.replacedBy.includes(code(roleField)) && x.replacedBy.includes(code(f.name)) && f.name !== roleField))
      .map((f) => ({ name: code(f.name), meaning: cell(sentence(f.meaning)), link: link(path, 'element.md', slugify(m.tree.node)) })),
    mappingLink: 'apple-mapping.md',
  };
  return { path, title, description, position: 3, markdown: render('roles.md', view) };
}

function applePage(d: Docs): DocPage {
  const m = d.model;
  const path = 'apple-mapping.md';
  const title = 'Apple mapping';
  const description = `Every Apple Accessibility role and the role it becomes in protocol ${m.protocolVersion}, or why it is not reported.`;
  const reasons = new Map(m.notReported.map((n) => [n.name, n.reason]));
  const reason = (cls: string) => reasons.get(cls) ?? '';
  // A role is a row of its kind's table: link to the kind's heading.
  // The fold keeps each role in exactly one kind.
  const kindOf = new Map(m.roleKinds.flatMap((k) => k.roles.map((r) => [r, k.name] as const)));
  const roleLink = (role: string) => link(path, 'roles.md', kindOf.has(role) ? anchors.role(role) : undefined);
  const appleOf = new Map<string, typeof m.appleRoles>();
  for (const a of m.appleRoles) {
    if (a.role === null) continue;
    const list = appleOf.get(a.role);
    if (list) list.push(a);
    else appleOf.set(a.role, [a]);
  }
  const view = {
    ...d.front(path, title, description, 4),
    title,
    count: m.appleRoles.length,
    reported: m.appleRoles.filter((a) => a.role !== null).length,
    rows: m.appleRoles.map((a) => ({
      constant: a.constant ? code(a.constant) : '—',
      value: `${anchorTag(anchors.apple(a.value))}${code(a.value)}`,
      name: a.name,
      becomes: a.role ? `[${code(a.role)}](${roleLink(a.role)})` : 'not reported',
      class: a.class,
      reason: a.role ? '—' : cell(sentence(reason(a.class))),
      origin: code(a.origin),
    })),
    reverse: m.roles.map((r) => {
      const from = appleOf.get(r.name) ?? [];
      return { name: code(r.name), link: roleLink(r.name), apple: from.length ? from.map((a) => code(a.value)).join(', ') : '—', count: from.length };
    }),
    classes: [...new Set(m.appleRoles.filter((a) => a.role === null).map((a) => a.class))].map((cls) => ({
      name: cls,
      reason: cell(sentence(reason(cls))),
      apple: m.appleRoles.filter((a) => a.role === null && a.class === cls).map((a) => code(a.value)).join(', '),
    })),
  };
  return { path, title, description, position: 4, markdown: render('apple-mapping.md', view) };
}

function attributesPage(d: Docs): DocPage {
  const m = d.model;
  const path = 'attributes.md';
  const title = 'Attributes';
  const description = `The reserved attributes of protocol ${m.protocolVersion}, and what the spec says of privacy.`;
  const attrType = m.types.find((t) => t.kind === 'attributes');
  const view = {
    ...d.front(path, title, description, 5),
    title,
    type: attrType ? { name: code(attrType.name), meaning: cell(sentence(attrType.meaning)), source: d.source(path, attrType.source) } : null,
    field: m.tree.attributes ? code(m.tree.attributes) : null,
    node: m.tree.node,
    nodeLink: link(path, 'element.md', slugify(m.tree.node)),
    attributes: m.attributes.map((a) => ({
      name: `${anchorTag(anchors.attribute(a.name))}${code(a.name)}`,
      plain: a.name,
      sample: attributeSample(m, d.vectors, a.name),
      usedIn: d.usedIn(path, a.name),
      type: d.typeCell(path, a.notation, a.type),
      since: a.since,
      meaning: withDeprecation(cell(sentence(a.meaning)), a.deprecated, cell),
      source: d.source(path, a.source),
    })),
    privacy: m.privacy.map((p) => ({ subject: cell(p.subject), note: cell(sentence(p.note)), source: d.source(path, p.source) })),
  };
  return { path, title, description, position: 5, markdown: render('attributes.md', view) };
}

function conformancePage(d: Docs, exs: DocExample[]): DocPage {
  const m = d.model;
  const path = 'conformance.md';
  const title = 'Conformance';
  const description = `The ${m.requirements.length} conformance requirements of protocol ${m.protocolVersion}, how each is checked, and the vectors that cover it.`;
  const view = {
    ...d.front(path, title, description, 6),
    title,
    requirements: m.requirements.map((r) => {
      const covered = d.vectors.filter((v) => v.covers.includes(r.id));
      const ex = exs.find((e) => d.vectors.some((v) => `${v.name}.json` === e.file && v.covers.includes(r.id) && v.findings.some((f) => f.requirement === r.id)));
      const vector = ex ? d.vectors.find((v) => `${v.name}.json` === ex.file) : undefined;
      return {
        id: r.id,
        anchor: anchors.requirement(r.id),
        usedIn: d.usedIn(path, r.id),
        requirement: withDeprecation(cell(sentence(r.requirement)), r.deprecated, cell),
        check: cell(sentence(r.check)),
        implemented: r.rule !== null ? 'yes' : r.checkable ? 'not yet' : 'no',
        rule: r.rule ? code(r.rule) : '—',
        since: r.since,
        source: d.source(path, r.source),
        vectors: covered.length ? covered.map((v) => code(v.name)).join(', ') : '—',
        example: ex ? exampleBlock(ex) : null,
        findings: vector ? vector.findings.map((f) => ({
          severity: f.severity, requirement: f.requirement ?? '—', rule: code(f.rule), path: code(f.path || '/'), elementId: f.elementId === null ? '—' : code(f.elementId),
        })) : [],
      };
    }),
    checkable: m.requirements.filter((r) => r.checkable && r.rule !== null).length,
    // A requirement that says how to check it but names no rule is counted apart, not as one that cannot be checked.
    unchecked: uncheckedNote(m.requirements.filter((r) => r.checkable && r.rule === null).map((r) => `[${r.id}](#${anchors.requirement(r.id)})`)),
    vectorCount: d.vectors.length,
    versionField: code(m.tree.version),
    versionPath: code(`/${m.tree.version}`),
    versionsRead: d.context.versions.map((v) => code(v.protocolVersion)).join(', '),
    current: code(m.protocolVersion),
    versionVectors: d.vectors.filter((v) => v.findings.some((f) => f.rule === 'version')).map((v) => code(v.name)).join(', ') || '—',
  };
  return { path, title, description, position: 6, markdown: render('conformance.md', view) };
}

interface Migration { from: string; to: string; path: string; title: string }

function migrations(d: Docs): Migration[] {
  const out: Migration[] = [];
  for (const rfc of d.model.rfcs) {
    if (!rfc.from || !d.model.removed.some((x) => x.version === rfc.version)) continue;
    if (out.some((x) => x.to === rfc.version)) continue;
    const from = shortVersion(rfc.from);
    out.push({ from: rfc.from, to: rfc.version, path: `migrating-from-${from}.md`, title: `Migrating from ${from}` });
  }
  return out;
}

function migrationPages(d: Docs): DocPage[] {
  return migrations(d).map((mig, i) => {
    const path = mig.path;
    const description = `What changed from ${mig.from} to ${mig.to}: every removed name and what replaced it.`;
    const removed = d.model.removed.filter((x) => x.version === mig.to);
    const view = {
      ...d.front(path, mig.title, description, 8 + i),
      title: mig.title,
      from: mig.from,
      to: mig.to,
      rfcs: d.model.rfcs.filter((r) => r.version === mig.to).map((r) => ({ id: r.id, title: r.title, link: link(path, rfcPage(r.id)) })),
      types: [...new Set(removed.map((x) => x.from))].map((type) => ({
        name: type,
        link: d.typeLink(path, type),
        removed: removed.filter((x) => x.from === type).map((x) => ({ name: code(x.name), replacedBy: cell(x.replacedBy), source: d.source(path, x.source) })),
      })),
      changelog: link(path, `changelog/${mig.to}.md`),
    };
    return { path, title: mig.title, description, position: 8 + i, markdown: render('migrating.md', view) };
  });
}

/** What a version's RFCs changed, as `diff` classes each change (the model carries them per RFC). */
function changes(d: Docs, from: string, version: string): { class: string; rule: string; change: string }[] {
  return d.model.rfcs
    .filter((r) => r.version === version)
    .flatMap((r) => r.changes)
    .map((c) => ({ class: c.class, rule: code(c.rule), change: d.names(from, cell(c.message)) }));
}

function changelogPages(d: Docs): DocPage[] {
  const versions = [...new Set(d.model.rfcs.map((r) => r.version))];
  const pages: DocPage[] = [];
  versions.forEach((version, i) => {
    const path = `changelog/${version}.md`;
    const title = `Version ${version}`;
    const rfcs = d.model.rfcs.filter((r) => r.version === version);
    const description = `What protocol ${version} changed: ${rfcs.map((r) => r.id).join(', ')}.`;
    const mig = migrations(d).find((x) => x.to === version);
    const view = {
      ...d.front(path, title, description, versions.length - i),
      title,
      version,
      rfcs: rfcs.map((r) => ({
        id: r.id, title: r.title, link: link(path, rfcPage(r.id)), summary: cell(r.summary), effect: r.effect,
        from: r.from ?? '—', version: r.version, status: r.status, amends: cell(r.supersedesOrAmends),
      })),
      changes: changes(d, path, version),
      removed: d.model.removed.filter((x) => x.version === version).map((x) => ({ name: code(x.name), from: x.from, replacedBy: cell(x.replacedBy) })),
      migration: mig ? { title: mig.title, link: link(path, mig.path) } : null,
    };
    pages.push({ path, title, description, position: versions.length - i, markdown: render('changelog.md', view) });
  });
  const path = 'changelog/index.md';
  const title = 'Changelog';
  const description = 'Every protocol version and the RFCs that made it.';
  const view = {
    ...d.front(path, title, description, 7),
    title,
    versions: [...versions].reverse().map((v) => ({
      version: v,
      link: link(path, `changelog/${v}.md`),
      rfcs: d.model.rfcs.filter((r) => r.version === v).map((r) => `${r.id} (${r.effect})`).join(', '),
    })),
  };
  pages.push({ path, title, description, position: 7, markdown: render('changelog-index.md', view) });
  return pages;
}

/**
 * One page per RFC: its metadata, then the RFC's own text, section by section. Each numbered section has an
 * explicit anchor (`section-4-1`), which resolves on GitHub and in VitePress alike (their heading slugs differ), so
 * every "Source" link lands on the section; under each heading, the names the section states, for the reader.
 */
function rfcPages(d: Docs): DocPage[] {
  const m = d.model;
  return m.rfcs.map((rfc, i) => {
    const path = rfcPage(rfc.id);
    const title = `${rfc.id}: ${rfc.title}`;
    const description = plainText(rfc.summary).split(/(?<=\.)\s/)[0] ?? rfc.title;
    const items: { section: string | null; label: string }[] = [];
    const put = (s: Source, label: string) => { if (s.document === rfc.id) items.push({ section: s.section, label }); };
    for (const t of m.types) {
      put(t.source, `type ${code(t.name)}`);
      if (t.kind === 'record') for (const f of t.fields) put(f.source, `field ${code(`${t.name}.${f.name}`)}`);
    }
    for (const s of m.states) put(s.source, `state ${code(s.field)}`);
    for (const x of m.removed) put(x.source, `removed ${code(`${x.from}.${x.name}`)}`);
    for (const r of m.roles) put(r.source, `role ${code(r.name)}`);
    put(m.roleRules.source, 'the role rules');
    for (const n of m.notReported) put(n.source, `not reported: ${n.name}`);
    for (const a of m.attributes) put(a.source, `attribute ${code(a.name)}`);
    for (const o of m.operations) put(o.source, `operation ${code(o.name)}`);
    for (const r of m.requirements) put(r.source, `requirement ${r.id}`);
    for (const e of m.examples) put(e.source, 'an example answer');
    for (const p of m.privacy) put(p.source, `privacy: ${plainText(p.subject)}`);
    // The text before the first heading is the summary and the metadata, shown above from the model's fields.
    const linked = d.linkedBodies.get(rfc.id) ?? [];
    const parts = rfc.body.flatMap((part, index) => {
      const h = part.heading;
      if (!h) return [];
      const defines = h.number ? items.filter((x) => x.section === h.number).map((x) => x.label) : [];
      return [{
        anchor: h.number ? slugify(sectionHeading(h.number)) : null,
        heading: `${'#'.repeat(Math.min(6, h.depth))} ${h.text}`,
        defines: defines.join(', '),
        markdown: linked[index] ?? part.markdown,
      }];
    });
    const view = {
      ...d.front(path, title, description, 20 + i),
      title,
      summary: cell(rfc.summary),
      file: rfc.source.file,
      metadata: Object.entries(rfc.metadata).map(([k, v]) => ({ key: cell(k), value: cell(v) })),
      effect: rfc.effect,
      from: rfc.from ?? '—',
      version: rfc.version,
      changelog: link(path, `changelog/${rfc.version}.md`),
      parts,
    };
    return { path, title, description, position: 20 + i, markdown: render('rfc.md', view) };
  });
}

function checkerPage(d: Docs): DocPage {
  const path = 'checker.md';
  const title = 'Answer checker';
  const description = `Check an answer of protocol ${d.model.protocolVersion} in the browser: its verdict, its findings and its tree.`;
  // The findings catalogue, so that the site shows every finding a checker can give, in the words it gives them.
  const findings = FINDINGS.map((f) => ({ id: code(f.id), rule: code(f.rule), severity: f.severity, message: cell(code(f.message)) }));
  const view = { ...d.front(path, title, description, 10), title, version: d.model.protocolVersion, findings };
  return { path, title, description, position: 10, markdown: render('checker.md', view) };
}

function schemasPage(d: Docs): DocPage {
  const path = 'schemas.md';
  const title = 'JSON Schemas';
  const description = `The answer's JSON Schemas of protocol ${d.model.protocolVersion}, strict and lenient, and what the strict one refuses.`;
  const { strict, lenient } = d.schemas();
  const titleOf = (f: PublishedFile) => String((JSON.parse(f.contents) as { title?: unknown }).title ?? f.path);
  const view = {
    ...d.front(path, title, description, 11),
    title,
    version: d.model.protocolVersion,
    typesLink: 'element.md',
    current: [
      ...(strict ? [{ title: cell(titleOf(strict)), for: 'What a provider sends', file: code(posix.basename(strict.path)), href: `/${strict.path}` }] : []),
      ...(lenient ? [{ title: cell(titleOf(lenient)), for: 'What a receiver reads', file: code(posix.basename(lenient.path)), href: `/${lenient.path}` }] : []),
    ],
    refusals: strict && lenient ? schemaDifferences(JSON.parse(strict.contents), JSON.parse(lenient.contents)) : [],
    outputSchema: lenient ? code(posix.basename(lenient.path)) : null,
    fallbackRole: code(d.model.roleRules.unknown),
    checkOnly: checkOnlyRequirements(d.model, d.vectors).map((r) => ({
      id: r.id, href: link(path, 'conformance.md', anchors.requirement(r.id)), requirement: cell(sentence(r.requirement)), rule: code(r.rule ?? ''),
    })),
    versions: [...d.context.versions].reverse().map((v) => {
      const own = d.schemas(v.protocolVersion);
      return {
        version: v.protocolVersion,
        files: [own.strict && { label: 'strict', href: `/${own.strict.path}` }, own.lenient && { label: 'lenient', href: `/${own.lenient.path}` }].filter(Boolean),
      };
    }),
  };
  return { path, title, description, position: 11, markdown: render('schemas.md', view) };
}

/** A JSON value in one table cell: compact, cut at 160 characters. */
function jsonCell(value: unknown): string {
  if (value === undefined) return '—';
  const text = JSON.stringify(value);
  return cell(code(text.length > 160 ? `${text.slice(0, 157)}...` : text));
}

/** Every keyword where the strict schema differs from the lenient one, by its JSON Pointer; titles and ids aside. */
export function schemaDifferences(strict: unknown, lenient: unknown, where = ''): { where: string; strict: string; lenient: string }[] {
  const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  if (!isObject(strict) || !isObject(lenient)) {
    return JSON.stringify(strict) === JSON.stringify(lenient) ? [] : [{ where: code(where || '/'), strict: jsonCell(strict), lenient: jsonCell(lenient) }];
  }
  // JSON Schema's meta-data keywords and ids say nothing an answer is checked against.
  const words = new Set([...metadataVocabulary.filter((k): k is string => typeof k === 'string'), '$id', '$comment']);
  const keys = [...new Set([...Object.keys(strict), ...Object.keys(lenient)])].filter((k) => !words.has(k));
  return keys.flatMap((k) => schemaDifferences(strict[k], lenient[k], `${where}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`));
}

function versionsPage(d: Docs): DocPage {
  const path = 'versions.md';
  const title = 'Versions';
  const description = 'Every protocol version side by side: its changelog, its types and roles, its schemas and its model.';
  const modelFile = (v: string) => d.published.find((f) => f.path.startsWith('model/') && posix.basename(f.path) === `${v}.json`);
  const fileLink = (label: string, f: PublishedFile | undefined) => (f ? `[${label}](/${f.path})` : '—');
  const view = {
    ...d.front(path, title, description, 12),
    title,
    current: d.model.protocolVersion,
    sdkVersion: publishingOf(d.context).sdkVersion,
    sdkTable: sdkVersionTable(publishingOf(d.context), d.model),
    versions: [...d.context.versions].reverse().map((v) => {
      const own = d.schemas(v.protocolVersion);
      return {
        version: v.protocolVersion,
        anchor: slugify(`Version ${v.protocolVersion}`),
        rfcs: v.rfcs.filter((r) => r.version === v.protocolVersion).map((r) => `[${r.id}](${link(path, rfcPage(r.id))})`).join(', ') || '—',
        changelog: link(path, `changelog/${v.protocolVersion}.md`),
        strict: fileLink(posix.basename(own.strict?.path ?? ''), own.strict),
        lenient: fileLink(posix.basename(own.lenient?.path ?? ''), own.lenient),
        model: fileLink(`${v.protocolVersion}.json`, modelFile(v.protocolVersion)),
        records: v.types.flatMap((t) => (t.kind === 'record' ? [t] : [])).map((r) => ({
          name: r.name,
          fields: r.fields.map((f) => ({ name: code(f.name), type: code(f.notation), required: f.required ? 'yes' : 'no', since: f.since, meaning: cell(sentence(f.meaning)) })),
        })),
        roles: v.roles.map((r) => code(r.name)).join(', '),
      };
    }),
  };
  return { path, title, description, position: 12, markdown: render('versions.md', view) };
}

/** Every page and example, as data. `published` are the schemas and models the site serves (they are linked). */
export function buildDocs(model: CanonicalModel, context: EmitSettings, vectors: readonly Vector[], published: readonly PublishedFile[] = []): DocsOutput {
  const d = new Docs(model, context, vectors, published);
  const exs = examples(d);
  const pages = [
    indexPage(d, exs),
    elementPage(d),
    rolesPage(d),
    applePage(d),
    attributesPage(d),
    conformancePage(d, exs),
    checkerPage(d),
    schemasPage(d),
    versionsPage(d),
    ...migrationPages(d),
    ...changelogPages(d),
    ...rfcPages(d),
  ];
  return { pages, examples: exs };
}

/** The schemas and models of the other targets, as the site publishes them (under VitePress's public/ folder). */
export function publishedFiles(schema: readonly GeneratedFile[], model: readonly GeneratedFile[]): PublishedFile[] {
  const json = (f: GeneratedFile) => f.path.endsWith('.json');
  return [...schema.filter(json), ...model.filter((f) => json(f) && !f.path.endsWith('.schema.json'))];
}

/**
 * generated/docs/: a VitePress site's source. The pages are Markdown with front matter (Docusaurus and MkDocs take
 * them as they are), with the example files; `.vitepress/` holds the config (navigation, local search, edit links)
 * and a small theme (the answer checker); `public/` the schemas and models, served as they are.
 */
export async function emitDocs(model: CanonicalModel, context: EmitContext): Promise<TargetResult<SharedData['docs']>> {
  const { data } = await context.needed('conformance');
  const published = publishedFiles((await context.needed('schema')).files, (await context.needed('model')).files);
  const docs = buildDocs(model, context, data?.vectors ?? [], published);
  const files: GeneratedFile[] = docs.pages.map((p) => ({ path: `docs/${p.path}`, contents: p.markdown }));
  for (const ex of docs.examples) files.push({ path: `docs/examples/${ex.file}`, contents: ex.json });
  for (const f of published) files.push({ path: `docs/public/${f.path}`, contents: f.contents });
  const generated = `Generated by element-spec from spec/ (protocol ${model.protocolVersion}); do not edit. Regenerate with \`${context.regenerate}\`.`;
  files.push({ path: 'docs/.vitepress/config.mts', contents: render('config.mts', { generated, json: JSON.stringify(siteConfig(model, docs.pages), null, 2) }) });
  files.push(...themeFiles(generated).map((f) => ({ path: `docs/.vitepress/theme/${f.path}`, contents: f.contents })));
  return { files, diagnostics: [], data: docs };
}
